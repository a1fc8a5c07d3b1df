"""The FUDGE attack sub-tool's messages (ids ``fudge.*``) and the seed's equipment terms."""

from kit.msg import Msg


def _terms(prefix: str, pairs: tuple[tuple[str, str], ...]) -> dict[str, Msg]:
    """Seed terms by their Russian name: English keeps the term in «…» with a gloss."""
    return {ru: Msg(f"fudge.{prefix}.{i}", ru, f"«{ru}» ({en})") for i, (ru, en) in enumerate(pairs)}


WEAPON_CHOSEN = Msg("fudge.weapon_chosen", "Оружие: {weapon}.", "Weapon: {weapon}.")
WEAPONS = _terms(
    "weapon",
    (
        ("Без боевого искусства и оружия", "no martial art or weapon"),
        ("Мелкое оружие, камень, палка, боевой навык", "small weapon, stone, stick, combat skill"),
        ("Кастет, дубинка, сапог", "knuckle-duster, cudgel, boot"),
        ("Дубина, большой камень, нож", "club, big stone, knife"),
        ("Топор, палица, малый меч", "axe, mace, short sword"),
        ("Средний меч, копьё, боевой топор", "medium sword, spear, battle axe"),
        ("Двуручный меч, молот", "two-handed sword, hammer"),
        ("Малый пистолет", "small pistol"),
        ("Пистолет", "pistol"),
        ("Винтовка", "rifle"),
        ("Крупнокалиберная винтовка", "large-calibre rifle"),
        ("Базука", "bazooka"),
    ),
)
DAMAGE_TYPES = _terms(
    "dtype",
    (
        ("Режущий", "cutting"),
        ("Большой пробивающий", "large piercing"),
        ("Средний пробивающий", "medium piercing"),
    ),
)
ARMOUR = _terms(
    "armour",
    (
        ("Тканевая броня", "cloth armour"),
        ("Кожаная броня", "leather armour"),
        ("Кольчуга", "chain mail"),
        ("Легкая чашуйчатая броня", "light scale armour"),
        ("Пластинчатая броня", "plate armour"),
        ("Латы", "full plate"),
        ("Современный бронежилет", "modern body armour"),
    ),
)

ATTACK_TITLE = Msg("fudge.attack_title", "Атака и урон", "Attack and damage")
ODDS_TITLE = Msg("fudge.attack_odds_title", "Шансы атаки", "Attack odds")
ATTACK_DEFENCE = Msg("fudge.attack_defence", "Атака и защита", "Attack and defence")
ATTACK_FIELD = Msg(
    "fudge.attack_field",
    "Атака: атрибут + навык + техника + модификаторы",
    "Attack: attribute + skill + technique + modifiers",
)
RANGE_FIELD = Msg("fudge.range_field", "Дистанция, м (пусто — без штрафа)", "Distance, m (empty: no penalty)")
DODGE_FIELD = Msg(
    "fudge.dodge_field", "Уклонение: атрибут + навык + модификаторы", "Dodge: attribute + skill + modifiers"
)
NO_DODGE_FIELD = Msg(
    "fudge.no_dodge_field",
    "Цель не уклоняется (считается «Очень плохо», −3)",
    "Target does not dodge (counts as «Очень плохо» (very poor), −3)",
)
MIN_HIT_FIELD = Msg("fudge.min_hit_field", "Минимальный уровень попадания", "Minimum hit level")
GRAZE_FIELD = Msg(
    "fudge.graze_field",
    "Задевание без разницы масштабов: не более",
    "Graze without a scale difference: at most",
)
READINGS = Msg(
    "fudge.readings",
    "Как прочитаны правила (§2.3, §3.1): штраф за дистанцию добавляется к сложности — считаемая защита "
    "растёт, итог атаки не меняется; минимальный уровень попадания (−3) сравнивается с итогом атаки; "
    "при разнице масштабов задевание равно 1 + разница масштабов (0, если цель крупнее).",
    "How the rules are read (§2.3, §3.1): the range penalty is added to the difficulty — the counted "
    "defence rises, the attack total stays; the minimum hit level (−3) is compared with the attack total; "
    "with a scale difference a graze equals 1 + the scale difference (0 if the target is bigger).",
)
GRAZE_1 = Msg("fudge.graze_1", "1 урона", "1 damage")
GRAZE_2 = Msg("fudge.graze_2", "2 урона (особо оговорённый случай)", "2 damage (GM's special case)")
BULLETS_FIELD = Msg(
    "fudge.bullets_field",
    "Скорострельность: пуль (пусто — одиночная)",
    "Rapid fire: bullets (empty: single shot)",
)
DAMAGE_FACTORS = Msg("fudge.damage_factors", "Факторы урона", "Damage factors")
WEAPON = Msg("fudge.weapon", "Оружие", "Weapon")
MULTIPLIER_FIELD = Msg("fudge.multiplier_field", "Множитель x (x·S+y)", "Multiplier x (x·S+y)")
BONUS_FIELD = Msg("fudge.bonus_field", "Добавка y (x·S+y)", "Bonus y (x·S+y)")
STRENGTH_FIELD = Msg(
    "fudge.strength_field",
    "Сила атакующего (ближний бой) или сила оружия",
    "Attacker's strength (melee) or the weapon's",
)
DAMAGE_TYPE = Msg("fudge.damage_type", "Тип повреждения", "Damage type")
ATTACK_MANEUVER = Msg("fudge.attack_maneuver", "Свойства манёвра атаки", "Attack manoeuvre")
ATTACK_SCALE = Msg("fudge.attack_scale", "Масштаб атаки", "Attack scale")
ARMOUR_FIELD = Msg("fudge.armour_field", "Броня", "Armour")
TOUGHNESS = Msg("fudge.toughness", "Живучесть", "Toughness")
DEFENCE_MANEUVER = Msg("fudge.defence_maneuver", "Свойства манёвра защиты", "Defence manoeuvre")
DEFENCE_SCALE = Msg("fudge.defence_scale", "Масштаб защиты", "Defence scale")
ATTACK = Msg("fudge.attack", "Атаковать", "Attack")
OR_MARGIN = Msg("fudge.or_margin", "или величина успеха S", "or margin S")
COMPUTE_DAMAGE = Msg("fudge.compute_damage", "Посчитать урон", "Compute damage")
APPLY = Msg("fudge.apply", "Отметить урон в ранах", "Mark the damage on the wounds")
ATTACK_ODDS = Msg("fudge.attack_odds", "Вероятности атаки до броска", "Attack odds before the roll")
PER_WOUND = Msg("fudge.per_wound", "Урон за одно ранение", "Damage per wound")
DAMAGE_CHART = Msg(
    "fudge.damage_chart",
    "Распределение урона за одно ранение (0 — промах или урон остановлен); выпавший выделен.",
    "Distribution of damage per wound (0: miss or stopped); the rolled one is highlighted.",
)
BULLETS_HIT = Msg("fudge.bullets_hit", "Попавшие пули", "Bullets that hit")
BULLETS = Msg("fudge.bullets", "Пуль", "Bullets")
MISS = Msg("fudge.miss", "Промах", "Miss")
GRAZE = Msg("fudge.graze", "Задевание", "Graze")
HIT = Msg("fudge.hit", "Попадание", "Hit")
HURT = Msg("fudge.hurt", "Урон ≥ 1", "Damage ≥ 1")
MELEE = Msg("fudge.melee", "Ближний бой", "Melee")
FIREARMS = Msg("fudge.firearms", "Огнестрельное", "Firearms")

# field names in error messages
STRENGTH = Msg("fudge.strength", "Сила", "Strength")
ATTACK_NAME = Msg("fudge.attack_name", "Атака", "Attack")
DODGE = Msg("fudge.dodge", "Уклонение", "Dodge")
RANGE = Msg("fudge.range", "Дистанция, м", "Distance, m")
BULLETS_NAME = Msg("fudge.bullets_name", "Скорострельность: пуль", "Rapid fire: bullets")
MARGIN_S = Msg("fudge.margin_s", "Величина успеха S", "Margin S")
MULTIPLIER = Msg("fudge.multiplier", "{weapon}: множитель x", "{weapon}: multiplier x")
BONUS = Msg("fudge.bonus", "{weapon}: добавка y", "{weapon}: bonus y")

FACTORS = Msg(
    "fudge.factors",
    "{weapon} ({formula}), сила {strength}, тип {kind}, манёвр атаки {attack_maneuver}, "
    "масштаб {attack_scale}; броня {armour}, живучесть {toughness}, манёвр защиты {defence_maneuver}, "
    "масштаб {defence_scale}",
    "{weapon} ({formula}), strength {strength}, type {kind}, attack manoeuvre {attack_maneuver}, "
    "scale {attack_scale}; armour {armour}, toughness {toughness}, defence manoeuvre {defence_maneuver}, "
    "scale {defence_scale}",
)
SUMMARY_ATTACK = Msg("fudge.summary_attack", "{dice}. Атака {total}", "{dice}. Attack {total}")
SUMMARY_RANGE = Msg(
    "fudge.summary_range",
    "дистанция {metres} м: {penalty}, добавляется к сложности (защита +{size})",
    "distance {metres} m: {penalty}, added to the difficulty (defence +{size})",
)
SUMMARY_NO_DODGE = Msg("fudge.summary_no_dodge", "цель не уклоняется (−3)", "target does not dodge (−3)")
SUMMARY_DODGE = Msg("fudge.summary_dodge", "уклонение {dodge} (не ниже −4)", "dodge {dodge} (not below −4)")
SUMMARY_MIN_HIT = Msg("fudge.summary_min_hit", "мин. уровень попадания {level}", "min. hit level {level}")
SUMMARY_BURST = Msg("fudge.summary_burst", "очередь {bullets} пуль", "burst of {bullets} bullets")
SUB_SCALE_NOTE = Msg(
    "fudge.sub_scale_note",
    " Урон без учёта масштаба {amount}: записать отдельно, каждые {rate} дают 1 действительный урон.",
    " Sub-scale damage {amount}: record it separately, every {rate} make 1 real damage.",
)
EXHAUSTION_NOTE = Msg(
    "fudge.exhaustion_note",
    " Изматывающий урон {amount}: обменивается на обычный 1 к {rate}.",
    " Exhaustion damage {amount}: trades for ordinary damage 1 for {rate}.",
)
ATTACK_ROLL = Msg(
    "fudge.attack_roll", "атака {faces} = {value}, итог {total}", "attack {faces} = {value}, total {total}"
)
NOT_DODGING = Msg("fudge.not_dodging", "цель не уклоняется: {level}", "target does not dodge: {level}")
DODGE_ROLL = Msg(
    "fudge.dodge_roll", "уклонение {faces} = {value}, итог {total}", "dodge {faces} = {value}, total {total}"
)
COUNTED = Msg("fudge.counted", ", в расчёт {level}", ", counted as {level}")
BELOW_MIN = Msg(
    "fudge.below_min",
    " (итог атаки ниже минимального уровня {level})",
    " (attack total below the minimum level {level})",
)
MISSED = Msg("fudge.missed", "Промах{why}.", "Miss{why}.")
BURST_HIT = Msg(
    "fudge.burst_hit",
    "{kind}: попало пуль {hits} из {bullets}, урон каждой {damage} (успех для пули {margin}).",
    "{kind}: {hits} of {bullets} bullets hit, {damage} damage each (margin per bullet {margin}).",
)
SHOT_HIT = Msg("fudge.shot_hit", "{kind}: урон {damage}.", "{kind}: damage {damage}.")
ATTACK_ROLLED = Msg(
    "fudge.attack_rolled",
    "{outcome} {dice}: {attack}; {defence} → величина успеха {margin} "
    "(P(попадание) = {hit}, P(задевание) = {graze}).",
    "{outcome} {dice}: {attack}; {defence} → margin of success {margin} (P(hit) = {hit}, P(graze) = {graze}).",
)
DAMAGE_COMPUTED = Msg(
    "fudge.damage_computed",
    "S = {margin}: {weapon} {formula} = {term}, сила {strength}, тип {kind}, манёвр {attack_maneuver}, "
    "масштабы {scales}, броня {armour}, живучесть {toughness}, манёвр защиты {defence_maneuver} "
    "→ урон {amount}.",
    "S = {margin}: {weapon} {formula} = {term}, strength {strength}, type {kind}, "
    "manoeuvre {attack_maneuver}, scales {scales}, armour {armour}, toughness {toughness}, "
    "defence manoeuvre {defence_maneuver} → damage {amount}.",
)
NOTHING_TO_MARK = Msg(
    "fudge.nothing_to_mark",
    "Нет урона для отметки: сначала атакуйте или посчитайте урон.",
    "No damage to mark: attack or compute the damage first.",
)
MARKED_FROM_ATTACK = Msg(
    "fudge.marked_from_attack",
    "Урон {amounts} из атаки: {marked}.",
    "Damage {amounts} from the attack: {marked}.",
)
