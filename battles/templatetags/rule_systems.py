"""``{{ battle.rule_system|system_name }}``: a rule system by its own name in the page's
language ("Стальная война"), from its terms (``rules.core.terms.SYSTEM``); the id when the
system is not installed or names itself nowhere."""
from django import template
from django.utils.translation import get_language

from rules.core import registry
from rules.core.errors import RuleError
from rules.core.terms import SYSTEM

register = template.Library()


@register.filter
def system_name(system_id: str) -> str:
    try:
        terms = registry.terms(system_id)
    except RuleError:
        return system_id
    return terms.label(SYSTEM, system_id, get_language() or "en") or system_id
