"""The Steel War in Russian, in the rulebook's own terms (боевой дух, подавление, залегание,
непроверенная потеря...): the labels of ``locale_en`` and the translations of the rules'
sentence templates (the English ``gettext_noop`` templates of ``rules/steelwar``, with the same
``{name}`` placeholders). ``tests/rules/steelwar/test_terms.py`` checks that every template and
every label has its Russian.
"""

#: The actions; a procedure that waits is labelled by the action it is, or by its own.
_ACTIONS = {
    "enemy_in_sight": "противник в поле зрения",
    "end_no_step_back": "завершить «Ни шагу назад!»",
    "continue_melee": "продолжить рукопашную",
    "begin_activation": "начать активацию",
    "end_activation": "закончить активацию",
    "end_turn": "закончить ход",
    "fire": "огонь",
    "remove_suppression": "расподавление",
    "go_prone": "залечь",
    "stand_up": "выйти из залегания",
    "move": "движение",
    "combat_move": "боевое движение",
    "march_move": "походный порядок",
    "charge": "атака (ближний бой)",
    "reorganise": "реорганизация",
    "rally": "тест на воодушевление",
    "observe": "наблюдение",
    "communicate": "выход на связь",
    "embark": "погрузка",
    "disembark": "выгрузка",
    "unlimber": "отцепить орудие",
    "psi_power": "пси-способность",
    "panic_recovery": "выйти из паники",
    "no_step_back": "«Ни шагу назад!»",
    "pass_action": "передать действие",
    "morale_test": "тест на боевой дух",
    "reaction_test": "тест на реакцию",
    "commander_replacement": "замена командира",
    "hits": "попадания",
    "surrender": "сдача (Бегущий, враг ближе 12\")",
}

LABELS = {
    "action": _ACTIONS,
    "parameter": {
        "target": "цель",
        "weapons": "стреляющее оружие",
        "distance": "расстояние в дюймах",
        "cover": "укрытие",
        "exposed": "фигуры вне укрытия",
        "terrain": "местность",
        "path": "путь",
        "surrounding": "окружающая местность",
        "blades": "атака с холодным оружием",
        "melee_terrain": "местность рукопашной",
        "mode": "вид движения",
        "direction": "направление",
        "leaves_cover": "покидает укрытие",
        "leaves_table": "покидает стол",
        "power": "пси-способность",
        "line_of_sight": "в прямой видимости",
        "open": "на открытой местности",
        "radio": "радио или телефон у обоих",
        "psionic": "псионик",
        "medical_vehicle": "дюймов до медицинской машины",
        "surgeon": "полевой хирург",
        "vehicle": "транспорт",
        "farthest": "дюймов до самой дальней фигуры",
        "cover_protects": "укрытие защищает",
        "enemy": "противник",
        "enemies": "противники в поле зрения",
        "squad": "отделение",
        "armoured": "бронированная цель",
        "nearest_friend": "дюймов до ближайших дружественных войск",
        "nearest_enemy": "дюймов до ближайшего противника",
    },
    "pending": {
        **_ACTIONS,
        "melee": "рукопашная",
        "panic_test": "тест на панику",
    },
    "dice": {
        "shooter.quality": "куб качества стрелка",
        "shooter.rof": "куб скорострельности стрелкового оружия",
        "shooter.support.{n}": "куб {nth} оружия поддержки",
        "target.range": "куб дальности",
        "hit.{n}.power": "мощь {nth} попадания",
        "hit.{n}.armour": "броня против {nth} попадания",
        "hit.{n}.block": "блок для {nth} попадания",
        "hit.{n}.figure": "фигура для {nth} попадания",
        "reaction.{action}": "тест на реакцию",
        "reorg.{figure}": "судьба: {figure}",
        "morale.quality": "тест на боевой дух",
        "panic.quality": "тест на панику",
        "no_step_back.test": "тест «Ни шагу назад!»",
        "move.combat": "боевое движение",
        "commander.replacement": "лидерство нового командира",
        "charge.quality": "тест на атаку",
        "charge.move": "движение атаки",
        "charge.second_move": "второе движение атаки",
        "charge.retest": "повторный тест на атаку",
        "melee.{figure}": "куб рукопашной: {figure}",
        "fate.{figure}": "судьба: {figure}",
        "psi.roll": "куб пси",
        "murder.power": "мощь пси-убийства",
        "murder.armour": "броня против пси-убийства",
        "command.quality": "командирский тест",
        "rally.comms": "куб связи",
        "rally.quality": "тест на воодушевление",
    },
    "decision": {
        "sniper.victim": "жертва снайпера",
        "hit.{n}.figure": "фигура для {nth} попадания",
        "backpack.blast": "фигуры, задетые взрывом ранцевого огнемёта",
        "commander.successor": "кто примет командование",
        "charge.free_fire": "свободный огонь по атакующим",
        "melee.pairs": "пары в рукопашной",
        "psi_blast": "пси-удар: два уровня боевого духа или паника",
        "murder.victim": "жертва пси-убийства",
        "murder.shooter": "кто обратит оружие против товарища",
    },
    "option": {
        "two_grades": "потерять два уровня боевого духа",
        "panic": "впасть в панику",
    },
    "outcome": {
        "true": "пройден",
        "false": "не пройден",
        "no_effect": "без эффекта",
        "suppress": "подавлено",
        "suppress_and_hits": "подавлено, попаданий: {hits}; убито: {killed}, ранено: {wounded}",
        "suppress_and_hits_chosen": "подавлено, попаданий: {hits} (жертв выбирает игрок)",
    },
    "unit fact": {
        "morale": "боевой дух",
        "starting_morale": "исходный боевой дух",
        "suppression": "подавление",
        "suppression_markers": "подавление",
        "prone": "залегание",
        "cover": "укрытие",
        "casualties": "потери",
        "unchecked_casualties": "непроверенные потери",
        "figures": "фигурки",
        "figures_left": "осталось фигурок",
        "fighting": "в бою",
        "killed": "убиты",
        "wounded": "ранен",
        "quality": "качество",
        "leadership": "лидерство",
        "panicking": "паника",
        "presence": "положение",
        "no_step_back": "«Ни шагу назад!»",
    },
    "error": {
        "march_not_allowed": "Походный порядок здесь не разрешён.",
        "weapon_out_of_range": "Цель вне досягаемости этого оружия.",
        "target_out_of_range": "Цель за пределами зон дальности.",
        "not_covered": "Правила не описывают этот случай.",
        "die_above_d12": "Куб стал бы больше к12, а этого правила не определяют.",
        "unknown_fatigue": "Неизвестный уровень усталости.",
        "unknown_threat_factor": "Неизвестный фактор угрозы.",
        "unknown_terrain_class": "Неизвестный класс местности.",
        "unknown_weapon": "Неизвестное оружие.",
        "unknown_armour": "Неизвестная броня.",
        "unknown_movement_class": "Неизвестный класс движения.",
        "unknown_terrain": "Неизвестная местность.",
        "unknown_motivation": "Неизвестный уровень мотивации.",
        "unknown_quality": "Неизвестный уровень качества.",
        "unknown_morale_grade": "Неизвестный уровень боевого духа.",
        "unknown_reaction_action": "Неизвестное действие для теста на реакцию.",
        "unknown_psi_power": "Неизвестная пси-способность.",
        "bad_soldier": "По правилам такого бойца выставить нельзя.",
        "bad_squad": "По правилам такое отделение выставить нельзя.",
        "bad_motivation": "Неизвестный уровень мотивации.",
        "squad_without_commander": "У отделения нет командира среди отправленных бойцов.",
    },
    "morale": {
        "confident": "Уверенный",
        "steady": "Стойкий",
        "shaken": "Потрясённый",
        "broken": "Разбитый",
        "routing": "Бегущий",
    },
    "fatigue": {
        "fresh": "свежие",
        "tired": "уставшие",
        "exhausted": "истощённые",
    },
    "motivation": {
        "low": "низкая",
        "medium": "средняя",
        "high": "высокая",
    },
    "quality": {
        "untrained": "необученные",
        "recruit": "новобранцы",
        "regular": "регулярные",
        "veteran": "ветераны",
        "elite": "элита",
    },
    # a number's "none" answer (null), by parameter (§2.15)
    "absent": {
        "nearest_friend": "дружественных войск на столе нет",
    },
    "cover": {
        "none": "нет",
        "light": "лёгкое укрытие",
        "hard": "капитальное укрытие",
    },
    "position": {
        "on_table": "на столе",
        "left_table": "ушёл со стола",
        "removed": "снят со стола",
        "surrendered": "сдался",
    },
    "casualty": {
        "ok": "невредим",
        "unchecked": "непроверенная потеря",
        "wounded_unchecked": "непроверенная потеря",
        "stabilised": "стабилизирован",
        "returned": "вернулся в строй",
        "returned_to_duty": "вернулся в строй",
        "destroyed": "уничтожен",
        "replaced": "командир заменён",
        "killed": "убит",
        "prisoner": "в плену",
    },
    "terrain class": {
        "easy": "легкопроходимая",
        "difficult": "пересечённая",
        "very difficult": "сильнопересечённая",
        "impassable": "недоступная",
    },
    "presence": {
        "on_table": "на столе",
        "left_table": "покинул стол",
        "removed": "снят со стола",
        "surrendered": "сдался",
    },
    "figure status": {
        "ok": "в строю",
        "wounded_unchecked": "непроверенная потеря",
        "stabilised": "стабилизирован",
        "returned": "вернулся в строй",
        "killed": "убит",
        "prisoner": "в плену",
        "destroyed": "уничтожен",
        "lost_in_melee": "потерян в ближнем бою",
    },
    "action kind": {
        "charge": "идти в атаку",
        "leave cover": "покидать укрытие",
        "leave cover to retreat": "покидать укрытие для отхода",
        "move": "двигаться",
        "move away from enemy": "отходить от противника",
        "move toward cover": "двигаться к укрытию",
        "move toward enemy": "сближаться с противником",
        "move toward own edge": "двигаться к своему краю стола",
        "other": "делать прочее",
        "shoot": "стрелять",
        "shoot back": "отстреливаться",
    },
    "morale grade rule": {
        "may carry out all orders without limits": "может выполнять любые приказы без ограничений",
        "any order except those that bring it closer to the enemy; leaves cover only after a reaction test": "любые приказы, кроме сближения с противником; покидает укрытие только после теста на реакцию",
        "only: move toward its own table edge; move toward cover; leave cover to retreat without approaching the enemy; shoot only at an enemy that already shot at it this turn": "только: двигаться к своему краю стола; двигаться к укрытию; покидать укрытие для отхода, не сближаясь с противником; стрелять только по противнику, который уже стрелял по нему в этот ход",
        "only movement toward its own table edge; cannot stop; surrenders if an enemy is within 12 inches": "только движение к своему краю стола; не может остановиться; сдаётся, если противник ближе 12 дюймов",
    },
    "deed": {
        "embark": "погрузиться",
        "disembark": "выгрузиться",
        "unlimber its gun": "отцепить орудие",
        "go prone": "залечь",
        "fire": "вести огонь",
        "move except away from the enemy": "двигаться иначе, чем от противника",
        "stand up": "выйти из залегания",
        "charge": "броситься в ближний бой",
    },
    "direction": {
        "toward_enemy": "к противнику",
        "away_from_enemy": "от противника",
        "toward_own_edge": "к своему краю стола",
        "toward_cover": "к укрытию",
        "other": "иначе",
    },
    "move mode": {
        "normal": "обычное движение",
        "combat": "боевое движение",
        "march": "походный порядок",
    },
    "reading": {
        "mixed_path_terrain": "движение через несколько классов местности",
        "combat_move_terrain_modified": "местность замедляет боевое движение",
        "wheeled_bushes": "кустарник для колёсной техники",
        "wheeled_dense_bushes": "густой кустарник для колёсной техники",
        "rails_for_other_classes": "рельсы для нерельсового транспорта",
        "zone_boundary": "цель на границе зон",
        "recruit_zones": "зоны дальности новобранцев",
        "range_die_above_d12": "кубик дальности выше к12",
        "light_cover_vs_fragmentation": "лёгкое укрытие от осколков",
        "rof_rounding": "округление скорострельности",
        "rof_above_12": "скорострельность больше 12",
        "rof_pistol": "скорострельность пистолета",
        "rof_shotgun": "скорострельность дробовика",
        "rof_automat": "скорострельность автомата",
        "rof_improved_automat": "скорострельность улучшенного автомата",
        "rof_best_automat": "скорострельность лучшего автомата",
        "mixed_small_arms_power": "мощность разного стрелкового оружия",
        "grenade_launcher_fragmentation": "попадания гранатомёта — осколочные",
        "killed_threshold": "когда попадание убивает",
        "hit_allocation": "распределение попаданий",
        "hits_without_replacement": "фигура поражается один раз за выстрел",
        "robot_undamaged_killed": "«убит» для неповреждённого робота",
        "suit_or_horse_loss_is_casualty": "потеря брони или коня — потеря",
        "robot_destroyed_is_casualty": "уничтоженный робот — потеря",
        "backpack_explosion_hits": "кого задевает взрыв ранцевого огнемёта",
        "charge_threat_confident": "угроза атаки Уверенного отделения",
        "shaken_may_charge": "Потрясённое отделение может атаковать",
        "charge_short_no_casualties": "ответный огонь без потерь",
        "charge_still_short": "атака так и не дошла",
        "fearsome_doubling": "что удваивают «страшные» атакующие",
        "melee_die_above_d12": "кубик рукопашной выше к12",
        "post_melee_tie_first": "кто проверяется первым после равной рукопашной",
        "post_melee_second_threat": "угроза второй стороны после рукопашной",
        "melee_winner_wounded": "раненые победителя рукопашной",
        "melee_tie": "ничья в рукопашной",
        "medic_surgeon_stacking": "санитар и полевой хирург вместе",
        "morale_half_rule": "правило половины для боевого духа",
        "morale_below_routing": "боевой дух ниже Бегущего",
        "threat_first_suppressed_low": "первое подавление, низкая мотивация",
        "threat_first_suppressed_medium": "первое подавление, средняя мотивация",
        "threat_first_suppressed_high": "первое подавление, высокая мотивация",
        "threat_casualties_low": "потери от огня, низкая мотивация",
        "threat_casualties_medium": "потери от огня, средняя мотивация",
        "threat_casualties_high": "потери от огня, высокая мотивация",
        "threat_lost_more_than_remain_medium": "потеряно больше, чем осталось, средняя мотивация",
        "threat_lost_more_than_remain_high": "потеряно больше, чем осталось, высокая мотивация",
        "threat_commander_lost_low": "потерян командир, низкая мотивация",
        "threat_commander_lost_high": "потерян командир, высокая мотивация",
        "prone_move_threat": "угроза движения ползком",
        "shaken_leave_cover_threat": "угроза выхода Потрясённого отделения из укрытия",
        "panic_outside_activation": "паника вне активации",
        "panic_triggers_cumulative": "поводы для паники накапливаются по уровням",
        "no_step_back_enemy_counts": "какие враги считаются для «Ни шагу назад!»",
        "no_step_back_timing": "когда проходит тест «Ни шагу назад!»",
        "no_step_back_end": "когда кончается «Ни шагу назад!»",
        "no_step_back_clears_suppression": "«Ни шагу назад!» снимает подавление",
        "psi_success_comparison": "когда пси-способность срабатывает",
        "psi_below_d4": "пси-кубик ниже к4",
        "suppressed_psionic_may_use_powers": "подавленный псионик может применять способности",
        "psi_power_once_per_activation": "каждая способность раз за активацию",
        "psionic_armour": "кубик брони псионика",
        "android_psi_resist": "как андроиды сопротивляются пси",
        "psi_inspire_default_leadership": "лидерство вдохновения без лидерства",
        "rally_threat": "угроза при воодушевлении",
        "rally_contact_inclusive": 'связь для воодушевления ровно на 6"',
        "comms_below_d4": "кубик связи ниже к4",
        "suppressed_commander_may_rally": "подавленный командир может воодушевлять",
    },
    "reading value": {
        "action": "действие отделения",
        "additive_factors": "сумма факторов «+»",
        "all_figures": "все фигуры в 4\"",
        "always_d6": "всегда к6",
        "as_printed": "как напечатано",
        "at_least": "бросок ≥ числа",
        "at_least_3x": "мощь ≥ 3 × броня",
        "attacker": "атакующий",
        "best_only": "только лучший",
        "better_of": "лучший из двух кубиков",
        "better_than_broken": "лучше Разбитого",
        "broken_only": "только Разбитые",
        "broken_or_routing": "Разбитые или Бегущие",
        "cap": "остаётся к12",
        "charge_fails": "атака срывается",
        "clamp": "остаётся Бегущим",
        "clamp_d4": "бросается к4",
        "cumulative": "складываются",
        "defender": "обороняющийся",
        "destroyed": "уничтожен",
        "difficult": "пересечённая",
        "down_to_die": "вниз до ближайшего кубика",
        "easy": "легкопроходимая",
        "example_5": "как в примере 5",
        "first_side_casualties": "потери первой стороны",
        "free": "в любой момент, бесплатно",
        "generic_die": "кубик с равным числом граней",
        "greater_than": "бросок > числа",
        "highest": "наибольшая мощь",
        "immobilised": "обездвижен",
        "impassable": "недоступная",
        "impossible": "невозможно",
        "inner": "ближняя зона",
        "ladder_die_reroll": "кубик лестницы с перебросом",
        "lowest": "наименьшая мощь",
        "min_quality_d6": "худший из качества и к6",
        "more_than_3x": "мощь > 3 × броня",
        "most_numerous_tie_higher": "самое многочисленное, при равенстве — большая",
        "most_numerous_tie_lower": "самое многочисленное, при равенстве — меньшая",
        "next_activation_free": "следующая активация свободна",
        "next_activation_spent": "следующая активация потрачена",
        "next_turn": "в следующий ход",
        "none": "нет",
        "not_routing": "не Бегущие",
        "outer": "дальняя зона",
        "own_casualties": "свои потери",
        "own_unit_only": "только своё подразделение",
        "per_segment": "по участкам",
        "psi_die": "пси-кубик",
        "refuse": "отказ",
        "return_to_start": "возврат на исходную",
        "returned_to_duty": "возвращаются в строй",
        "roll_again": "сразу перебросить",
        "second_move_without_test": "второе движение без теста",
        "stay_where_ended": "остаются, где остановились",
        "surrender": "сдача",
        "surrounding_terrain": "окружающая местность",
        "target_player_picks": "выбирает игрок цели",
        "threat_and_leadership": "угроза и лидерство",
        "threat_total": "сумма угрозы",
        "twice_roll_at_most_needed": "двойной бросок ≤ нужного числа",
        "twice_roll_at_most_threshold": "двойной бросок ≤ порога",
        "unchecked_casualty": "непроверенные потери",
        "uniform": "равные зоны по 6\"",
        "very_difficult": "сильнопересечённая",
        "worst_class": "худший пройденный класс",
    },
    "system": {
        "steelwar": "Стальная война",
    },
    "role": {
        "commander": "командир",
        "rifleman": "стрелок",
        "machine_gunner": "пулемётчик",
        "support_gunner": "стрелок оружия поддержки",
        "sniper": "снайпер",
        "medic": "санитар",
        "radio_operator": "радист",
        "psionic": "псионик",
        "crew": "член расчёта",
        "flamethrower": "огнемётчик",
        "officer": "офицер",
        "driver": "водитель",
        "gunner": "наводчик",
        "loader": "заряжающий",
    },
    "rules vocabulary": {
        "weapon": "оружие",
        "armour": "броня",
        "movement class": "класс движения",
        "terrain": "местность",
        "motivation": "мотивация",
        "threat factor": "фактор угрозы",
        "quality": "качество",
        "morale grade": "уровень боевого духа",
        "reaction action": "действие теста на реакцию",
        "psi power": "пси-способность",
    },
}

#: English template -> Russian template.
SENTENCES = {
    "enemies in view: name the enemy squads in direct line of sight":
        "противники в поле зрения: укажите вражеские отделения в прямой видимости",
    "inches to the nearest enemy: give a number of inches":
        "дюймов до ближайшего противника: укажите число дюймов",
    "inches to the nearest enemy: give a number of inches, not {value!r}":
        "дюймов до ближайшего противника: укажите число дюймов, а не {value!r}",
    "inches to the nearest friendly troops: give a number of inches or \"none on the table\"":
        "дюймов до ближайших дружественных войск: укажите число дюймов или «дружественных войск "
        "на столе нет»",
    "inches to the nearest friendly troops: give a number of inches or \"none on the table\", not {value!r}":
        "дюймов до ближайших дружественных войск: укажите число дюймов или «дружественных войск "
        "на столе нет», а не {value!r}",
    "\"Not one step back!\" ends only when no enemy but {allowed} ones is left in view of {squad}":
        "«Ни шагу назад!» кончается, только когда в поле зрения {squad} не остаётся противников, кроме {allowed}",
    "'Not one step back!' is not allowed: {conditions}":
        "«Ни шагу назад!» не разрешено: {conditions}",
    "a Shaken squad never moves closer to the enemy (§2.12)":
        "Потрясённый отряд никогда не сближается с противником (§2.12)",
    "a battle needs at least two sides":
        "в битве нужно хотя бы две стороны",
    "a combat move rolls {count}d6, got {got} dice (§2.1)":
        "боевое движение бросает {count}к6, получено кубов: {got} (§2.1)",
    "a combat move's distance is rolled (2d6\"): declare it without one and move up to the rolled allowance":
        "дистанция боевого движения бросается (2к6\"): объявите его без дистанции и двигайтесь не дальше выпавшего",
    "a destroyed robot cannot be hit again (§2.9)":
        "по уничтоженному роботу нельзя попасть снова (§2.9)",
    "a figure cannot be on both sides of a melee (§2.10)":
        "боец не может быть по обе стороны ближнего боя (§2.10)",
    "a figure must be a mapping":
        "боец должен быть словарём",
    "a figure with a count cannot have one id":
        "у бойца с count не может быть одного id",
    "a hit result is killed, wounded or no_effect, not {result!r} (§2.8)":
        "результат попадания — killed, wounded или no_effect, а не {result!r} (§2.8)",
    "a melee fate is killed, wounded or unharmed, not {fate!r} (§2.10)":
        "исход ближнего боя — killed, wounded или unharmed, а не {fate!r} (§2.10)",
    "a melee needs at least one defender (§2.10)":
        "в ближнем бою нужен хотя бы один защитник (§2.10)",
    "a melee pair is (attacker, defender), not {pair!r}":
        "пара ближнего боя — (атакующий, защитник), а не {pair!r}",
    "a morale change is a whole number of grades, not {delta!r} (§2.12)":
        "изменение боевого духа — целое число уровней, а не {delta!r} (§2.12)",
    "a move cannot go both toward and away from the enemy":
        "движение не может быть одновременно к противнику и от него",
    "a move crosses at least one terrain class (§2.1)":
        "движение проходит хотя бы через один класс местности (§2.1)",
    "a robot is ok, immobilised or destroyed, not {status!r}":
        "робот — ok, immobilised или destroyed, а не {status!r}",
    "a shot needs at least one weapon (§2.3)":
        "для выстрела нужно хотя бы одно оружие (§2.3)",
    "a side must be a mapping":
        "сторона должна быть словарём",
    "a squad cannot go prone in water (§2.4)":
        "отряд не может залечь в воде (§2.4)",
    "a squad has at most one commander":
        "в отряде не больше одного командира",
    "a squad leaves the table only by its own edge (direction toward_own_edge)":
        "отряд покидает стол только через свой край (direction toward_own_edge)",
    "a squad must be a mapping":
        "отряд должен быть словарём",
    "a squad needs at least one figure":
        "в отряде нужен хотя бы один боец",
    "a suppressed psionic cannot use psi powers: they have the limitations of shooting (§2.16)":
        "псионик под подавлением не может применять пси-способности: у них ограничения стрельбы (§2.16)",
    "a suppressed squad may reorganise only in cover (§2.7)":
        "отряд под подавлением может проводить реорганизацию только в укрытии (§2.7)",
    "a suppressed vehicle may not do anything that needs its crew or passengers to get out (§2.7)":
        "подавленная техника не может делать ничего, для чего экипажу или пассажирам нужно выйти (§2.7)",
    "a {grade} squad may not {action_kind}: {grade_rule} (§2.12)":
        "отряд с боевым духом «{grade}» не может {action_kind}: {grade_rule} (§2.12)",
    "a {morale_grade} squad never charges (§2.10)":
        "отряд в состоянии «{morale_grade}» никогда не идёт в атаку (§2.10)",
    "a {weapon} is man-sized: it is a figure of kind 'weapon' of its own, with its crew as other figures (§2.9)":
        "{weapon} — оружие размером с человека: это отдельная фигурка вида 'weapon', а расчёт — другие фигурки (§2.9)",
    "another hit allocation roll is needed for {eligible_count} figures (§2.8)":
        "нужен ещё бросок распределения попаданий на {eligible_count} бойцов (§2.8)",
    "armour must be one of {choices} (§3.3)":
        "броня — одно из {choices} (§3.3)",
    "armoured must be true or false":
        "armoured должно быть true или false",
    "at least {least} enemy squads that are neither retreating nor routing must be in direct line of sight (§2.15); {counted} are":
        "в прямой видимости должно быть не меньше {least} отрядов противника, которые не отступают и не бегут (§2.15); их {counted}",
    "attack is aimed or fragmentation, not {attack!r} (§2.4)":
        "attack — aimed или fragmentation, а не {attack!r} (§2.4)",
    "begin_activation needs a 'unit'":
        "begin_activation: нужен 'unit'",
    "beyond zone 1 (12\") a psi power works only on a target in direct line of sight; {target} is in zone {zone}":
        "за пределами зоны 1 (12\") пси-способность действует только на цель в прямой видимости; {target} — в зоне {zone}",
    "both squads must be on the table":
        "оба отряда должны быть на столе",
    "bypassed links must be 0 or more, not {bypassed_links!r} (§2.18)":
        "пропущенных звеньев должно быть 0 или больше, а не {bypassed_links!r} (§2.18)",
    "choose either the default pairing or pairs of your own, not both ({rule})":
        "выберите либо пары по умолчанию, либо свои пары, но не то и другое ({rule})",
    "count must be at least 1":
        "count должно быть не меньше 1",
    "cover is one of none, light, hard; not {cover!r} (§2.4)":
        "cover — одно из none, light, hard, а не {cover!r} (§2.4)",
    "cover must be one of {choices} (§2.4)":
        "укрытие — одно из {choices} (§2.4)",
    "cover_protects must be true or false":
        "cover_protects должно быть true или false",
    "direction is one or more of {directions}; got {value!r}":
        "direction — одно или несколько из {directions}; получено {value!r}",
    "each path segment is [terrain, inches]":
        "каждый отрезок пути — [местность, дюймы]",
    "each psi power is used at most once per activation, like each weapon fires once (§2.16); {power} was already used":
        "каждая пси-способность применяется не больше раза за активацию, как каждое оружие стреляет один раз (§2.16); {power} уже применена",
    "each weapon firing is (weapon_id, count), not {entry!r}":
        "каждое стреляющее оружие — (weapon_id, count), а не {entry!r}",
    "every figure must face at least one opponent and none may stay unengaged (§2.10); unengaged: {figures}":
        "каждый боец должен иметь хотя бы одного противника, никто не может остаться в стороне (§2.10); в стороне: {figures}",
    "fatigue is one of {known}, not {fatigue!r} (§2.17)":
        "усталость — одно из {known}, а не {fatigue!r} (§2.17)",
    "fatigue must be one of {choices} (§2.17), not {fatigue!r}":
        "усталость — одно из {choices} (§2.17), а не {fatigue!r}",
    "figure ids must be unique within a squad":
        "id бойцов в отряде должны быть уникальны",
    "fire needs a 'unit'":
        "fire: нужен 'unit'",
    "go prone":
        "залечь",
    "infantry beyond range zone 5 cannot be fired upon (§2.4); the target is {distance}\" from d{quality_die} shooters ({quality_die}\" zones)":
        "по пехоте дальше зоны дальности 5 стрелять нельзя (§2.4); цель в {distance}\" от стрелков с кубом качества к{quality_die} (зоны по {quality_die}\")",
    "kind must be one of {choices}":
        "kind — одно из {choices}",
    "leadership runs from 1 (best) to 3 (worst) (§2.0)":
        "лидерство — от 1 (лучшее) до 3 (худшее) (§2.0)",
    "leave cover while Shaken":
        "покинуть укрытие, будучи Потрясённым",
    "march order is allowed only on easy terrain (§2.1), not on {terrain_class} terrain":
        "походный порядок разрешён только на легкопроходимой местности (§2.1), а не на местности «{terrain_class}»",
    "march order is allowed only on easy terrain (§2.1); the path crosses {worst} terrain":
        "походный порядок разрешён только на легкопроходимой местности (§2.1); путь проходит через местность «{worst}»",
    "morale must be one of {choices}":
        "боевой дух — одно из {choices}",
    "more hit allocation rolls than hits to allocate (§2.8)":
        "бросков распределения больше, чем попаданий (§2.8)",
    "motivation must be one of {choices} (§2.17), not {motivation!r}":
        "мотивация — одно из {choices} (§2.17), а не {motivation!r}",
    "move without leaving prone":
        "двигаться, не выходя из залегания",
    "movement class must be one of {choices} (§3.1)":
        "класс движения — одно из {choices} (§3.1)",
    "no activation is in progress":
        "сейчас нет активации",
    "no figure is left to take a hit ({eligible_count!r})":
        "не осталось бойцов, чтобы принять попадание ({eligible_count!r})",
    "no friendly troops may be within {inches}\" (§2.15)":
        "в пределах {inches}\" не должно быть никаких дружественных войск (§2.15)",
    "no melee roll for {pair} (§2.10)":
        "нет броска ближнего боя для {pair} (§2.10)",
    "no one in {target} has a weapon to turn on a comrade":
        "ни у кого в {target} нет оружия, чтобы обратить его против товарища",
    "odds of {action} are not implemented yet ({rule})":
        "шансы для {action} ещё не реализованы ({rule})",
    "odds with hits allocated with replacement (house rule hits_without_replacement=false, §2.8) are not implemented yet":
        "шансы при распределении попаданий с возвращением (домашнее правило hits_without_replacement=false, §2.8) ещё не реализованы",
    "only a commander directly above the squad in its chain of command may rally it (§2.18); {officer} is not above {squad}":
        "воодушевить отделение может только командир прямо над ним в цепи командования (§2.18); {officer} не над {squad}",
    "pair ({a}, {d}) is listed twice (§2.10)":
        "пара ({a}, {d}) указана дважды (§2.10)",
    "pair ({a}, {d}) must join an attacking and a defending figure of this melee (§2.10)":
        "пара ({a}, {d}) должна соединять атакующего и защитника этого ближнего боя (§2.10)",
    "path is a list of [terrain, inches]":
        "path — список пар [местность, дюймы]",
    "picking one of {n} figures needs {dice_count} value(s) (d{dice}), got {values_count} (§2.8)":
        "для выбора одного из {n} бойцов нужно значений: {dice_count} (к{dice}), получено {values_count} (§2.8)",
    "psi powers affect people only, not vehicles or robots: {target} has no one in it":
        "пси-способности действуют только на людей, не на технику и роботов: в {target} никого нет",
    "quality must be a grade ({grades}) or a die d4..d12, not {value!r} (§2.0)":
        "качество — уровень ({grades}) или куб к4..к12, а не {value!r} (§2.0)",
    "rails are classified only for rail transport (§3.1); name the terrain around the rails for {movement_class}":
        "рельсы классифицированы только для железнодорожной техники (§3.1); укажите местность вокруг рельсов для {movement_class}",
    "rally {squad}":
        "воодушевить {squad}",
    "reorganisation cannot be repeated in the same activation (§2.11)":
        "реорганизацию нельзя повторить в ту же активацию (§2.11)",
    "robots cannot be healed by reorganisation (§2.11)":
        "роботов нельзя вылечить реорганизацией (§2.11)",
    "side ids must be unique":
        "id сторон должны быть уникальны",
    "squad id {id!r} is used twice":
        "id отряда {id!r} использован дважды",
    "suppressed infantry may only observe, communicate, reorganise in cover, remove suppression or move away from the enemy (§2.7), not {action}":
        "пехота под подавлением может только вести наблюдение, выходить на связь, проводить реорганизацию в укрытии, снимать подавление или отходить от противника (§2.7), но не {action}",
    "suppressed infantry may reorganise only in cover (§2.7)":
        "пехота под подавлением может проводить реорганизацию только в укрытии (§2.7)",
    "terrain is a terrain id or a list of them":
        "terrain — id местности или их список",
    "the '+' factors of the threat table need the side's motivation (§3.4)":
        "для факторов «+» таблицы угроз нужна мотивация стороны (§3.4)",
    "the base speed of {unit_kind!r} is in a chapter missing from the Steel War source (only infantry 6\" and tank 12\" are known, §3.1); give the speed in the scenario":
        "базовая скорость {unit_kind!r} — в главе, утраченной в источнике «Стальной войны» (известны только пехота 6\" и танк 12\", §3.1); укажите скорость в сценарии",
    "the commander needs contact with the squad: radio or telephone on both sides, or within 6\" and in direct line of sight (§2.18)":
        "командиру нужна связь с отделением: радио или телефон с обеих сторон, либо в пределах 6\" и в прямой видимости (§2.18)",
    "the count of {factor} must be a non-negative whole number, not {count!r} (§3.4)":
        "число {factor} должно быть целым неотрицательным, а не {count!r} (§3.4)",
    "the evasion die against guided missiles is not in the Steel War source (§2.3); the engine will not invent it":
        "куба уклонения от управляемых ракет нет в источнике «Стальной войны» (§2.3); движок его не выдумывает",
    "the farthest {verb} figure must be within 6\" of the vehicle (§2.2); it is {inches}\" away":
        "самая дальняя фигурка ({verb}) должна быть в пределах 6\" от техники (§2.2); она в {inches}\"",
    "the guidance-system die of heavy and vehicle weapons is not in the Steel War source (§2.3); the engine will not invent it":
        "куба системы наведения тяжёлого оружия и оружия техники нет в источнике «Стальной войны» (§2.3); движок его не выдумывает",
    "the melee die would improve past d12, which the rules do not define (§2.10)":
        "куб ближнего боя улучшился бы сверх к12, а этого правила не определяют (§2.10)",
    "the move is {distance:g}\" but the allowance is {allowance}\"":
        "движение — {distance:g}\", а разрешено {allowance}\"",
    "the number of {weapon_id} firing must be a positive whole number, not {count!r}":
        "число стреляющих {weapon_id} должно быть целым положительным, а не {count!r}",
    "the path does not fit a move of {speed}\" (each inch costs 1, 2 or 3 by terrain)":
        "путь не укладывается в движение на {speed}\" (каждый дюйм стоит 1, 2 или 3 по местности)",
    "the psi die is d4..d12 (§3.7)":
        "куб пси-качества — к4..к12 (§3.7)",
    "the rallying commander must be on the table (§2.18)":
        "воодушевляющий командир должен быть на столе (§2.18)",
    "the range die would improve past d12, which the rules do not define (§2.4)":
        "куб дальности улучшился бы сверх к12, а этого правила не определяют (§2.4)",
    "the rules cover a support weapon firing alone or with the squad's small arms (§2.3, §2.5); different support weapons ({weapons}) firing without small arms are not covered: fire them in separate actions":
        "правила описывают оружие поддержки, стреляющее отдельно или вместе со стрелковым оружием отряда (§2.3, §2.5); разное оружие поддержки ({weapons}) без стрелкового — не описано: стреляйте им в отдельных действиях",
    "the setup must be a mapping":
        "расстановка должна быть словарём",
    "the shooter rolls {count} dice, got {got} (§2.3)":
        "стрелок бросает кубов: {count}, получено {got} (§2.3)",
    "the small arms' rate of fire totals {total:g}, more than d12 (§2.5); split the fire over two actions":
        "скорострельность стрелкового оружия в сумме {total:g}, больше к12 (§2.5); разделите огонь на два действия",
    "the sniper's chosen victim {victim!r} is not a figure of the target unit (§2.9)":
        "выцеленная снайпером жертва {victim!r} — не боец отряда-цели (§2.9)",
    "the squad must be Shaken or better (§2.15), not {morale}":
        "отряд должен быть Потрясённым или лучше (§2.15), а не «{morale}»",
    "the {weapon} reaches at most {limit:g}\" (§2.4); the target is {distance}\" away":
        "{weapon} достаёт не дальше {limit:g}\" (§2.4); цель в {distance}\"",
    "the {what} must be a die d4..d12, not {die!r} ({rule})":
        "{what}: должен быть куб к4..к12, а не {die!r} ({rule})",
    "there is no squad {squad_id!r}":
        "нет отряда {squad_id!r}",
    "unknown action kind {action_kind!r}; known: {known}":
        "неизвестный вид действия {action_kind!r}; известны: {known}",
    "unknown action {action!r}; known: {known}":
        "неизвестное действие {action!r}; известны: {known}",
    "unknown figure kind {figure_kind!r} (§2.8); known: {known}":
        "неизвестный вид фигурки {figure_kind!r} (§2.8); известны: {known}",
    "unknown key {key!r} (allowed: {allowed})":
        "неизвестный ключ {key!r} (допустимы: {allowed})",
    "unknown panic event {event_kind!r} (§2.14); known: {known}":
        "неизвестное событие паники {event_kind!r} (§2.14); известны: {known}",
    "unknown terrain class {terrain_class!r} (§2.1); known: {known}":
        "неизвестный класс местности {terrain_class!r} (§2.1); известны: {known}",
    "unknown {kind} {value!r} ({rule}); known: {known}":
        "неизвестное значение ({kind}) {value!r} ({rule}); известны: {known}",
    "vehicle armour and penetration are not in the Steel War source (§9); the engine will not invent them":
        "брони техники и бронепробития нет в источнике «Стальной войны» (§9); движок их не выдумывает",
    "{action} needs a 'unit'":
        "{action}: нужен 'unit'",
    "{action} needs the 'unit' that sees the enemy":
        "{action}: нужен 'unit', который видит противника",
    "{action} needs the parameter {name!r}":
        "{action}: нужен параметр {name!r}",
    "{action} takes {squad}'s whole activation, and it has already acted":
        "{action} занимает всю активацию {squad}, а он уже действовал",
    "{active} is still activated: end its activation first":
        "{active} ещё активирован: сначала завершите его активацию",
    "{defender} has nobody who can fight in melee (robots and power-armour suits cannot); the source has no rule for charging it":
        "в {defender} некому вести ближний бой (роботы и бронескафы не могут); правил атаки на такой отряд в источнике нет",
    "{defender} is already fighting a melee; the source has no rule for joining one":
        "{defender} уже ведёт ближний бой; правил вступления в чужой бой в источнике нет",
    "{defender} is not infantry or cavalry on the table: only they fight in melee":
        "{defender} — не пехота и не конница на столе: в ближнем бою сражаются только они",
    "{defender} is on {squads} own side":
        "{defender} — на той же стороне, что и {squads}",
    "{eligible_count} figures are more than the allocation dice cover (144) (§2.8)":
        "бойцов ({eligible_count}) больше, чем покрывают кубы распределения (144) (§2.8)",
    "{enemy} is no longer on the table":
        "{enemy} уже нет на столе",
    "{enemy} is not an enemy of {squad}":
        "{enemy} — не противник для {squad}",
    "{enemy} is not on the table":
        "{enemy} нет на столе",
    "{enemy} is on {squads} own side":
        "{enemy} — на той же стороне, что и {squads}",
    "{enemy} is {distance}\" away: a Routing squad surrenders only to an enemy within {limit}\"":
        "{enemy} в {distance}\": Бегущий отряд сдаётся только врагу ближе {limit}\"",
    "{factor!r} is not a {kind} threat factor (§3.4); known: {known}":
        "{factor!r} — не фактор угрозы вида {kind} (§3.4); известны: {known}",
    "{figure} cannot reach {target} in psi zone {zone} ({distance:g}\"): his psi die d{psi_die} would fall below d4, one step per zone beyond the first":
        "{figure} не достаёт до {target} в пси-зоне {zone} ({distance:g}\"): его куб пси-качества к{psi_die} упал бы ниже к4, по ступени за каждую зону после первой",
    "{figure} is no psionic":
        "{figure} — не псионик",
    "{figure} is {status}":
        "{figure}: {status}",
    "{id} is embarked in unknown squad {embarked_in!r}":
        "{id} погружен в неизвестный отряд {embarked_in!r}",
    "{key} has the wrong type: {value!r}":
        "у {key} неверный тип: {value!r}",
    "{key} is required":
        "нужно {key}",
    "{key} must be a list of distinct formation ids, top down (§2.18)":
        "{key} — список разных id подразделений сверху вниз (§2.18)",
    "{key} must not be true/false":
        "{key} не может быть true/false",
    "{name} must be a list of ids, not {value!r}":
        "{name}: нужен список id, а не {value!r}",
    "{name} must be a non-negative number, not {value!r}":
        "{name}: нужно неотрицательное число, а не {value!r}",
    "{name} must be a string, not {value!r}":
        "{name}: нужна строка, а не {value!r}",
    "{name} must be one of {allowed}; got {value!r}":
        "{name}: нужно одно из {allowed}; получено {value!r}",
    "{name} must be true or false, not {value!r}":
        "{name}: нужно true или false, а не {value!r}",
    "{name} names an id twice":
        "{name}: id указан дважды",
    "{officer} cannot rally {squad}, a squad of the enemy":
        "{officer} не может воодушевить {squad}: это отряд противника",
    "{officer} cannot reach {squad}: its quality die d{quality} worsened by {links} bypassed link of the chain of command falls below d4":
        "{officer} не достаёт до {squad}: его куб качества к{quality}, ухудшенный на {links} пропущенное звено цепи командования, падает ниже к4",
    "{officer} cannot reach {squad}: its quality die d{quality} worsened by {links} bypassed links of the chain of command falls below d4":
        "{officer} не достаёт до {squad}: его куб качества к{quality}, ухудшенный на пропущенные звенья цепи командования ({links}), падает ниже к4",
    "{officer} commands no formation: only a commander directly above a squad in its chain of command may rally it":
        "{officer} не командует подразделением: воодушевить отделение может только командир прямо над ним в цепи командования",
    "{power} does not work on a unit of {figures} figure(s) (§3.6)":
        "{power} не действует на отряд из {figures} фигурок (§3.6)",
    "{power} needs {threshold} on the psi die and in zone {zone} {figure} rolls d{sides}: it could never work":
        "«{power}» требует {threshold} на кубе пси-качества, а в зоне {zone} {figure} бросает к{sides}: это никогда не сработает",
    "{power} works on the psionic's own squad only":
        "«{power}» действует только на собственный отряд псионика",
    "{reason} ({rule})":
        "{reason} ({rule})",
    "{roll!r} is not a face of the {what} d{die} ({rule})":
        "{roll!r} — не грань куба к{die} ({what}) ({rule})",
    "{squads} melee has already been fought this turn: it goes on next turn":
        "ближний бой {squads} в этот ход уже проведён: он продолжится в следующий ход",
    "{squad} already stands in \"Not one step back!\"":
        "{squad} уже стоит насмерть («Ни шагу назад!»)",
    "{squad} cannot charge: only infantry and cavalry fight in melee; robots and power-armour suits cannot":
        "{squad} не может идти в атаку: в ближнем бою сражаются только пехота и конница; роботы и бронескафы — нет",
    "{squad} cannot {what}: {reason}":
        "{squad} не может {what}: {reason}",
    "{squad} failed its reaction test to {what} this turn and may try again only next turn":
        "{squad} провалил в этот ход тест на реакцию (попытка {what}) и может повторить только в следующий ход",
    "{squad} has already been activated in turn {turn}":
        "{squad} уже активировался в ход {turn}",
    "{squad} has already tried to remove suppression twice this activation":
        "{squad} уже дважды пытался снять подавление в эту активацию",
    "{squad} has no fighting figure left":
        "в {squad} не осталось боеспособных бойцов",
    "{squad} has no figure {figure_id!r}":
        "в {squad} нет бойца {figure_id!r}",
    "{squad} has no gun hitched or packed":
        "у {squad} нет орудия на передке или в походном положении",
    "{squad} has no psionic in the ranks":
        "в {squad} нет псионика",
    "{squad} has no rider: only cavalry charges with blades ({rule})":
        "в {squad} нет всадников: «в клинки» атакует только конница ({rule})",
    "{squad} has no suppression marker to remove":
        "у {squad} нет маркера подавления, который можно снять",
    "{squad} has several psionics: name one in 'psionic'":
        "в {squad} несколько псиоников: укажите одного в 'psionic'",
    "{squad} has {left} of its 2 actions left and {action} takes a full activation":
        "{squad}: осталось действий — {left} из 2, а {action} занимает всю активацию",
    "{squad} has {left} of its 2 actions left and {action} takes {actions} action":
        "{squad}: осталось действий — {left} из 2, а {action} требует действий: {actions}",
    "{squad} is a vehicle":
        "{squad} — техника",
    "{squad} is already aboard {embarked_in}":
        "{squad} уже на борту {embarked_in}",
    "{squad} is already prone":
        "{squad} уже в залегании",
    "{squad} is fighting a melee with {enemy}: it fights on with {action}":
        "{squad} ведёт ближний бой с {enemy}: бой продолжается через {action}",
    "{squad} is in \"Not one step back!\": it does not surrender":
        "{squad} стоит насмерть («Ни шагу назад!»): он не сдаётся",
    "{squad} is no longer on the table":
        "{squad} уже нет на столе",
    "{squad} is no longer on the table ({presence})":
        "{squad} уже нет на столе ({presence})",
    "{squad} is not Routing: only a Routing squad surrenders":
        "{squad} не Бегущий: сдаётся только Бегущий отряд",
    "{squad} is not aboard a vehicle":
        "{squad} не на борту техники",
    "{squad} is not fighting a melee":
        "{squad} не ведёт ближний бой",
    "{squad} is not in \"Not one step back!\"":
        "{squad} не в состоянии «Ни шагу назад!»",
    "{squad} is not in cover":
        "{squad} не в укрытии",
    "{squad} is not on the table":
        "{squad} нет на столе",
    "{squad} is not panicking":
        "{squad} не в панике",
    "{squad} is not prone":
        "{squad} не в залегании",
    "{squad} is not under activation: declare begin_activation first":
        "{squad} не активирован: сначала объявите begin_activation",
    "{squad} is panicking and can do nothing but tests to end the panic":
        "{squad} в панике и может только проходить тесты на выход из паники",
    "{squad} is {morale} and a {morale} squad never charges":
        "{squad}: боевой дух «{morale}», а отряд в состоянии «{morale}» никогда не идёт в атаку",
    "{squad} must disembark before deploying its gun":
        "{squad} должен выгрузиться, прежде чем развернуть орудие",
    "{squad} rides {embarked_in}: it disembarks first":
        "{squad} едет на {embarked_in}: сначала выгрузка",
    "{squad} stands in \"Not one step back!\" and has no morale to raise":
        "{squad} стоит насмерть («Ни шагу назад!»): поднимать нечего, боевого духа у него нет",
    "{squad}'s figure {fid} has no weapon":
        "{squad}: у бойца {fid} нет оружия",
    "{squad}'s figure {fid} is {status} and cannot fire":
        "{squad}: боец {fid} — {status}, он не может стрелять",
    "{squad}'s robots are immobilised and can only shoot":
        "{squad}: роботы обездвижены и могут только стрелять",
    "{squad}'s {weapon} ({fid}) has already fired once this activation: each weapon fires once per activation":
        "{squad}: {weapon} ({fid}) уже стрелял один раз в эту активацию: каждое оружие стреляет один раз за активацию",
    "{squad}'s {weapon} ({fid}) has already fired twice this activation: each weapon fires twice per activation":
        "{squad}: {weapon} ({fid}) уже стрелял дважды в эту активацию: каждое оружие стреляет дважды за активацию",
    "{squad}'s {weapon} ({fid}) has no shots left this battle":
        "{squad}: у {weapon} ({fid}) в этой битве не осталось выстрелов",
    "{squad}'s {weapon} is hitched or packed: unlimber it first":
        "{squad}: {weapon} на передке или в походном положении — сначала отцепите",
    "{target} has no figure left on the table to fire at":
        "у {target} на столе не осталось бойцов, по которым можно стрелять",
    "{target} is no longer on the table":
        "{target} уже нет на столе",
    "{target} is on {shooter}'s own side":
        "{target} — на той же стороне, что и {shooter}",
    "{terrain} terrain does not allow movement":
        "местность «{terrain}» не позволяет двигаться",
    "{unit} is not the squad under activation":
        "{unit} — не активированный отряд",
    "{vehicle} belongs to the enemy":
        "{vehicle} принадлежит противнику",
    "{vehicle} carries {capacity} figures and has {aboard} aboard":
        "{vehicle} вмещает {capacity} фигурок, а на борту уже {aboard}",
    "{vehicle} is no longer on the table":
        "{vehicle} уже нет на столе",
    "{vehicle} is not a vehicle":
        "{vehicle} — не техника",
    "{vehicle} is suppressed: a suppressed vehicle may not do anything that needs its crew or passengers to get out":
        "{vehicle} подавлена: подавленная техника не может делать ничего, для чего экипажу или пассажирам нужно выйти",
    "{weapon}s fire only in range zone {limit} (§2.4); the target is in zone {zone} ({distance}\" from d{quality_die} shooters)":
        "{weapon}: огонь только в зоне дальности {limit} (§2.4); цель в зоне {zone} ({distance}\" от стрелков с к{quality_die})",
    "{what} ({rule}) is not implemented yet":
        "{what} ({rule}) ещё не реализовано",
    "{what} must be a non-negative number of inches, not {distance!r}":
        "{what}: нужно неотрицательное число дюймов, а не {distance!r}",
    "{who} runs from 1 (best) to 3 (worst), not {leadership!r} (§2.0)":
        "{who}: от 1 (лучшее) до 3 (худшее), а не {leadership!r} (§2.0)",
}
