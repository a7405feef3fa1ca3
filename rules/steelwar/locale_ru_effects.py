"""The Steel War's battle-log sentences in Russian, in the rulebook's terms.

The fold writes every effect's English sentence (``rules.steelwar.effects``) and stores its
``kind``, ``unit`` and ``data`` with it. Building a translatable sentence object for every
effect would cost the fold about a fifth of a fact (docs/benchmarks.md, "Rules fold"), so the
Russian is written here, at page time, from the kind and the data: units and figures by the
page's names (:class:`rules.core.terms.Names`), rule words by the labels of ``locale_ru``.
A sentence is built around a colon ("1-е отделение: подавление…") so that it reads right
whatever a squad's name is (no verb has to agree with it).

:func:`sentence` gives ``None`` when the data lacks something the sentence needs (rows stored
before a key was added), and the page shows the stored English instead.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from rules.core.terms import Names
from rules.steelwar import tables
from rules.steelwar.locale_ru import LABELS

_TESTS = {
    "reaction": "тест на реакцию",
    "morale": "тест на боевой дух",
    "panic": "тест на панику",
    "charge": "тест на атаку",
    "command": "командирский тест",
    "comms": "тест на связь",
    "rally": "тест на воодушевление",
}
_MOVES = {"normal": "обычное движение", "combat": "боевое движение", "march": "походный порядок"}
_FIRE = {"no_effect": "без эффекта", "suppress": "подавление",
         "suppress_and_hits": "подавление и попадания"}
_HIT = {
    "unharmed": "без эффекта: спасли каска, бронежилет или удача",
    "ok": "без эффекта",
    "no_effect": "без эффекта: спасли каска, бронежилет или удача",
    "killed": "убит",
    "unchecked_casualty": "ранен (непроверенная потеря до реорганизации, §2.11)",
    "wounded": "ранен",
    "lost_suit": "ранен: теряет силовую броню и сражается дальше как обычный боец (§2.8)",
    "lost_horse": "ранен: теряет коня и сражается пешим (§2.8)",
    "weapon_destroyed": "уничтожено (не потеря для боевого духа, §2.9)",
    "immobilised": "обездвижен: больше не двигается, но стреляет (§2.9)",
    "destroyed": "уничтожен (§2.9)",
}
_WOUNDED_FATE = {
    "killed": "умирает от ран",
    "stabilised": "стабилизирован: не может сражаться и двигаться сам, его нужно нести или "
                  "оставить в безопасном месте до эвакуации",
    "returned_to_duty": "возвращается в строй",
}
_MELEE_FATE = {"killed": "убит", "wounded": "ранен", "unharmed": "невредим"}
_MELEE_OUTCOME = {"killed": "погибает", "prisoner": "попадает в плен",
                  "returned_to_duty": "возвращается в строй",
                  "unchecked_casualty": "становится непроверенной потерей"}
_SIGHTED = {"enemy_unit_first_seen": "впервые видит противника",
            "enemy_armour_first_seen": "впервые видит бронетехнику противника"}
_TRIGGERS = {"first_suppressed": "первое подавление", "first_casualty": "первая потеря",
             "squad_casualty": "потери отделения"}
_NO_STEP_BACK = "«Ни шагу назад!»"


class _Effect:
    """One stored effect as the sentences read it: ``e.unit``, ``e["key"]`` of its data (a
    missing key raises ``KeyError``: no sentence), units and figures by name."""

    def __init__(self, effect: Mapping, names: Names) -> None:
        self.kind = effect["kind"]
        self.unit_id = effect.get("unit")
        self.data = effect.get("data") or {}
        self.names = names

    def __getitem__(self, key: str):
        return self.data[key]

    def get(self, key: str, default=None):
        return self.data.get(key, default)

    @property
    def unit(self) -> str:
        return self.names.unit(self.unit_id)

    def name(self, key: str) -> str:
        """The unit named by data ``key``."""
        return self.names.unit(self[key])

    def figure(self, key: str = "figure", unit: str | None = None) -> str:
        """The figure named by data ``key``, of ``unit`` (the effect's own by default)."""
        return self.names.figure(unit or self.unit_id, self[key])


def _grade(grade: str) -> str:
    return LABELS["morale"].get(grade, grade)


def _passed(passed: bool) -> str:
    return "пройден" if passed else "провален"


def _dice(sides) -> str:
    return " + ".join(f"к{s}" for s in sides)


def _rule(e: _Effect) -> str:
    return f" ({e['rule']})"


def _test(e: _Effect) -> str:
    test = _TESTS.get(e.kind.removesuffix("_test"), e.kind.replace("_", " "))
    if e.get("automatic"):
        why = f": {_NO_STEP_BACK}" if e.get("why") == "Not one step back!" else ""
        return f"{e.unit}: {test} пройден автоматически{why}{_rule(e)}"
    return (f"{e.unit}: {test} {_passed(e['passed'])}: к{e['die']} — выпало {e['roll']}, "
            f"нужно больше {e['threshold']}{_rule(e)}")


def _comms(e: _Effect) -> str:
    if e.get("automatic"):
        return (f"{e.unit} на связи с подразделением {e.name('squad')} без теста на связь "
                "(§2.18)")
    return _test(e)


def _suppressed(e: _Effect) -> str:
    if e["added"]:
        return f"{e.unit}: подавление (маркеров подавления: {e['markers']})"
    return f"{e.unit}: уже 3 маркера подавления, больше не бывает (§2.7)"


def _suppression_removed(e: _Effect) -> str:
    if "removed" in e.data:
        return f"{e.unit}: все маркеры подавления ({e['removed']}) сняты разом (§3.6)"
    return f"{e.unit}: снят маркер подавления (осталось: {e['markers']})"


def _moved(e: _Effect) -> str:
    mode = _MOVES.get(e["mode"], e["mode"])
    if e["distance"] is not None:
        return f"{e.unit}: {mode} на {e['distance']:g}\""
    return f"{e.unit}: {mode}, можно пройти до {e['allowance']}\""


def _fire_result(e: _Effect) -> str:
    beats = e["beats"]
    return (f"{e.name('shooter')}: выпало {', '.join(map(str, e['shooter_rolls']))} против "
            f"{e['target_roll']} у цели {e.unit}; кубов выше: {beats} — "
            f"{_FIRE[e['outcome']]} (§2.6)")


def _potential_hits(e: _Effect) -> str:
    how = (f" ({e['faces']}/{e['target_faces']}, с округлением половины вверх, §2.8)"
           if "faces" in e.data else " (§2.8)")
    return f"{e.unit}: возможных попаданий — {e['hits']}{how}"


def _hit_resolved(e: _Effect) -> str:
    outcome = _HIT[e.get("outcome") or e["result"]]
    return (f"{e.figure()}: мощь к{e['power']} — выпало {e['power_roll']} против брони "
            f"к{e['armour']} — {e['armour_roll']}: {outcome}")


def _commander_replaced(e: _Effect) -> str:
    old, new = e["old_leadership"], e["leadership"]
    change = "хуже" if new > old else ("лучше" if new < old else "без изменений")
    return (f"{e.figure()} принимает командование подразделением {e.unit}: к6 — выпало "
            f"{e['roll']}, лидерство {old} → {new} ({change}, §2.9)")


def _morale_changed(e: _Effect) -> str:
    return f"{e.unit}: боевой дух {_grade(e['from'])} → {_grade(e['to'])}"


def _morale_test(e: _Effect) -> str:
    lost = e["grades_lost"]
    result = "пройден" if lost == 0 else f"провален, потеряно уровней боевого духа: {lost}"
    die = f"к{e['die']} — " if "die" in e.data else ""
    return (f"{e.unit}: тест на боевой дух (нужно больше {e['threshold']}): {die}выпало "
            f"{e['roll']}, {result} (§2.12)")


def _reorganised(e: _Effect) -> str:
    seen = (f"; осмотрено непроверенных потерь: {e['unchecked']}" if e["unchecked"] else "")
    return f"{e.unit}: реорганизация, бойцы собираются вокруг командира{seen} (§2.11)"


def _wounded_fate(e: _Effect) -> str:
    roll, bonus = e["roll"], e["bonus"]
    modified = f" {'+' if bonus >= 0 else '-'} {abs(bonus)} = {roll + bonus}" if bonus else ""
    return (f"{e.figure()}: к6 — выпало {roll}{modified}, {_WOUNDED_FATE[e['fate']]} "
            "(§2.11)")


def _rally(e: _Effect) -> str:
    return (f"{e.unit}: тест на воодушевление от {e['officer']} {_passed(e['passed'])}: "
            f"к{e['die']} — выпало {e['roll']}, нужно больше {e['threshold']} (§2.18)")


def _psi_power(e: _Effect) -> str:
    row = tables.PSI_POWERS.get(e["power"])
    power = row.name_ru if row else e["power"].replace("_", " ")
    if "roll" not in e.data:
        return f"{e.figure()}: {power} на подразделение {e.name('target')} — срабатывает всегда (§3.6)"
    works = "срабатывает" if e["passed"] else "не срабатывает"
    return (f"{e.figure()}: {power} на подразделение {e.name('target')} (зона {e['zone']}, "
            f"пси-куб к{e['die']}): выпало {e['roll']}, способность {works} (§2.16)")


def _activation_lost(e: _Effect) -> str:
    if e["already_activated"]:
        return f"{e.unit}: уже активировано в этот ход, ничего не меняется{_rule(e)}"
    return f"{e.unit}: теряет активацию в этот ход{_rule(e)}"


def _charge_moved(e: _Effect) -> str:
    rest = (f"до цели {e.name('target')} {e['remaining']:g}\": контакт" if e["contact"] else
            f"до цели {e.name('target')} {e['remaining']:g}\": не хватает до 2\"")
    return (f"{e.unit}: атака на {e['allowance']}\" (2к6 — выпало "
            f"{'+'.join(map(str, e['rolls']))}), {rest} (§2.10)")


def _melee_contact(e: _Effect) -> str:
    fearsome = ", вся угроза удвоена: атакующие внушают страх" if e["fearsome"] else ""
    return (f"{e.name('attacker')} вступает в рукопашную с {e.unit}: {e['attackers']} против "
            f"{e['defenders']}, численный перевес +{e['outnumbering']}{fearsome}; угроза "
            f"{e['threat']} для теста на боевой дух (§2.10)")


def _melee_paired(e: _Effect) -> str:
    attacker, defender = e.unit_id, e["defender"]
    pairs = ", ".join(f"{e.names.figure(attacker, a)} против {e.names.figure(defender, d)}"
                      for a, d in e["pairs"])
    return f"пары в рукопашной: {pairs} (§2.10)"


def _melee_rolled(e: _Effect) -> str:
    attacker, defender = e.unit_id, e["defender"]

    def who(qid: str) -> str:  # "attacker.<figure id>" or "defender.<figure id>"
        side, _, fid = qid.partition(".")
        return e.names.figure(attacker if side == "attacker" else defender, fid)

    fights = "; ".join(f"{who(a)} — {ra}, {who(d)} — {rd}" for a, ra, d, rd in e["ids"])
    fallen = ", ".join(who(q) for q in e["fallen_ids"]) or "никто"
    return f"рукопашная: {fights}; выбывают: {fallen} (§2.10)"


def _melee_over(e: _Effect) -> str:
    what = (f"отходит на 6\" от {e.name('winner')}" if e["falls_back"] else "выходит из боя")
    return f"{e.unit} {what}; {e.name('winner')} удерживается, рукопашная окончена (§2.10)"


def _melee_fate(e: _Effect) -> str:
    return (f"{e.figure()}, выбывший в рукопашной: к6 — выпало {e['roll']}, "
            f"{_MELEE_FATE[e['fate']]}; {_MELEE_OUTCOME[e['outcome']]} (§2.10)")


def _enemy_in_sight(e: _Effect) -> str:
    armour = " (бронетехника)" if e["armoured"] else ""
    first = "".join(f"; {_SIGHTED[f]}" for f in e["first"])
    return f"{e.unit} видит {e.name('enemy')}{armour} в прямой видимости{first}"


def _no_morale_test(e: _Effect) -> str:
    why = ", ".join(_TRIGGERS.get(t, t.replace("_", " ")) for t in e["triggers"])
    return f"{e.unit}: тест на боевой дух не нужен ({why}: по таблице «Без теста», §3.4)"


def _squad_removed(e: _Effect) -> str:
    how = ("бойцы сдаются противнику ближе 12\"" if e["outcome"] == "surrendered"
           else "бойцы разбегаются")
    return f"{e.unit} снимается со стола: {how}{_rule(e)}"


SENTENCES: Mapping[str, Callable[[_Effect], str]] = {
    "activation_begun": lambda e: f"ход {e['turn']}: активируется {e.unit}",
    "activation_ended": lambda e: f"{e.unit}: активация окончена (действий использовано: "
                                  f"{e['actions_used']} из 2)",
    "turn_ended": lambda e: f"ход {e['turn']} окончен",
    **{f"{test}_test": _test for test in _TESTS},
    "comms_test": _comms,
    "suppressed": _suppressed,
    "suppression_ignored": lambda e: f"{e.unit}: {_NO_STEP_BACK}, маркер подавления не "
                                     "ставится (§2.15)",
    "suppression_removed": _suppression_removed,
    "moved": _moved,
    "move_short": lambda e: f"{e.unit}: выпало {e['rolled']}\", намеченный путь длиннее; "
                            "подразделение проходит по нему сколько может",
    "went_prone": lambda e: f"{e.unit}: залегание (+1 шаг куба дальности, §2.4)",
    "stood_up": lambda e: f"{e.unit}: выход из залегания",
    "action_lost": lambda e: f"{e.unit}: действие потрачено, повторить его в этот ход нельзя"
                             f"{_rule(e)}",
    "embarked": lambda e: f"{e.unit}: погрузка в {e.name('vehicle')}",
    "disembarked": lambda e: f"{e.unit}: выгрузка из {e.name('vehicle')}",
    "unlimbered": lambda e: f"{e.unit}: орудие отцеплено и развёрнуто (вся активация, §2.2)",
    "left_table": lambda e: f"{e.unit} уходит со стола через свой край",
    "fire_declared": lambda e: f"{e.unit}: огонь по {e.name('target')} (зона {e['zone']}): "
                               f"{_dice(e['shooter_dice'])} против куба дальности "
                               f"к{e['range_die']}",
    "fire_result": _fire_result,
    "potential_hits": _potential_hits,
    "allocation_rolled_again": lambda e: f"попадание {e['hit']}: выпало {e['roll']}, фигур "
                                         "меньше — перебросить (§2.8)",
    "hit_allocated": lambda e: f"попадание приходится на: {e.figure()}",
    "surplus_hits": lambda e: f"лишних попаданий: {e['lost']} — в подразделении {e.unit} не "
                              "осталось фигур, чтобы их принять (§2.8)",
    "hit_resolved": _hit_resolved,
    "backpack_exploded": lambda e: f"{e.figure()}: попадание — ранцевый огнемёт взрывается и "
                                   "убивает его; все в 4\" получают попадание огнемёта (§2.9)",
    "commander_replaced": _commander_replaced,
    "no_successor": lambda e: f"в подразделении {e.unit} некому принять командование (§2.9)",
    "wiped_out": lambda e: f"{e.unit}: не осталось боеспособных фигур",
    "ammo_spent": lambda e: f"{e.figure()}: осталось выстрелов — {e['ammo']} (§2.5)",
    "morale_changed": _morale_changed,
    "morale_at_ceiling": lambda e: f"{e.unit}: боевой дух остаётся {_grade(e['from'])} — он не "
                                   "поднимается выше исходного (§2.12)",
    "morale_test": _morale_test,
    "no_morale_test": _no_morale_test,
    "enemy_in_sight": _enemy_in_sight,
    "reorganised": _reorganised,
    "wounded_fate": _wounded_fate,
    "rally_test": _rally,
    "no_panic_test": lambda e: f"{e.unit}: теста на панику нет",
    "panicking": lambda e: f"{e.unit}: паника — в своих активациях может лишь пытаться выйти "
                           "из неё, на это уходит вся активация (§2.14)",
    "panic_ended": lambda e: f"{e.unit}: паника кончилась"
                             + (", больше паники в этой битве не будет" if e["panic_immune"]
                                else "") + " (§2.14)",
    "no_step_back_test": lambda e: f"{e.unit}: тест {_NO_STEP_BACK} {_passed(e['passed'])}: "
                                   f"к{e['die']} — выпало {e['roll']}, нужно {e['needed']} "
                                   "или больше (§2.15)",
    "no_step_back": lambda e: f"{e.unit}: {_NO_STEP_BACK} — боевого духа больше нет, любые тесты "
                              "на боевой дух и реакцию пройдены, маркеры подавления не "
                              "ставятся, в рукопашной внушает страх"
                              + (f"; снято маркеров подавления: {e['markers_removed']}"
                                 if e["markers_removed"] else "") + " (§2.15)",
    "squad_removed": _squad_removed,
    "no_step_back_ended": lambda e: f"в поле зрения {e.unit} не осталось противников, кроме "
                                    f"разбитых: {_NO_STEP_BACK} кончается, боевой дух — "
                                    f"{_grade(e['morale'])} (§2.15)",
    "psi_power": _psi_power,
    "activation_lost": _activation_lost,
    "comrade_fires": lambda e: f"{e.figure('shooter')} под контролем псионика стреляет: "
                               f"{e.figure('victim')} (§3.6)",
    "charge_refused": lambda e: f"{e.unit}: атаки на {e.name('target')} не будет — тест на "
                                "атаку провален, вся активация потеряна (§2.10)",
    "charge_moved": _charge_moved,
    "charge_failed": lambda e: f"{e.unit}: атака на {e.name('target')} не удалась; "
                               + ("возвращается на исходную позицию" if e["back_to_start"]
                                  else "остаётся там, где остановилось") + " (§2.10)",
    "no_free_shot": lambda e: f"{e.unit}: свободного выстрела по {e.name('attacker')} нет",
    "surrendered": lambda e: (f"{e.unit}: Бегущий, противник ({e.name('to')}) рядом — "
                              "сдаётся (§2.12)") if "to" in e.data else
                             f"{e.unit}: боевой дух падает ниже Бегущего — сдаётся (§2.12)",
    "melee_contact": _melee_contact,
    "melee_round": lambda e: f"ход {e['turn']}: рукопашная между {e.unit} и "
                             f"{e.name('defender')} продолжается (§2.10)",
    "melee_paired": _melee_paired,
    "melee_rolled": _melee_rolled,
    "melee_goes_on": lambda e: f"ни {e.unit}, ни {e.name('defender')} не уступают: рукопашная "
                               "продолжится в следующий ход (§2.10)",
    "melee_over": _melee_over,
    "melee_fate": _melee_fate,
}


def sentence(effect: Mapping, names: Names) -> str | None:
    """The Russian sentence of a stored effect (``{"kind", "text", "unit", "data"}``), or
    ``None`` when its kind has none or its data lacks what the sentence needs."""
    write = SENTENCES.get(effect.get("kind", ""))
    if write is None:
        return None
    try:
        return write(_Effect(effect, names))
    except (KeyError, TypeError, ValueError):
        return None
