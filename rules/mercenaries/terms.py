"""Mercenaries' words in English and Russian (the source's own terms: Личность, Статист,
Дикая кость, фишка, Шок, проверка на прочность...), found through
``rules.core.registry.terms("mercenaries")``."""

from __future__ import annotations

import re

from rules.core.markers import MARKER
from rules.core.terms import (
    ACTION,
    DECISION,
    DICE,
    ERROR,
    OPTION,
    OUTCOME,
    PARAMETER,
    PENDING,
    READING,
    READING_TEXT,
    READING_VALUE,
    SYSTEM,
    UNIT_FACT,
    Terms,
    language_of,
    reading_texts,
)
from rules.mercenaries import options


def _both(en: str, ru: str) -> dict[str, str]:
    return {"en": en, "ru": ru}


LABELS = {
    SYSTEM: {"mercenaries": _both("Mercenaries: Banana Hell", "Наемники: Банановый ад")},
    ACTION: {
        "move": _both("move one cell", "переместиться на клетку"),
        "run": _both("run two cells", "бежать на две клетки"),
        "go_prone": _both("go prone", "залечь"),
        "stand_up": _both("stand up", "встать"),
        "shoot": _both("shoot", "стрелять"),
        "fight": _both("melee attack", "атака в ближнем бою"),
        "reload": _both("reload (the whole turn)", "перезарядиться (весь ход)"),
        "end_turn": _both("end the side's turn", "закончить ход стороны"),
        # fire in play (play_fire, play_area)
        "auto_fire": _both("automatic fire", "автоматический огонь"),
        "suppressive_fire": _both("suppressive fire", "огонь на подавление"),
        "area_attack": _both("area attack", "атака по площади"),
        "lobbed_attack": _both("lobbed attack", "атака навесом"),
        # crawling, stealth and the manoeuvres (§2.3, §2.17, §2.27)
        "crawl": _both("crawl one position", "ползти на одну позицию"),
        "hide": _both("hide", "замаскироваться"),
        "search": _both("search for a hidden enemy", "искать спрятавшегося"),
        "wild_attack": _both("wild attack", "яростная атака"),
        "called_shot": _both("called shot", "прицельная атака (выстрел)"),
        "called_blow": _both("called blow", "прицельная атака (удар)"),
        "drop_shot": _both("shot with the Drop", "выстрел: застать врасплох"),
        "drop_blow": _both("blow with the Drop", "удар: застать врасплох"),
        "nonlethal_blow": _both("non-lethal blow", "несмертельный удар"),
        "defend": _both("defend", "оборона"),
        "grapple": _both("grapple", "захват"),
        "crush": _both("hurt the one he holds", "нанести раны захваченному"),
        "break_free": _both("break free", "вырваться из захвата"),
        "trick": _both("trick", "уловка"),
        "intimidate": _both("intimidate (test of will)", "запугивание (поединок воли)"),
        "taunt": _both("taunt (test of will)", "провокация (поединок воли)"),
        "finish_off": _both("finish off", "добивание"),
        "double_tap": _both("double tap", "двойной выстрел"),
        "rapid_attack": _both("rapid attack", "быстрая атака"),
        "off_hand_blow": _both("blow with the other hand", "атака второй рукой"),
        "off_hand_shot": _both("shot with the other hand", "выстрел второй рукой"),
        "unstable_shot": _both("shot from an unstable platform", "выстрел с ненадёжной опоры"),
        "disarm": _both("disarm", "обезоруживание"),
        "short_burst": _both("short burst", "короткая очередь"),
    },
    PARAMETER: {
        "to": _both("to cell", "в клетку"),
        "target": _both("target", "цель"),
        # fire in play (play_fire, play_area)
        "targets": _both("targets", "цели"),
        "cells": _both("cells, one a roll", "клетки, по одной на бросок"),
        "cells.{n}": _both("cell of the {nth} roll", "клетка {nth} броска"),
        "with": _both("with", "чем"),
        "at": _both("at", "куда"),
        "spotter": _both("spotter", "наводчик"),
        "direction": _both("direction", "направление"),
        "part": _both("part of the body", "часть тела"),
        "attack": _both("attack", "атака"),
        "attacks": _both("attacks", "атак"),
        "slot": _both("weapon", "оружие"),
    },
    PENDING: {
        "attack": _both("attack", "атака"),
        "unshake": _both("recovery from Shaken", "выход из шока"),
        # fire in play (play_fire, play_area)
        "auto_fire": _both("automatic fire", "автоматический огонь"),
        "suppressive_fire": _both("suppressive fire", "огонь на подавление"),
        "suppression": _both("check under suppressive fire",
                             "проверка под огнём на подавление"),
        "area_attack": _both("area or lobbed attack", "атака по площади или навесом"),
        "area_hit": _both("caught in an area attack", "под атакой по площади"),
        "tangle": _both("Agility check for more than two actions",
                        "проверка Ловкости за больше чем два действия"),
        "notice": _both("Notice roll", "проверка Внимания"),
        "opposed": _both("opposed roll", "встречный бросок"),
        "rapid": _both("the next attack of a rapid attack", "следующая атака быстрой атаки"),
        "disarm": _both("disarm", "обезоруживание"),
    },
    DICE: {
        "attack.trait": _both("attack trait die", "основной куб атаки"),
        "attack.wild": _both("attack Wild Die", "Дикая кость атаки"),
        "damage.weapon": _both("weapon damage dice", "кубы урона оружия"),
        "damage.strength": _both("Strength damage die", "куб Силы для урона"),
        "damage.raise": _both("raise damage d6", "урон за подъём, 1к6"),
        "soak.trait": _both("Vigor die of the soak roll",
                            "куб Выносливости проверки на прочность"),
        "soak.wild": _both("Wild Die of the soak roll", "Дикая кость проверки на прочность"),
        "unshake.trait": _both("recovery die (Spirit or base skill)",
                               "куб выхода из шока (Характер или базовый навык)"),
        "unshake.wild": _both("Wild Die of the recovery", "Дикая кость выхода из шока"),
        # fire in play (play_fire, play_area)
        "auto.trait": _both("Shooting dice of the burst, one a shot",
                            "кубы Стрельбы очереди, по кубу на выстрел"),
        "auto.wild": _both("Wild Die of the burst", "Дикая кость очереди"),
        "suppress.trait": _both("Shooting dice of suppressive fire, one a cell",
                                "кубы Стрельбы огня на подавление, по кубу на клетку"),
        "suppress.wild": _both("Wild Die of suppressive fire", "Дикая кость огня на подавление"),
        "suppression.trait": _both("check die under fire (Spirit or base skill)",
                                   "куб проверки под огнём (Характер или базовый навык)"),
        "suppression.wild": _both("Wild Die of the check under fire",
                                  "Дикая кость проверки под огнём"),
        "area.trait": _both("attack die of the area attack", "основной куб атаки по площади"),
        "area.wild": _both("Wild Die of the area attack", "Дикая кость атаки по площади"),
        "area.deviation": _both("deviation, 1d3 cells", "отклонение, 1к3 клеток"),
        "area.direction": _both("direction of the deviation (d8 or d12 clock)",
                                "направление отклонения (1к8 или 1к12 по часам)"),
        "area.bounce": _both("cells the grenade bounces back", "на сколько клеток отскочила граната"),
        "evade.trait": _both("Agility die to escape the blast", "куб Ловкости, чтобы избежать взрыва"),
        "evade.wild": _both("Wild Die to escape the blast", "Дикая кость, чтобы избежать взрыва"),
        "area_damage": _both("damage dice of the area attack", "кубы урона атаки по площади"),
        "spot.trait": _both("the spotter's Notice die", "куб Внимания наводчика"),
        "spot.wild": _both("the spotter's Wild Die", "Дикая кость наводчика"),
        "tangle.trait": _both("Agility die", "куб Ловкости"),
        "grip.trait": _both("the disarmed fighter's Strength die",
                            "куб Силы обезоруживаемого"),
        "grip.wild": _both("the disarmed fighter's Wild Die", "Дикая кость обезоруживаемого"),
        "tangle.wild": _both("Wild Die of the Agility check", "Дикая кость проверки Ловкости"),
        "notice.trait": _both("Notice die (an Extra: base skill)",
                              "куб Внимания (статист: базовый навык)"),
        "notice.wild": _both("Wild Die of the Notice roll", "Дикая кость проверки Внимания"),
        "opposed.trait": _both("the acting fighter's die", "куб действующего бойца"),
        "opposed.wild": _both("the acting fighter's Wild Die", "Дикая кость действующего бойца"),
        "resist.trait": _both("the opposing fighter's die", "куб противника"),
        "resist.wild": _both("the opposing fighter's Wild Die", "Дикая кость противника"),
    },
    DECISION: {
        "soak": _both("soak roll for a benny?", "проверка на прочность за фишку?"),
        "unshake": _both("out of Shaken: a benny or Spirit?", "выход из шока: фишка или Характер?"),
    },
    OPTION: {
        "soak": _both("spend a benny and roll Vigor", "потратить фишку и бросить Выносливость"),
        "take": _both("take the wounds", "принять раны"),
        "benny": _both("spend a benny", "потратить фишку"),
        "roll": _both("roll Spirit", "бросить Характер"),
        "strike": _both("strike first (his attack this turn)", "бить первым (его атака в этот ход)"),
        "wait": _both("do not strike", "не бить"),
    },
    OUTCOME: {"hit": _both("hit", "попадание"), "miss": _both("miss", "промах"),
              "raise": _both("on target with a raise", "точно в цель с подъёмом"),
              "on_target": _both("on target", "в цель"),
              "off_target": _both("off target", "мимо цели"),
              "spotted": _both("spotted", "обнаружен"),
              "not spotted": _both("not spotted", "не обнаружен"),
              "success": _both("success", "успех"), "failure": _both("failure", "провал"),
              "undecided": _both("undecided (dice past the enumerated depth)",
                                 "не решено (кубы сверх глубины перебора)"),
              "tangled": _both("tangled up", "запутался")},
    READING: {
        "hit_test": _both("the hit test", "проверка попадания"),
        "wound_on_shaken": _both("a wound on the Shaken", "рана бойцу в шоке"),
        "jungle_action": _both("jungle costs an action", "джунгли требуют действия"),
        "dice_explode": _both("dice explode", "кубы взрываются"),
        "twice_long": _both("exactly twice the long range", "ровно удвоенная дальняя дистанция"),
        # fire in play (play_fire, play_area)
        "suppression_cover": _both("cover in the suppression check",
                                   "укрытие в проверке под огнём на подавление"),
        "suppressive_auto_penalty": _both("automatic fire's -2 on suppressive fire",
                                          "штраф -2 автоматического огня при подавлении"),
        "area_tn": _both("an area attack's difficulty", "сложность атаки по площади"),
        "area_cover": _both("cover against an area attack", "укрытие против атаки по площади"),
    },
    READING_VALUE: {
        "meet_or_beat": _both("meet or beat Defence", "равно Защите или больше"),
        "exceed": _both("exceed Defence", "больше Защиты"),
        "no_extra_wound": _both("no extra wound", "без лишней раны"),
        "extra_wound": _both("one more wound", "ещё одна рана"),
        "extreme": _both("extreme range", "сверхдальняя дистанция"),
        "maximum": _both("maximum range", "предельная дистанция"),
        # fire in play (play_fire, play_area)
        "cover_value": _both("+2 prone, plus the cell's cover",
                             "+2 лёжа и бонус укрытия клетки"),
        "plus_two": _both("+2 prone, +2 in cover", "+2 лёжа, +2 в укрытии"),
        "instead": _both("adds to Armour instead", "прибавляется к Броне вместо штрафа"),
        "also": _both("also penalises the roll", "также штраф к атаке"),
    },
    UNIT_FACT: {
        "fighters": _both("fighters", "бойцы"),
        "fighting": _both("in the fight", "в бою"),
        "shaken": _both("Shaken", "в шоке"),
        "wounds": _both("wounds", "раны"),
        "out": _both("out of the fight", "вне боя"),
    },
    ERROR: {
        "bad_area": _both("The area of an area attack is wrong.", "Неверная область атаки."),
        "bad_camouflage": _both("Camouflage is worth 0 to +4.", "Камуфляж даёт от 0 до +4."),
        "bad_cover": _both("A cell's cover is 0, +1, +2 or +4.",
                           "Бонус укрытия клетки: 0, +1, +2 или +4."),
        "bad_crew": _both("A gun needs a crew.", "Орудию нужен расчёт."),
        "bad_group_share": _both("The share of a group is wrong.",
                                 "Неверная доля группы статистов."),
        "bad_weapon_ranges": _both("A weapon's ranges must grow.",
                                   "Дистанции оружия должны возрастать."),
        "cells_not_touching": _both("Suppressive fire's cells must touch.",
                                    "Клетки огня на подавление должны соприкасаться."),
        "diagonal_building": _both("A building is not entered diagonally.",
                                   "В здание нельзя войти по диагонали."),
        "empty_group": _both("A group needs Extras.", "В группе должны быть статисты."),
        "missing_trait": _both("The fighter lacks a trait die.", "У бойца нет этого куба."),
        "move_too_far": _both("The move is too long.", "Слишком длинное перемещение."),
        "not_adjacent": _both("The step is not to a neighbouring cell.",
                              "Шаг не в соседнюю клетку."),
        "not_in_melee_range": _both("Melee is only inside one cell.",
                                    "Ближний бой только внутри одной клетки."),
        "nothing_to_soak": _both("There are no wounds to soak.",
                                 "Нет ран для проверки на прочность."),
        "target_out_of_range": _both("The target is out of range.",
                                     "Цель вне досягаемости."),
        "too_far_to_notice": _both("Too far to notice.", "Слишком далеко для обнаружения."),
        "agility_check": _both("The action needs the Agility check first.",
                               "Действие требует сначала проверки Ловкости."),
        "too_many_actions": _both("Too many actions this turn.",
                                  "Слишком много действий за ход."),
        "trench_full": _both("The trench is full.", "Окоп заполнен."),
        "unknown_activity": _both("Unknown activity.", "Неизвестная активность."),
        "unknown_arms": _both("Unknown melee arms.", "Неизвестное оружие ближнего боя."),
        "unknown_called_shot": _both("Unknown called shot.", "Неизвестная прицельная атака."),
        "unknown_light_level": _both("Unknown light level.", "Неизвестная освещённость."),
        "unknown_manoeuvre": _both("Unknown manoeuvre.", "Неизвестный маневр."),
    },
}

#: The Russian of every sentence template of the package (same placeholders).
SENTENCES_RU = {
    "{n} actions is not a number of actions": "{n} действий — не число действий",
    "an Extra takes at most 2 actions a turn, not {n}":
        "статист совершает не больше 2 действий за ход, а не {n}",
    "{field} must be a whole number from {low} to {high}":
        "{field}: нужно целое число от {low} до {high}",
    "{field} must be a non-empty object": "{field}: нужен непустой объект",
    "{field} must be a cell [x, y] on the {width} x {height} map":
        "{field}: нужна клетка [x, y] на карте {width} x {height}",
    "{field} must be [dice, die size, bonus], e.g. [2, 8, 0]":
        "{field}: нужно [кубы, грани, бонус], например [2, 8, 0]",
    "{field} must be wild_card or extra": "{field}: нужно wild_card (Личность) или extra (Статист)",
    "map.light must be normal, dim, dark or pitch_dark":
        "map.light: normal, dim, dark или pitch_dark",
    "{field} must be a list": "{field}: нужен список",
    "a setup is an object": "расстановка — это объект",
    "a battle has two sides": "в бою две стороны",
    "first_side must be one of the sides": "first_side: должна быть одна из сторон",
    "{field} must be [short, medium, long] in cells, growing":
        "{field}: нужно [ближняя, средняя, дальняя] в клетках, по возрастанию",
    "{field} must be a die: 4, 6, 8, 10 or 12": "{field}: нужен куб 4, 6, 8, 10 или 12",
    "{field} starts hidden and needs a Stealth die (§2.17)":
        "{field} в начале боя спрятан, и ему нужен куб Маскировки (§2.17)",
    "{field} must be 0, 1, 2 or 4": "{field}: нужно 0, 1, 2 или 4",
    "{field}: the squad id is used twice": "{field}: отделение с этим id уже есть",
    "{field}: the fighter id is used twice": "{field}: боец с этим id уже есть",
    "a cell's cover is 0, +1, +2 or +4, not {cover}":
        "бонус укрытия клетки 0, +1, +2 или +4, а не {cover}",
    "no light level {level!r}": "нет освещённости {level!r}",
    "a soak roll cancels wounds just taken; this attack caused none":
        "проверка на прочность отменяет только что полученные раны; эта атака их не нанесла",
    "a group needs at least one Extra": "в группе должен быть хотя бы один статист",
    "{have_it} of {size} Extras cannot have a modifier":
        "{have_it} из {size} статистов не могут иметь модификатор",
    "an area is at least one cell wide and high": "область — не меньше одной клетки",
    "{value} is not a face of a d3": "{value} — не грань 1к3",
    "lobbed fire deviates only up to long range, not at {band} range":
        "отклонение навесной стрельбы определено до дальней дистанции, не для {band}",
    "{value} is not a direction for a {cells}-cell deviation":
        "{value} — не направление отклонения на {cells} клет.",
    "a gun needs at least one crewman": "орудию нужен хотя бы один номер расчёта",
    "no manoeuvre {name!r}": "нет маневра {name!r}",
    "only a Wild Card may make a {name}": "{name} доступна только Личности",
    "no rapid attack with a heavy sniper rifle":
        "быстрая атака невозможна из тяжёлой снайперской винтовки",
    "a rapid attack is at most {most} attacks, not {n}":
        "быстрая атака — не больше {most} атак, а не {n}",
    "melee is only against enemies in your own cell":
        "ближний бой — только с врагами в своей клетке",
    "unknown melee arms {arms}": "неизвестное оружие ближнего боя {arms}",
    "a melee needs fighters on both sides": "в ближнем бою нужны бойцы с обеих сторон",
    "a unit moves at most {most} cell(s) this way, not {cells}":
        "так можно переместиться не больше чем на {most} клет., а не на {cells}",
    "a step goes to a neighbouring cell": "шаг — в соседнюю клетку",
    "a building is entered and left across a side, not diagonally":
        "в здание входят и выходят через сторону клетки, не по диагонали",
    "a cell's trench holds six fighters at most": "в окопе клетки не больше шести бойцов",
    "a crawl moves one position in a cell": "ползком — на одну позицию в клетке",
    "the target is {cells} cells away, beyond this weapon's reach (long range {long} cells)":
        "цель в {cells} клет., дальше досягаемости оружия (дальняя дистанция {long} клет.)",
    "a weapon's ranges must grow: short, medium, long":
        "дистанции оружия должны возрастать: ближняя, средняя, дальняя",
    "no called shot at {target!r}": "нет прицельной атаки в {target!r}",
    "it is not {fighter}'s side's turn": "сейчас не ход стороны бойца {fighter}",
    "{fighter} is out of the fight": "{fighter} вышел из боя",
    "{fighter} spends the whole turn reloading": "{fighter} весь ход перезаряжается",
    "{fighter} is prone already": "{fighter} уже лежит",
    "{fighter} is not prone": "{fighter} не лежит",
    "{fighter} is Shaken: only moving and free actions":
        "{fighter} в шоке: только перемещение и свободные действия",
    "{fighter} has attacked this turn": "{fighter} уже атаковал в этот ход",
    "{target} is not an enemy still in the fight": "{target} — не враг, оставшийся в бою",
    "{fighter} has no weapon to reload": "{fighter}: нечего перезаряжать",
    "reloading takes {fighter}'s whole turn; he has acted":
        "перезарядка занимает весь ход, а {fighter} уже действовал",
    'the destination is a cell "x,y"': 'место назначения — клетка "x,y"',
    "the destination is another cell on the map": "место назначения — другая клетка на карте",
    "{fighter} has moved this turn; a move is never split":
        "{fighter} уже перемещался в этот ход; перемещение не делится",
    "{fighter} is Shaken and may not run": "{fighter} в шоке и не может бежать",
    "{fighter} walks one cell or runs two":
        "{fighter} перемещается на одну клетку или бежит на две",
    "{fighter} has no firearm": "у бойца {fighter} нет огнестрельного оружия",
    "{fighter} must reload first (Reload!)": "{fighter} должен сначала перезарядиться (Перезарядка!)",
    "{fighter} cannot see {target}": "{fighter} не видит цель {target}",
    "{fighter} has no {trait} die": "у бойца {fighter} нет куба {trait}",
    "there is no fighter {fighter!r}": "нет бойца {fighter!r}",
    "a distance cannot be negative": "расстояние не может быть отрицательным",
    "{cells} cells is beyond the stealth table": "{cells} клет. — за пределами таблицы маскировки",
    "camouflage is worth 0 to +4, not {value}": "камуфляж даёт от 0 до +4, а не {value}",
    "no stealth modifier for {key!r}": "нет модификатора маскировки для {key!r}",
    "automatic fire needs a rate of fire of 2 or more; this weapon has {rof}":
        "для автоматического огня нужна скорострельность от 2; у этого оружия {rof}",
    "suppressive fire needs a rate of fire of 3 or more; this weapon has {rof}":
        "для огня на подавление нужна скорострельность от 3; у этого оружия {rof}",
    "suppressive fire makes {rof} rolls, one cell each; {n} cells were named":
        "огонь на подавление: бросков — {rof}, по клетке на бросок; названо клеток: {n}",
    "cell {cell} does not touch the cell before it":
        "клетка {cell} не соприкасается с предыдущей",
    "options must be an object": "options: нужен объект",
    "no reading {name!r}": "нет толкования {name!r}",
    "{name} is one of {choices}, not {value!r}": "{name}: одно из {choices}, а не {value!r}",
    # fire in play (play_fire, play_area)
    "{field} must be [width, height] in cells, 1 to 4 each":
        "{field}: нужно [ширина, высота] в клетках, от 1 до 4",
    "{field} must be true or false": "{field}: нужно true или false",
    "targets: tick at least one enemy fighter": "цели: отметьте хотя бы одного вражеского бойца",
    "a burst of {rof} dice has at most {rof} targets":
        "у очереди из {rof} кубов не больше {rof} целей",
    "the targets of a burst must lie within a 45° sector":
        "цели очереди должны быть в секторе 45 градусов",
    "a cell is named \"x,y\"": "клетка записывается как \"x,y\"",
    "cells is a list of cells \"x,y\", one a roll":
        "cells: нужен список клеток \"x,y\", по одной на бросок",
    "{fighter} has no grenade left": "у бойца {fighter} не осталось гранат",
    "with is weapon or grenade": "with: weapon (оружие) или grenade (граната)",
    "{weapon} does not fire lobbed": "{weapon} не стреляет навесом",
    "{weapon} has no area": "у оружия {weapon} нет свойства «Область»",
    "a spotter directs lobbed fire only": "наводчик корректирует только стрельбу навесом",
    "{spotter} is not a comrade still in the fight": "{spotter} — не соратник, оставшийся в бою",
    "{spotter} must see cell {cell} from 3 cells or closer":
        "{spotter} должен видеть клетку {cell} с 3 клеток или ближе",
    "{weapon} fires again in round {round}": "{weapon} выстрелит снова в раунде {round}",
    "{weapon} is a gun: it fires area or lobbed attacks":
        "{weapon} — орудие: оно ведёт только атаки по площади или навесом",
    "{field} must be [1, N]: one shot in N turns for one man":
        "{field}: нужно [1, N] — выстрел в N ходов на одного бойца расчёта",
    # crawling, more than two actions, stealth and the manoeuvres (§2.3, §2.4, §2.17, §2.27)
    "{fighter}'s action number {n} this turn needs the Agility check first":
        "действие № {n} бойца {fighter} в этот ход требует сначала проверки Ловкости",
    "{fighter} is prone: stand up first, or crawl": "{fighter} лежит: сначала встать или ползти",
    "{fighter} got tangled up: nothing more this turn":
        "{fighter} запутался в собственных руках и ногах: в этот ход больше ничего",
    "{fighter} crawls only when prone": "{fighter} ползёт, только когда лежит",
    "a crawl goes north, south, east or west": "ползком — на север, юг, восток или запад",
    "{fighter} is at the edge of the map": "{fighter} у края карты",
    "{fighter} is hidden from every enemy already": "{fighter} уже скрыт от всех врагов",
    "{fighter} is in sight of {enemy}, who knows where he is: he hides only out of the "
    "enemy's view": "{fighter} в поле зрения бойца {enemy}, который знает, где он: "
                    "замаскироваться можно, только покинув поле зрения противника",
    "{fighter} knows where {target} is": "{fighter} знает, где {target}",
    "{fighter} cannot spot {target} from where he is":
        "{fighter} не может обнаружить цель {target} оттуда, где находится",
    "{fighter} has not spotted {target}": "{fighter} не обнаружил цель {target}",
    "{fighter} defends this turn: no other action":
        "{fighter} в обороне в этот ход: других действий нет",
    "{fighter} is held by {grappler}: he breaks free first":
        "{fighter} в захвате у бойца {grappler}: сначала вырваться",
    "{fighter} has no melee weapon to strike to knock out":
        "у бойца {fighter} нет оружия ближнего боя для несмертельной атаки",
    "a called shot names limb, head, heart or eye":
        "прицельная атака: рука или нога, голова, сердце или глаз",
    "{target} knows where {fighter} is: no Drop on him":
        "{target} знает, где {fighter}: застать врасплох нельзя",
    "{fighter} has acted this turn: defending is his only action":
        "{fighter} уже действовал в этот ход: оборона — единственное действие",
    "{fighter} is not held": "{fighter} не в захвате",
    "{fighter} grapples only an enemy in his own cell":
        "{fighter} может захватить только врага в своей клетке",
    "{fighter} does not hold {target}": "{fighter} не держит в захвате цель {target}",
    "breaking free is rolled with agility or strength":
        "вырываются из захвата броском Ловкости или Силы",
    "a trick is rolled with agility or smarts": "уловка — бросок Ловкости или Смекалки",
    "{target} is not an enemy who can no longer resist":
        "{target} — не враг, неспособный сопротивляться",
    "{fighter} cannot reach {target}": "{fighter} не может добраться до цели {target}",
    "{field} is an improvised melee weapon's size: small, medium or large":
        "{field}: размер импровизированного оружия ближнего боя — small, medium или large",
    "{fighter} holds no weapon in his other hand": "у бойца {fighter} нет оружия во второй руке",
    "{fighter} has struck with his other hand this turn":
        "{fighter} уже атаковал второй рукой в этот ход",
    "{fighter} holds no firearm in his other hand":
        "у бойца {fighter} нет огнестрельного оружия во второй руке",
    "{fighter} holds a firearm in his other hand: he shoots with it":
        "у бойца {fighter} во второй руке огнестрельное оружие: из него стреляют",
    "a disarm is a blow (fight) or a shot (shoot)":
        "обезоруживание — удар (fight) или выстрел (shoot)",
    "a disarm strikes at the hand or at the weapon itself":
        "при обезоруживании бьют в руку или в само оружие",
    "a disarm aims at his firearm or his melee weapon":
        "обезоруживание — его огнестрельного оружия или оружия ближнего боя",
    "{target} has no such weapon": "у бойца {target} нет такого оружия",
    "a rapid attack is blows (fight) or shots (shoot)":
        "быстрая атака — удары (fight) или выстрелы (shoot)",
    "the number of attacks is a whole number": "число атак — целое число",
    "{fighter}'s rapid shots need a semi-automatic or a revolver":
        "быстрой стрельбе бойца {fighter} нужно полуавтоматическое оружие или револьвер",
    "an Extra's weapon profile has the short burst in it already":
        "короткая очередь уже учтена в свойствах оружия статиста",
    "{fighter}'s weapon is not semi-automatic (no double tap)":
        "оружие бойца {fighter} не полуавтоматическое (двойного выстрела нет)",
    "{fighter}'s weapon fires no short bursts":
        "оружие бойца {fighter} не стреляет короткими очередями",
}

#: The Russian of the battle log, by effect kind (filled from the effect's data).
EFFECTS_RU = {
    "moved": "{fighter} перемещается в клетку {cell}",
    "ran": "{fighter} бежит в клетку {cell}",
    "went_prone": "{fighter} залегает",
    "stood_up": "{fighter} встаёт",
    "attack_declared": "{fighter} атакует: {target} ({modifier:+d} против Защиты {defence})",
    "reload": "Перезарядка! {fighter} должен перезарядиться",
    "critical_failure": "{fighter}: змеиные глазки — критический провал на усмотрение ведущего",
    "missed": "{fighter} промахивается по цели {target} ({roll})",
    "hit": "{fighter} попадает в цель {target} ({roll})",
    "damage": "{target}: урон {damage} против Стойкости {toughness} и Брони {armour} "
              "(бронебойность {ap})",
    "benny_spent": "{fighter} тратит фишку на проверку на прочность",
    "soaked": "{fighter} отменяет ран: {cancelled} ({roll})",
    "unharmed": "{fighter} невредим",
    "wounded": "{fighter} получает ран: {wounds}, всего {total}",
    "shaken": "{fighter} в шоке",
    "out_of_action": "{fighter} выходит из боя",
    "dying": "{fighter} при смерти",
    "reloaded": "{fighter} перезаряжается (весь ход)",
    "turn_ended": "{ended}: ход окончен; ходят {next}",
    "unshaken": "{fighter} выходит из шока",
    "still_shaken": "{fighter} остаётся в шоке ({roll})",
    # fire in play (play_fire, play_area)
    "auto_fire": "{fighter} ведёт автоматический огонь ({rof} куб.) по целям: {targets}",
    "burst_reload": "Перезарядка! Очередь бойца {fighter} обрывается на кубе {die}; "
                    "последующие кубы ({ignored}) не учитываются",
    "suppressive_fire": "{fighter} ведёт огонь на подавление по клеткам {cells}",
    "suppress_success": "огонь бойца {fighter} накрывает клетку {cell} ({roll})",
    "suppress_miss": "огонь бойца {fighter} не накрывает клетку {cell} ({roll})",
    "suppression_held": "{fighter} выдерживает огонь ({roll})",
    "suppression_shaken": "{fighter} не выдерживает огня и в шоке ({roll})",
    "suppression_wounded": "{fighter} ранен под огнём ({roll}), всего ран: {total}",
    "area_attack": "{fighter}: {weapon} в клетку {cell} ({modifier:+d} против сложности {tn})",
    "area_missed": "{fighter} промахивается ({roll})",
    "landed": "{weapon}: попадание в клетку {cell} ({how})",
    "landed_off_map": "{weapon}: падает за пределами карты",
    "evaded": "{fighter} избегает взрыва ({roll})",
    "caught": "{fighter} попадает под взрыв ({roll})",
    "gun_rate": "{weapon}: расчёт {crew} чел., следующий выстрел в раунде {round}",
    "fall_of_shot_spotted": "{fighter} корректирует огонь ({roll}): {penalty:+d} вместо {unseen:+d}",
    "registered": "{fighter} подтверждает попадание: клетка {cell} пристреляна",
    # crawling, more than two actions, stealth and the manoeuvres (§2.3, §2.4, §2.17, §2.27)
    "crawled": "{fighter} ползёт (клетка {cell}, позиция {position})",
    "tangle_check": "{fighter}: действие № {n} в этот ход, Ловкость {modifier:+d} против ТН 4",
    "tangled": "{fighter} запутался в собственных руках и ногах ({roll}): ничего не "
               "выходит как задумано, в этот ход больше ничего",
    "untangled": "{fighter} не запутался ({roll})",
    "hid": "{fighter} маскируется",
    "notice_check": "{fighter} высматривает цель {target}: Внимание против ТН {tn}",
    "spotted": "{fighter} обнаруживает цель {target} ({how})",
    "not_spotted": "{fighter} не замечает цель {target} ({roll})",
    "manoeuvre": "{fighter}: маневр {manoeuvre}",
    "defends": "{fighter} в обороне (+2 к Защите в ближнем бою)",
    "opposed_roll": "{fighter}: {manoeuvre} против бойца {target} ({modifier:+d}), "
                    "встречный бросок",
    "opposed_failed": "{fighter}: неудача против бойца {target} ({roll})",
    "crushes": "{fighter} наносит раны захваченному бойцу {target} ({roll})",
    "broke_free": "{fighter} вырывается из захвата бойца {target} ({roll})",
    "grappled": "{fighter} захватывает бойца {target} ({roll})",
    "tricked": "{fighter} применяет уловку: у бойца {target} -2 к Защите до его следующего "
               "хода ({roll})",
    "will_won": "{fighter} побеждает в поединке воли с бойцом {target}: +2 к следующей "
                "атаке по нему ({roll})",
    "finished_off": "{fighter} добивает бойца {target}",
    "kept_weapon": "{target} удерживает оружие {weapon} ({roll})",
    "weapon_dropped": "{fighter} выбивает оружие {weapon} у бойца {target} ({roll})",
    "weapon_taken": "{fighter} забирает оружие {weapon} у бойца {target} ({roll})",
    "rapid_attack": "{fighter}: быстрая атака, атак: {attacks}, по {modifier:+d} каждая",
    "withdrew": "{fighter} выходит из ближнего боя с бойцом {enemy}: -2 к Защите до его "
                "следующего хода",
    "unconscious": "{fighter} теряет сознание (на 1к6 часов)",
}


#: The Russian of the choices of crawling, called shots and opposed rolls.
CHOICES_RU = {
    "direction": {"north": "север", "south": "юг", "west": "запад", "east": "восток"},
    "part": {"limb": "рука или нога", "head": "голова", "heart": "сердце", "eye": "глаз"},
    "with": {"agility": "Ловкость", "strength": "Сила", "smarts": "Смекалка"},
    "attack": {"fight": "ближний бой", "shoot": "выстрел"},
    "slot": {"weapon": "огнестрельное оружие", "melee_weapon": "оружие ближнего боя"},
    "at": {"hand": "в руку", "weapon": "в само оружие"},
}

# --- readiness and bennies (§2.1, §2.20, §2.26: initiative, play_readiness, play_bennies) ----
LABELS[ACTION].update({
    "aim": _both("aim (the whole turn)", "прицеливание (весь ход)"),
    "hold": _both("hold an attack on a cell", "выцеливание клетки"),
    "benny_orders": _both("orders for bennies", "заявки на трату фишек"),
    "hold_line": _both("hold an attack on a line", "контроль направления (прямой линии)"),
    "prepare_melee": _both("prepare for melee (the whole turn)",
                           "подготовка к ближнему бою (весь ход)"),
})
LABELS[PENDING]["ready_melee"] = _both("prepared melee: who strikes first",
                                       "подготовка к ближнему бою: кто бьёт первым")
LABELS[DICE].update({
    "readied.trait": _both("Agility die of the one who prepared",
                           "куб Ловкости подготовившегося"),
    "readied.wild": _both("Wild Die of the one who prepared", "Дикая кость подготовившегося"),
    "contact.trait": _both("Agility die of the one who comes into contact",
                           "куб Ловкости вступившего в контакт"),
    "contact.wild": _both("Wild Die of the one who comes into contact",
                          "Дикая кость вступившего в контакт"),
})
LABELS[ERROR]["bad_count"] = _both("A count cannot be negative.",
                                   "Число не может быть отрицательным.")
LABELS[DICE]["share.pick"] = _both("the target of a held attack by lot",
                                   "цель заготовленной атаки по жребию")
LABELS[PENDING]["share_out"] = _both("a held attack's target by lot",
                                     "цель заготовленной атаки по жребию")
LABELS[DECISION]["strike_first"] = _both("strike first?", "бить первым?")
LABELS[PARAMETER].update({
    "cell": _both("cell", "клетка"),
    "reroll_on_miss": _both("re-roll a miss", "переброс при промахе"),
    "unshake_when_shaken": _both("out of Shaken in his own turn", "выход из шока в свой ход"),
})
LABELS[READING]["reaction_half"] = _both("half of those who can react",
                                         "половина способных атаковать реакцией")
LABELS[READING_VALUE].update({
    "round_up": _both("rounded up", "с округлением вверх"),
    "round_down": _both("rounded down, at least one", "с округлением вниз, не меньше одного"),
})
SENTENCES_RU.update({
    "{fighter} spends the whole turn aiming, holding an attack or preparing for melee":
        "{fighter} весь ход целится, выцеливает или готовится к ближнему бою",
    "{fighter} has acted or moved this turn; aiming takes the whole turn":
        "{fighter} уже действовал или перемещался в этот ход; прицеливание занимает весь ход",
    "{fighter} has acted or moved this turn; a held attack takes the whole turn":
        "{fighter} уже действовал или перемещался в этот ход; выцеливание занимает весь ход",
    'the direction is one of the eight neighbouring cells\' "dx,dy"':
        'направление — одна из восьми соседних клеток, "dx,dy"',
    "{fighter} cannot see along that line": "{fighter} не видит вдоль этой линии",
    "a count cannot be negative": "число не может быть отрицательным",
    "an order is yes or no": "заявка — да или нет",
    "{fighter} has no bennies to spend": "у бойца {fighter} нет фишек",
    "{fighter} has acted or moved this turn; only one who did nothing may prepare for melee":
        "{fighter} уже действовал или перемещался в этот ход; к ближнему бою готовится лишь "
        "тот, кто ничего не делал",
})
EFFECTS_RU.update({
    "aimed": "{fighter} целится в {target} (+{bonus} в следующий ход)",
    "holding": "{fighter} выцеливает клетку {cell}",
    "holding_line": "{fighter} контролирует линию через клетку {cell}",
    "interrupted": "{fighter} прерван в клетке {cell}: реагируют {holders}",
    "prepared_melee": "{fighter} готовится к ближнему бою",
    "shared_out": "По жребию заготовленная атака бойца {fighter} достаётся цели {target}",
    "contact": "{target} вступает в контакт с бойцом {fighter}, готовым к ближнему бою: оба "
               "бросают Ловкость",
    "initiative": "Ловкость: {fighter} {ours}, {target} {theirs}; первым бьёт {first}",
    "held_attack": "{fighter} атакует реакцией: {target} ({modifier:+d} против Защиты "
                   "{defence})",
    "move_resumed": "{fighter} продолжает движение в клетку {cell}",
    "passing": "{fighter} по пути в клетку {to} проходит клетку {cell}",
    "benny_reroll": "{fighter} тратит фишку на переброс атаки",
    "benny_orders": "{fighter}: заявки на фишки — переброс при промахе: {reroll_on_miss}, "
                    "выход из шока в свой ход: {unshake_when_shaken}",
})


# --- the prepared hider (§2.17: play_hider) ------------------------------------------------
LABELS[ACTION]["hide_ready"] = _both("ready for discovery (the whole turn)",
                                     "готов к обнаружению (весь ход)")
CHOICES_RU["with"].update({"shot": "выстрел в того, кто его заметит",
                           "blow": "удар по тому, кто заметит его в его клетке"})
SENTENCES_RU.update({
    "{fighter} spends the whole turn ready for discovery":
        "{fighter} весь ход готов к обнаружению",
    "{fighter} is ready for discovery already": "{fighter} уже готов к обнаружению",
    "the prepared action is a shot or a blow": "заготовленное действие — выстрел или удар",
    "{fighter} is not hidden from any enemy: only a hider may be ready for discovery":
        "{fighter} не скрыт ни от одного врага: к обнаружению готовится только прячущийся",
    "{fighter} has acted or moved this turn; being ready for discovery takes the whole turn":
        "{fighter} уже действовал или перемещался в этот ход; готовность к обнаружению "
        "занимает весь ход",
})
EFFECTS_RU.update({
    "hider_ready_shot": "{fighter} затаился, готовый к обнаружению: заготовлен выстрел",
    "hider_ready_blow": "{fighter} затаился, готовый к обнаружению: заготовлен удар",
    "hider_interrupts": "{fighter} был готов к обнаружению и прерывает ход бойца {target} "
                        "заготовленным действием",
})


# --- cells as choices (issue 18: move, run, hold, area, lobbed and suppressive fire) -------
#: Labels of a cell "x,y" offered as a choice, and of the line of a hold through one.
CELL_CHOICE = "cell choice"
LINE_CHOICE = "line choice"
LABELS[CELL_CHOICE] = {"{cell}": _both("cell {cell}", "клетка {cell}")}
LABELS[LINE_CHOICE] = {"{cell}": _both("the line through cell {cell}",
                                       "линия через клетку {cell}")}
#: The catalogue's parameters whose choices are cells "x,y"; ``direction`` (hold_line) is a
#: step "dx,dy" from the fighter, labelled by the cell it leads to.
CELL_PARAMS = frozenset({"to", "cell", "cells", "at"})
_CELL_VALUE = re.compile(r"-?\d+,-?\d+")


def cell_label(cell: str, language: str = "en") -> str:
    """A cell ``"x,y"`` as a choice reads: "cell 3,4", «клетка 3,4»."""
    return TERMS.label(CELL_CHOICE, cell, language)


def line_label(cell: str, language: str = "en") -> str:
    """A held line by the first cell it runs through: "the line through cell 3,4"."""
    return TERMS.label(LINE_CHOICE, cell, language)


#: how an area or lobbed shot landed, in Russian.
LANDED_RU = {"raise": "точно в цель с подъёмом", "on_target": "в цель",
             "no_roll": "в цель, без броска", "deviated": "с отклонением",
             "bounced": "отскок назад"}


#: Log lines of one die of a burst or of suppressive fire (§2.15-§2.16), whose ``wild`` says
#: the Wild Die stood in for it (elsewhere ``wild`` is a die's size: the group Wild Die).
BURST_DIE_KINDS = ("hit", "suppress_success", "suppress_miss")


class MercenariesTerms(Terms):
    def figure_names(self, state_json, language, units):
        """Every fighter by his own name, in every language."""
        return {(f["squad"], f["id"]): f["name"] for f in state_json.get("fighters", ())}

    def choice(self, state, unit, param, value, language, names):
        """A cell offered as a choice by the book's word for it («клетка 3,4»), a held line by
        the cell it runs through; directions, parts of the body and traits in Russian; any
        other choice keeps the catalogue's label (fighters by their names)."""
        if not isinstance(value, str) or not _CELL_VALUE.fullmatch(value):
            if language_of(language) != "ru":
                return None
            return CHOICES_RU.get(param, {}).get(value)
        if param in CELL_PARAMS:
            return self.label(CELL_CHOICE, value, language)
        fighter = next((f for f in state.fighters if f.id == unit), None)
        if param == "direction" and fighter is not None:
            dx, dy = map(int, value.split(","))
            x, y = fighter.cell
            return self.label(LINE_CHOICE, f"{x + dx},{y + dy}", language)
        return None

    def effect(self, effect, language, names):
        """English as the fold wrote it; Russian from the kind and the data (fighters carry
        their names in the data)."""
        if language_of(language) != "ru":
            return super().effect(effect, language, names)
        kind = effect.get("kind")
        template = EFFECTS_RU.get(kind)
        if template is None:
            return None
        data = dict(effect.get("data") or {})
        if effect.get("kind") == "hit" and data.get("raise"):
            template += ", с подъёмом"
        if effect.get("kind") == "unshaken" and data.get("benny"):
            template = "{fighter} тратит фишку и выходит из шока"
        if effect.get("kind") == "benny_orders":
            data = {k: ("да" if v is True else "нет" if v is False else v)
                    for k, v in data.items()}
        if kind in BURST_DIE_KINDS and data.get("wild"):  # the Wild Die stood in for a die
            template += ", Дикой костью"
        if kind == "group_notice_check":  # a line logged before it named whose TN each is
            data.setdefault("each", data.get("tns"))
        if effect.get("kind") == "manoeuvre":  # its name, not its key
            data["manoeuvre"] = LABELS[ACTION].get(data.get("manoeuvre"), {}).get(
                "ru", data.get("manoeuvre"))
        if effect.get("kind") == "landed":
            data["how"] = LANDED_RU.get(data.get("how"), data.get("how"))
            if data.get("roll"):
                data["how"] += f", {data['roll']}"
        try:
            return template.format(**data)
        except (KeyError, ValueError):
            return None


#: The readings' explanations in Russian (their English is ``rules.mercenaries.options``):
#: reading name -> (the default's meaning, the alternatives, why it is open).
READINGS_RU = {
    "hit_test": (
        "атака попадает, когда она равна Защите или больше (как в Savage Worlds)",
        "«больше Защиты»: атака должна быть выше Защиты",
        "текст говорит, что атака должна превышать Защиту, а везде в остальном берёт «равно "
        "или больше»"),
    "wound_on_shaken": (
        "ранящее попадание по бойцу в шоке не добавляет раны за его шок (как в Savage Worlds)",
        "«ещё одна рана»: его шок становится ещё одной раной",
        "текст говорит, что шок, нанесённый к уже имеющемуся шоку, становится раной"),
    "jungle_action": (
        "вход в джунгли и выход из них требуют действия, как у здания (буква текста: джунгли — "
        "клетка с укрытием +4)",
        "нет: действия требуют только здания и другие клетки с укрытием +4",
        "примеры (залезть в окно, открыть дверь, перелезть через стену) подходят только зданиям"),
    "dice_explode": (
        "каждый куб взрывается (туз), как в Savage Worlds",
        "нет: ни один куб не взрывается",
        "сводка кубов в посте была картинкой и утрачена"),
    "twice_long": (
        "цель ровно на удвоенной дальней дистанции — на сверхдальней дистанции",
        "«предельная дистанция»: она на предельной дистанции",
        "текст относит ровно удвоенную дальнюю дистанцию и к сверхдальней, и к "
        "предельной"),
    "reaction_half": (
        "врага атакует половина бойцов, способных атаковать реакцией, с округлением вверх "
        "(не меньше одного)",
        "«с округлением вниз»: половина с округлением вниз, не меньше одного",
        "текст говорит «половиной бойцов», не говоря, как округлять"),
    "suppression_cover": (
        "проверка под огнём на подавление получает +2, если боец лежит, и бонус укрытия его "
        "клетки",
        "«+2 и +2»: +2 за то, что лежит, и +2 за укрытие",
        "«за» может относиться к обоим словам: +2 за то, что лежит, и за укрытие"),
    "suppressive_auto_penalty": (
        "броски огня на подавление не получают −2 автоматического огня",
        "«да»: получают (без −2 с чертой «Рок‑н‑ролл!»)",
        "текст называет огонь на подавление разновидностью автоматического огня"),
    "area_tn": (
        "сложность атаки по площади — 2, буква текста",
        "«4»: обычная сложность Savage Worlds",
        "2 в тексте намного ниже всех прочих сложностей"),
    "area_cover": (
        "против атаки по площади укрытие клетки добавляется к Броне вместо штрафа к броску",
        "«также»: укрытие штрафует и прямой бросок",
        "текст говорит, что укрытие учитывается «так же» и для атак по площади"),
}
# the register's open readings of mechanics in play (§7 5, 10, 12, 14, 16)
LABELS[READING].update({
    "scope": _both("a sniper scope at extreme and maximum range",
                   "снайперский прицел на сверхдальней и предельной дистанции"),
    "suppression_hits": _both("a cell suppressed several times",
                              "клетка под огнём на подавление несколько раз"),
    "suppression_one": _both("a Wild Card's natural 1 under suppression",
                             "натуральная единица Личности под огнём на подавление"),
    "disarm_raise": _both("a disarm's raise", "подъём при обезоруживании"),
    "optics_close": _both("optics up close", "оптика вблизи"),
    "reload_walk": _both("moving before reloading", "перемещение перед перезарядкой"),
    "spotter_reach": _both("a spotter's 3 squares", "3 квадрата наводчика"),
})
LABELS[READING_VALUE].update({
    "monotonic": _both("extreme -4, maximum -6", "сверхдальняя -4, предельная -6"),
    "literal": _both("extreme -6, maximum -4", "сверхдальняя -6, предельная -4"),
    "after_first": _both("each success after the first", "каждый успех после первого"),
    "every_success": _both("every success", "каждый успех"),
    "snake_eyes": _both("snake eyes", "«змеиные глазки»"),
    "trait_die": _both("a 1 on the trait die", "1 на кубе навыка"),
    "over_strength": _both("4 over the Strength total", "на 4 больше результата Силы"),
    "over_defence": _both("a raise over Defence", "подъём над Защитой"),
    "cancel": _both("penalties cancelled, -1", "штрафы отменены, -1"),
    "useless": _both("optics change nothing", "оптика ничего не меняет"),
    "spotter": _both("from the spotter", "от наводчика"),
    "impact": _both("from an earlier impact", "от места прежнего попадания"),
})
SENTENCES_RU["{spotter} cannot see cell {cell}"] = "{spotter} не видит клетку {cell}"
# a named cell on the map and in sight (rulebook.cell_in_sight)
SENTENCES_RU["cell {cell} is off the map or out of {fighter}'s sight"] = (
    "клетка {cell} вне карты или вне поля зрения бойца {fighter}")
READINGS_RU.update({
    "scope": (
        "со снайперским прицелом сверхдальняя дистанция даёт -4, предельная -6 (рекомендация "
        "дайджеста: -2 сверх дальней дистанции с прицелом, -2)",
        "«буквально»: сверхдальняя -6 (дальняя -4 и ещё -2), предельная -4",
        "буквальное чтение не даёт прицелу ничего на сверхдальней дистанции и делает "
        "предельную дистанцию легче сверхдальней"),
    "suppression_hits": (
        "клетка под огнём несколько раз: проверка -1 за каждый подъём и за каждый успех после "
        "первого",
        "«каждый успех»: если клетку атаковали больше одного раза, -1 за каждый успех (и "
        "первый) и за каждый подъём",
        "текст говорит, что каждый успех и каждый подъём увеличивают сложность, не говоря, "
        "считается ли первый успех"),
    "suppression_one": (
        "«натуральная единица» Личности в проверке под огнём — «змеиные глазки»",
        "«1 на кубе навыка»: 1 на кубе навыка, что бы ни выпало на Дикой кости",
        "текст говорит, что натуральная единица ранит, а Личность бросает два куба"),
    "disarm_raise": (
        "подъём при обезоруживании (атакующий забирает оружие) — атака на 4 больше "
        "результата броска Силы цели",
        "«подъём над Защитой»: подъём атаки над Защитой цели",
        "текст говорит «в случае успеха ... в случае успеха с подъёмом», не говоря, чей это "
        "бросок"),
    "optics_close": (
        "с оптикой на дистанции 0 и 1 штрафы спрятавшегося за расстояние отменяются, и он "
        "получает -1 (буква текста)",
        "«бесполезна»: на дистанции 0 и 1 оптика ничего не меняет (-4 и -2 остаются)",
        "текст называет оптику бесполезной вблизи, но отмена штрафов помогает "
        "спрятавшемуся"),
    "reload_walk": (
        "перезарядка занимает весь ход: ни перемещения до неё, ни после",
        "«да»: перед перезарядкой он может пройти, ползти или залечь (без действия)",
        "текст говорит, что перезарядка «требует полного хода», не говоря, можно ли при этом "
        "перемещаться"),
    "spotter_reach": (
        "наводчик корректирует следующие выстрелы по квадрату, который видит с 3 квадратов "
        "или ближе; следующий выстрел — по квадрату, по которому уже стреляли",
        "«от места прежнего попадания»: он может видеть квадрат с любого расстояния; "
        "следующий выстрел — по квадрату в 3 квадратах или ближе от места, куда упал прежний "
        "невидимый выстрел его стороны",
        "текст говорит «по цели в 3 квадратах или ближе», не говоря, ближе к чему"),
})

# --- groups of Extras (§2.18: play_group_notice) -------------------------------------------
LABELS[PENDING]["group_notice"] = _both("a group's Notice roll", "проверка Внимания группы")
LABELS[DICE].update({
    "group_notice.trait": _both("the group's Notice die (base skill)",
                                "куб Внимания группы (базовый навык)"),
    "group_notice.wild": _both("group Wild Die", "Дикая кость группы"),
})
LABELS[READING].update({
    "group_roll": _both("Extras' Notice as a group", "Внимание статистов группой"),
    "group_modifier": _both("a modifier only part of a group has",
                            "модификатор только у части группы"),
})
LABELS[READING_VALUE].update({
    "group": _both("as a group, with a group Wild Die", "группой, с Дикой костью группы"),
    "each": _both("each Extra alone", "каждый статист отдельно"),
    "halving": _both("cut step by step (the digest's loop)",
                     "снижается по шагам (цикл дайджеста)"),
    "proportional": _both("in proportion, rounded", "пропорционально, с округлением"),
})
EFFECTS_RU["group_notice_check"] = ("{squad} ({fighters}) высматривают цель {target} группой: "
                                    "Внимание к{die} и Дикая кость группы к{wild}, ТН {each}")
READINGS_RU.update({
    "group_roll": (
        "статисты одного отделения, проверяющие Внимание против одного спрятавшегося в один "
        "момент, бросают группой: куб базового навыка и одна Дикая кость группы (к4 для 2-3 "
        "статистов, к6 для 4-7, к8 для 8-15, к10 для 16+), берётся лучший результат",
        "«каждый»: каждый статист бросает отдельно, без Дикой кости группы",
        "текст даёт бросок группой, «если статисты делают бросок всей группой», не говоря, "
        "когда они обязаны так бросать"),
    "group_modifier": (
        "модификатор, который есть только у части группы, учитывается, если он есть у "
        "большинства статистов; бонус больше 1 снижается по шагам, и каждый шаг требует "
        "большинства от оставшихся (цикл дайджеста)",
        "«пропорционально»: round(бонус × у скольких есть / размер группы), если он есть у "
        "большинства",
        "текст говорит, что бонус «может быть соответствующим образом снижен»; оба чтения "
        "дают его примеры (+2 у 7 из 10: +1; у 8 из 10: +2) и расходятся для +4 у 9 из 10 "
        "(3 против 4)"),
})

# --- panic (§2.13, play_panic): the morale test and the rally entered at the table ---------
LABELS[ACTION].update({
    "panic": _both("panic (the table's morale test)", "паника (тест морали за столом)"),
    "flee": _both("flee the battlefield", "бежать с поля боя"),
    "stop_panic": _both("stop the flight", "остановить бегущих"),
})
LABELS[PARAMETER].update({
    "fighters": _both("who panic", "кто в панике"),
    "squad": _both("squad", "отделение"),
    "stopped": _both("the table says it worked", "по решению стола удалось"),
})
LABELS[UNIT_FACT]["fled"] = _both("fled the battlefield", "бежали с поля боя")
LABELS[MARKER] = {"panicked": _both("in panic", "в панике")}  # «в состоянии паники»
LABELS[READING].update({
    "panic_flight": _both("whom the panicked flee", "от кого бегут паникующие"),
    "panic_rally": _both("stopping the flight", "остановка бегущих"),
    "panic_commander": _both("who is a commander", "кто командир"),
})
LABELS[READING_VALUE].update({
    "nearest": _both("the nearest group", "ближайшая группа"),
    "most_numerous": _both("the most numerous group", "самая многочисленная группа"),
    "table": _both("the table states the result", "результат называет стол"),
    "succeeds": _both("the order stops it", "приказ останавливает"),
    "rank": _both("a mercenary, sergeant or lieutenant by rank",
                  "наёмник, сержант или лейтенант по званию"),
    "wild_card": _both("also every Wild Card", "также каждая Личность"),
})
SENTENCES_RU.update({
    "{field} is a commander's rank: mercenary, sergeant or lieutenant":
        "{field}: звание командира — mercenary (наёмник), sergeant (сержант) или lieutenant "
        "(лейтенант)",
    "{fighter} is in panic: he may only flee directly away from the enemy or keep his "
    "position (hide in cover, stay down)":
        "{fighter} в панике: он может лишь бежать непосредственно от врага или держать "
        "позицию (прятаться в укрытии, не вставать)",
    "{fighter} is in panic and knows of no enemy to flee from: he keeps his position":
        "{fighter} в панике и не знает врага, от которого бежать: он держит позицию",
    "{fighter} is in panic and flees directly away from {group}: cell {cell} is not that way":
        "{fighter} в панике и бежит непосредственно от группы {group}: клетка {cell} не в "
        "той стороне",
    "{fighter} is in panic in the open: he hides only in cover":
        "{fighter} в панике на открытой местности: прятаться он может лишь в укрытии",
    "who panic: tick at least one fighter": "кто в панике: отметьте хотя бы одного бойца",
    "a fighter is named twice": "боец назван дважды",
    "{fighter} is a Wild Card: only Extras (статисты) panic by this rule":
        "{fighter} — Личность: по этому правилу паникуют только статисты",
    "{fighter} is in panic already": "{fighter} уже в панике",
    "the fighters who panic are of one side: {first} fights for {first_side}, {other} for "
    "{other_side}; enter each side's panic on its own":
        "паникующие бойцы — одной стороны: {first} воюет за сторону {first_side}, {other} — за "
        "{other_side}; панику каждой стороны вносите отдельно",
    "{fighter} is not in panic": "{fighter} не в панике",
    "{fighter} is prone and stays down": "{fighter} лежит и не встаёт",
    "{fighter} leaves the battlefield only by a step off the map's edge directly away from "
    "the enemy":
        "{fighter} покидает поле боя лишь шагом за край карты непосредственно от врага",
    "{fighter} is not a commander (mercenary, sergeant or lieutenant): only a commander stops "
    "the flight":
        "{fighter} не командир (наёмник, сержант, лейтенант): остановить бегущих может лишь "
        "командир",
    "there is no squad {squad!r} on his side": "на его стороне нет отделения {squad!r}",
    "nobody of {squad} is in panic": "в отделении {squad} никто не в панике",
    "whether the flight stopped is true or false":
        "удалось ли остановить бегущих — да (true) или нет (false)",
    "in this battle a commander's order simply stops the flight (reading panic_rally)":
        "в этом бою приказ командира просто останавливает бегущих (чтение panic_rally)",
})
EFFECTS_RU.update({
    "panicked": "Паника: {fighters} (§2.13; теста морали нет в тексте, его результат внесён "
                "за столом)",
    "fled": "{fighter} бежит с поля боя: выбыл из боя, но не потеря",
    "panic_stopped": "{fighter} останавливает бегущих из отделения {squad} (§2.13; "
                     "процедуры нет в тексте, её результат внесён за столом)",
    "panic_ordered": "{fighter} останавливает бегущих из отделения {squad} (§2.13; чтение "
                     "этого боя: приказ командира их останавливает)",
    "panic_goes_on": "{fighter} не может остановить бегущих из отделения {squad} (§2.13; "
                     "процедуры нет в тексте, её результат внесён за столом)",
})
READINGS_RU.update({
    "panic_flight": (
        "паникующий статист бежит непосредственно от ближайшей группы (отделения) врага, из "
        "равно близких — от самой многочисленной",
        "«самая многочисленная»: от самой многочисленной группы врага, из равно "
        "многочисленных — от ближайшей",
        "текст говорит «от ближайшей самой многочисленной группы врага», не говоря, что "
        "важнее"),
    "panic_rally": (
        "попытка командира остановить бегущих — его действие, результат которого называет "
        "стол, как и результат теста морали",
        "«приказ останавливает»: приказ командира просто останавливает бегущих",
        "текст говорит лишь, что остановить бегущих может только командир, но не как"),
    "panic_commander": (
        "командир — боец, которому расстановка даёт звание наёмника, сержанта или "
        "лейтенанта",
        "«каждая Личность»: командир также каждая Личность",
        "текст называет командиров (наёмник, сержант, лейтенант), наёмники игры — её "
        "Личности, а у бойцов боя нет звания, если его не дали"),
})
LABELS[READING_TEXT] = reading_texts(options.describe(), {"ru": READINGS_RU})

TERMS = MercenariesTerms(LABELS, {"ru": SENTENCES_RU})
