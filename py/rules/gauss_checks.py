"""GaussD20 checks (seed 000): rule data and the integer rules.

Everything here is about single values: the ladders, the outcome tables, the
clamp rule and the windows of median and opposed rolls.  Probabilities and
rolls live in :mod:`rules.gauss`, which re-exports every public name below.
This module imports nothing from ``rules.gauss``, so there is no import cycle.

Rule data is keyed by codes (tier keys, table-row keys, series kinds, window sides) and
numbers (ladder values); the seed's words for them live in the UI (``panels.checks.seed``).

>>> apply_modifier(10, -9), apply_modifier(2, -3), apply_modifier(19, -1)
(4, 2, 18)
>>> opposed_window(12, -2), opposed_window(12, 3)
((10, 11), (8, 14))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.values import whole_number

__all__ = [
    "ABOVE",
    "ATTACK_TABLE",
    "BELOW",
    "CLAMP_HIGH",
    "CLAMP_LOW",
    "DEFENCE_TABLE",
    "DEMONOLOGIST_WINDOW",
    "DIFFICULTIES",
    "DIFFICULTY_STEP",
    "HORROR",
    "INSIDE",
    "MADNESS",
    "SEED_FAILURE_AT_STEPS",
    "SEED_MIRACLE",
    "SERIES_RULES",
    "SKILL_LEVELS",
    "TIERS",
    "CombatEntry",
    "LadderStep",
    "SeriesRule",
    "Tier",
    "adjust_window",
    "apply_modifier",
    "attack_entry",
    "combat_bonus",
    "defence_entry",
    "difficulty_level",
    "opposed_window",
    "pierces",
    "radius_window",
    "skill_level",
    "tier_of",
    "window_side",
]

VALUE_MIN, VALUE_MAX = 1, 20
CLAMP_LOW, CLAMP_HIGH = 4, 17
DIFFICULTY_STEP = 2  # one rung of either ladder


def check_value(name: str, value: int, /) -> int:
    """Return ``value`` if it is a GaussD20 value 1..20, else raise ValueError."""
    whole_number(name, value)
    if not VALUE_MIN <= value <= VALUE_MAX:
        raise ValueError(f"{name} must be a GaussD20 value from {VALUE_MIN} to {VALUE_MAX}, got {value}")
    return value


# --- Ladders: «Умения» and «Уровни сложности» --------------------------------------------------


@dataclass(frozen=True)
class LadderStep:
    """One rung of a seed ladder, identified by its bonus (the UI names it)."""

    value: int


# «Умения»: необученный 0 … легендарный мастер +18.
SKILL_LEVELS: tuple[LadderStep, ...] = tuple(LadderStep(v) for v in range(0, 19, DIFFICULTY_STEP))
# «Уровни сложности»: инстинктивная +4 … вызов богу -24.
DIFFICULTIES: tuple[LadderStep, ...] = tuple(LadderStep(v) for v in range(4, -25, -DIFFICULTY_STEP))


def _ladder_lookup(ladder: tuple[LadderStep, ...], what: str, value: object) -> LadderStep:
    value = whole_number(what, value)
    for step in ladder:
        if step.value == value:
            return step
    allowed = ", ".join(f"{s.value:+d}" for s in ladder)
    raise ValueError(f"{what} must be a rung of the seed's ladder ({allowed}), got {value!r}")


def skill_level(value: object, /) -> LadderStep:
    """The rung of «Умения» with this bonus; ValueError for a value not on the ladder.

    >>> skill_level(14)
    LadderStep(value=14)
    """
    return _ladder_lookup(SKILL_LEVELS, "skill level", value)


def difficulty_level(value: object, /) -> LadderStep:
    """The rung of «Уровни сложности» with this modifier; ValueError for a value not on it.

    >>> difficulty_level(-16).value
    -16
    """
    return _ladder_lookup(DIFFICULTIES, "difficulty", value)


# --- Outcome tiers of a skill check --------------------------------------------------------------


@dataclass(frozen=True)
class Tier:
    """An outcome band of a skill check: values ``low..high``, a stable key, success or failure."""

    low: int
    high: int
    key: str
    success: bool

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int) and self.low <= value <= self.high


# «Результат»: 1 худший … 20 лучший из всех возможных результатов.
TIERS: tuple[Tier, ...] = (
    Tier(1, 1, "worst", False),
    Tier(2, 3, "double_critical_failure", False),
    Tier(4, 5, "critical_failure", False),
    Tier(6, 7, "failure", False),
    Tier(8, 13, "success", True),
    Tier(14, 15, "good", True),
    Tier(16, 17, "critical_success", True),
    Tier(18, 19, "double_critical_success", True),
    Tier(20, 20, "best", True),
)


def tier_of(value: int, /) -> Tier:
    """The tier a final check value falls into.

    >>> tier_of(14).key
    'good'
    """
    check_value("check value", value)
    return next(t for t in TIERS if value in t)


def apply_modifier(raw: int, modifier: int) -> int:
    """Final check value: ``raw`` (the die after luck) plus ``modifier`` under the seed's clamp rule.

    «никакие модификаторы сами по себе не могут уменьшить значение ниже 4 и выше 17»: a
    modifier never carries a value past 4 or 17.  A pure 1–3 or 18–20 is only moved
    towards the centre, by exactly the modifier, and still no further than 4..17.
    In one line: ``clamp(raw + modifier, min(raw, 4), max(raw, 17))``.

    >>> [apply_modifier(1, m) for m in (-5, 0, 1, 5, 30)]
    [1, 1, 2, 6, 17]
    >>> apply_modifier(20, -12), apply_modifier(12, 10)
    (8, 17)
    """
    check_value("raw die", raw)
    whole_number("modifier", modifier)
    return min(max(raw, CLAMP_HIGH), max(min(raw, CLAMP_LOW), raw + modifier))


# The seed's printed claims (section «Проверки навыков»): failure chance N difficulty steps above
# one's level, and the «чудо из чудес» (a 20).  Kept as rule data so a UI can show both figures.
SEED_FAILURE_AT_STEPS: dict[int, Fraction] = {
    0: Fraction("0.18"),
    1: Fraction("0.38"),
    2: Fraction("0.62"),
    3: Fraction("0.82"),
    4: Fraction("0.94"),
    5: Fraction("0.99"),
    6: Fraction("0.9995"),
}
SEED_MIRACLE = Fraction("0.0005")


# --- Windows: median rolls and opposed checks ----------------------------------------------------

BELOW, INSIDE, ABOVE = "below", "inside", "above"


def radius_window(radius: int, /) -> tuple[int, int]:
    """The seed's «центр радиусом X»: radius 0 is 10–11, radius 1 is 9–12 … radius 9 is 1–20.

    >>> radius_window(4)
    (6, 15)
    """
    whole_number("radius", radius)
    if not 0 <= radius <= 9:
        raise ValueError(f"a centre radius is from 0 (10–11) to 9 (1–20), got {radius}")
    return 10 - radius, 11 + radius


def check_window(low: int, high: int, /) -> tuple[int, int]:
    """Validate a non-empty inclusive window inside 1..20."""
    check_value("window low", low)
    check_value("window high", high)
    if low > high:
        raise ValueError(f"window low must not exceed window high, got {low}–{high}")
    return low, high


def adjust_window(low: int, high: int, modifier: int, /) -> tuple[int, int]:
    """Widen (modifier > 0) or narrow (< 0) the window ``low..high`` by one face per point.

    Faces are added alternately above and below, the high side first, and removed
    alternately below and above, the low side first; edges stop at 1 and 20.  For a
    window centred on 10.5 the result is the ``width + modifier`` most likely faces,
    ties going to the high side, which is how the seed's example turns 9–12 into
    8–14 with +3.  A window narrowed away comes back empty as ``(k, k - 1)``.

    >>> adjust_window(9, 12, 3), adjust_window(9, 12, -1), adjust_window(10, 11, -5)
    ((8, 14), (10, 12), (11, 10))
    """
    check_window(low, high)
    whole_number("window modifier", modifier)
    if modifier >= 0:
        return max(VALUE_MIN, low - modifier // 2), min(VALUE_MAX, high + (modifier + 1) // 2)
    removed = min(-modifier, high - low + 1)
    return low + (removed + 1) // 2, high - removed // 2


def window_side(value: int, low: int, high: int, /) -> str:
    """``BELOW``, ``INSIDE`` or ``ABOVE``: where a value falls against a (possibly empty) window.

    >>> window_side(5, 6, 15), window_side(11, 11, 10)
    ('below', 'above')
    """
    check_value("value", value)
    if value < low:
        return BELOW
    return INSIDE if value <= high else ABOVE


MADNESS, HORROR = "madness", "horror"


@dataclass(frozen=True)
class SeriesRule:
    """A median check with a series: base window and the window change per failed check.

    A miss above («Провал … вверх») keeps the series going; a hit or a miss below ends it.
    """

    kind: str
    base: tuple[int, int]
    step_per_failure: int


SERIES_RULES: dict[str, SeriesRule] = {
    MADNESS: SeriesRule(MADNESS, (9, 12), -1),  # «Проверка Безумия»
    HORROR: SeriesRule(HORROR, (10, 11), +1),  # «Проверка Ужаса»
}

# «Бросок медианы»: the demonologist's summoning, where a low and a high miss differ
# (below: «не хватило маны»; above: «пришел демон рангом постарше»).
DEMONOLOGIST_WINDOW = (6, 15)


def opposed_window(defence: int, modifier: int = 0) -> tuple[int, int]:
    """The attacker's inclusive failure window for the defender's roll ``defence``.

    The base window runs from ``min(d, 21 - d)`` to ``max(d, 21 - d)``; ``modifier``
    (> 0 favours the defender) widens or narrows it by one face per point, see
    :func:`adjust_window`.  An empty window ``(k, k - 1)`` means every attack pierces;
    ``(1, 20)`` means none does.

    >>> opposed_window(12), opposed_window(9), opposed_window(1, -40)
    ((9, 12), (9, 12), (11, 10))
    """
    check_value("defence roll", defence)
    return adjust_window(min(defence, 21 - defence), max(defence, 21 - defence), modifier)


def pierces(attack: int, defence: int, modifier: int = 0) -> bool:
    """True if the attacker's roll lies outside the failure window: «пробой защиты».

    >>> [pierces(a, 12) for a in (3, 18, 15, 1, 20, 9, 12)]
    [True, True, True, True, True, False, False]
    """
    low, high = opposed_window(defence, modifier)
    return window_side(attack, low, high) != INSIDE


# --- «Бой с активной защитой»: the attack and defence tables -------------------------------------


@dataclass(frozen=True)
class CombatEntry(Tier):
    """One row of the attack or defence table: values ``low..high``, a stable key, success or failure."""


def _table() -> tuple[CombatEntry, ...]:
    """The rows shared by the attack and the defence table (their seed texts differ, not their bands)."""
    return (
        CombatEntry(1, 1, "worst", False),
        CombatEntry(2, 3, "double_critical_failure", False),
        CombatEntry(4, 5, "critical_failure", False),
        CombatEntry(6, 7, "failure", False),
        CombatEntry(8, 8, "weak_success", True),
        CombatEntry(9, 12, "success", True),
        CombatEntry(13, 17, "strong_success", True),
        CombatEntry(18, 19, "double_critical_success", True),
        CombatEntry(20, 20, "best", True),
    )


ATTACK_TABLE: tuple[CombatEntry, ...] = _table()
DEFENCE_TABLE: tuple[CombatEntry, ...] = _table()


def attack_entry(value: int, /) -> CombatEntry:
    """The attack-table row for a final attack-check value.

    >>> attack_entry(8).key
    'weak_success'
    """
    check_value("attack check value", value)
    return next(e for e in ATTACK_TABLE if value in e)


def defence_entry(value: int, /) -> CombatEntry:
    """The defence-table row for a final defence-check value."""
    check_value("defence check value", value)
    return next(e for e in DEFENCE_TABLE if value in e)


def combat_bonus(value: int, /) -> int | None:
    """Bonus a combat check carries into the opposed check; None when the value fails or is a 20.

    8 gives -1, 9–12 give 0, 13–17 give ``value - 12``, 18 gives +7 and 19 gives +9.

    >>> [combat_bonus(v) for v in (7, 8, 12, 17, 18, 19, 20)]
    [None, -1, 0, 5, 7, 9, None]
    """
    check_value("combat check value", value)
    if value == 8:
        return -1
    if 9 <= value <= 12:
        return 0
    if 13 <= value <= 17:
        return value - 12
    return {18: 7, 19: 9}.get(value)
