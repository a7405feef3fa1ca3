"""Admin actions that call services: the form page an action asks its input on, and the
service calls run all or nothing, a refusal shown as an admin message (Django's
``delete_selected`` pattern). Shared by the admins of clubs, battles and campaigns.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable

from django import forms
from django.contrib import admin, messages
from django.db import transaction
from django.db.models import QuerySet
from django.template import engines
from django.template.response import TemplateResponse

from config.errors import DomainError
from eventstore.errors import EventStoreError
from rules.core.errors import RuleError

#: What a service raises to refuse a command (the API turns them into 4xx answers).
SERVICE_ERRORS = (DomainError, RuleError, EventStoreError)

_ACTION_PAGE = """{% extends "admin/base_site.html" %}{% load admin_urls l10n %}
{% block bodyclass %}{{ block.super }} app-{{ opts.app_label }} model-{{ opts.model_name }}{% endblock %}
{% block breadcrumbs %}<div class="breadcrumbs"><a href="{% url 'admin:index' %}">Home</a>
&rsaquo; <a href="{% url opts|admin_urlname:'changelist' %}">{{ opts.verbose_name_plural|capfirst }}</a>
&rsaquo; {{ title }}</div>{% endblock %}
{% block content %}<div id="content-main">
<p>{{ intro }}</p>
<ul>{% for obj in objects %}<li>{{ obj }}</li>{% endfor %}</ul>
<form method="post">{% csrf_token %}
{{ form.non_field_errors }}
<fieldset class="module aligned">{% for field in form.visible_fields %}
<div class="form-row">{{ field.errors }}<div class="flex-container">{{ field.label_tag }} {{ field }}</div>
{% if field.help_text %}<div class="help">{{ field.help_text }}</div>{% endif %}</div>
{% endfor %}</fieldset>
{% for field in form.hidden_fields %}{{ field }}{% endfor %}
{% for obj in objects %}<input type="hidden" name="_selected_action" value="{{ obj.pk|unlocalize }}">{% endfor %}
<input type="hidden" name="action" value="{{ action }}">
<div class="submit-row"><input type="submit" name="apply" value="{{ submit }}" class="default">
<a href="{% url opts|admin_urlname:'changelist' %}" class="closelink">Cancel</a></div>
</form></div>{% endblock %}"""


def action_page(
    model_admin: admin.ModelAdmin,
    request,
    objects: Iterable,
    *,
    form: forms.Form,
    title: str,
    intro: str,
    submit: str,
) -> TemplateResponse:
    """The intermediate page of an admin action: the selected objects and a form that posts
    back to the same action (Django's ``delete_selected`` pattern)."""
    context = {
        **model_admin.admin_site.each_context(request),
        "opts": model_admin.model._meta,
        "title": title,
        "intro": intro,
        "objects": list(objects),
        "form": form,
        "submit": submit,
        "action": request.POST.get("action", ""),
    }
    return TemplateResponse(request, engines["django"].from_string(_ACTION_PAGE), context)


def call_services(
    model_admin: admin.ModelAdmin, request, calls: Iterable[Callable[[], object]], *, done: str
) -> bool:
    """Run service calls in one transaction: all of them, or (on the first refusal, shown as
    an error message) none of them."""
    try:
        with transaction.atomic():
            for call in calls:
                call()
    except SERVICE_ERRORS as error:
        model_admin.message_user(request, str(error), messages.ERROR)
        return False
    model_admin.message_user(request, done, messages.SUCCESS)
    return True


def form_action(
    model_admin: admin.ModelAdmin,
    request,
    queryset: QuerySet,
    *,
    form_class: type[forms.Form],
    calls: Callable[[dict], Iterable[Callable[[], object]]],
    title: str,
    intro: str,
    submit: str,
    done: str,
    form_kwargs: dict | None = None,
):
    """An action that asks for input first: show the form; once it is valid, run the service
    calls ``calls(cleaned_data)`` gives. On a refusal the form is shown again with the error."""
    form = form_class(request.POST if "apply" in request.POST else None, **(form_kwargs or {}))
    if (form.is_bound and form.is_valid()
            and call_services(model_admin, request, calls(form.cleaned_data), done=done)):
        return None  # back to the change list, with the message
    return action_page(model_admin, request, queryset, form=form, title=title, intro=intro,
                       submit=submit)
