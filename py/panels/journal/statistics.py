"""What the journal answers from its rolls as data (pure): dice fairness, luck, outcome counts.

``statistics(entries)`` reads the ``kit.roll.Roll`` of every entry (``statistics_of_json`` the
same from the entries' saved JSON, as the compute worker or the journal's store hands them over)
and counts, in one pass:

- **dice**: each physical die's faces, per die size, for dice typed in from the table
  (``by_hand``) and for the page's own dice apart; ``rules.fairness`` tests them against a fair
  die (a die of three sides, ``kit.roll.FUDGE_SIDES``, a dF or a d3, has faces −1, 0, +1). Dice of more than
  ``MAX_SIDES`` sides, and faces a die does not have (a named or custom die), are counted as
  not tested (``off``);
- **luck**: for each character and rule, the mean of ``Roll.rank`` (where the result fell in its
  exact distribution: P(worse) + P(this)/2, so 1/2 on average whatever the rule) and the number of
  rolls; the character is the one who acted (the first name of ``Кац → Бандит``); rolls of no
  picked character are counted under ``""``. A mean is called lucky or unlucky only when it lies
  over two standard deviations from 1/2: a rank's variance is at most 1/12, so the mean of ``n``
  strays by chance at most ``1 / sqrt(12 n)`` (``Luck.spread``); within that it is «как обычно»;
- **outcomes**: each rule's outcome codes, how often each came, and how often each was expected:
  Σ P(outcome) over the rolls, which needs every outcome's probability for each roll, not only
  the one that came. A roll that carries ``odds`` (every outcome's exact probability, a mapping or
  pairs) adds to the expectation of every outcome; a rule whose rolls lack it shows counts only.

Secret entries (hidden and not revealed) are left out, as they are out of every view and export.
The pass groups equal rolls first (a key of plain values, counted by ``collections.Counter``):
the exact arithmetic runs once per distinct roll, not once per roll.

>>> from fractions import Fraction
>>> from kit.journal import Entry
>>> from kit.roll import Roll
>>> def rolled(who, faces, value, p, below):
...     return Entry(str(faces), "2026-12-01T20:00:00", "roller", "x", "x", who=who,
...                  roll=Roll("gauss.roll", tuple((20, f) for f in faces), str(value), p, below=below))
>>> found = statistics([rolled("Кац", (20, 20, 20), 20, Fraction(1, 8000), Fraction(7999, 8000)),
...                     rolled("Кац", (1, 1, 1), 1, Fraction(1, 8000), Fraction(0))])
>>> found.rolls, [(d.sides, d.counts[0], d.counts[19]) for d in found.dice]
(2, [(20, 3, 3)])
>>> [(x.who, x.rule, x.n, x.mean) for x in found.luck]
[('Кац', '', 2, 0.5), ('Кац', 'gauss.roll', 2, 0.5)]
>>> [(o.outcome, o.count, o.expected) for o in found.outcomes], found.unexpected
([('1', 1, None), ('20', 1, None)], (('gauss.roll', 2, 2),))
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from itertools import chain
from typing import Any

from kit.journal import Entry
from kit.roll import FUDGE_SIDES, MAX_DIGITS
from panels.journal.tally import Faces, Key, Tally, tally_of_json
from rules import fairness

__all__ = [
    "EVEN",
    "LUCKY",
    "MAX_SIDES",
    "UNLUCKY",
    "DiceCounts",
    "Luck",
    "Statistics",
    "Tallied",
    "actor",
    "statistics",
    "statistics_from_json",
    "statistics_of_json",
    "statistics_to_json",
    "summarise",
]

MAX_SIDES = 100  # dice sizes tested face by face (a d100 by hand, yes; a d1000, no)
FUDGE_FACES = (-1, 0, 1)
LUCKY, UNLUCKY, EVEN = "lucky", "unlucky", "even"
_FRACTION = re.compile(rf"([0-9]{{1,{MAX_DIGITS}}})/([0-9]{{1,{MAX_DIGITS}}})")


@dataclass(frozen=True)
class DiceCounts:
    """One die size's faces: ``counts`` per face of ``faces`` (1 … sides, or −1, 0, +1 for FUDGE),
    for dice typed in from the table (``by_hand``) or the page's own; ``off``: faces not tested
    (a face the die does not have)."""

    by_hand: bool
    sides: int
    fudge: bool
    counts: tuple[int, ...]
    off: int = 0

    @property
    def faces(self) -> tuple[int, ...]:
        return FUDGE_FACES if self.fudge else tuple(range(1, self.sides + 1))

    @property
    def n(self) -> int:
        """How many dice were tested."""
        return sum(self.counts)

    def fairness(self) -> fairness.Fairness:
        """The chi-square test of these faces against a fair die."""
        return fairness.check(self.counts, fairness.uniform(len(self.counts)))


@dataclass(frozen=True)
class Luck:
    """Where ``who``'s results fell in their exact distributions: ``n`` rolls of ``rule`` (``""``:
    every rule), ``mean`` rank (1/2 is average luck)."""

    who: str
    rule: str
    n: int
    mean: float

    @property
    def spread(self) -> float:
        """The most the mean of ``n`` ranks strays from 1/2 by chance, one standard deviation
        (a rank's variance is at most 1/12, that of a continuous uniform one)."""
        return 1.0 / math.sqrt(12 * self.n)

    @property
    def lean(self) -> str:
        """``LUCKY`` or ``UNLUCKY`` when the mean lies over two ``spread`` from 1/2, else ``EVEN``.

        >>> Luck("Кац", "", 140, 0.68).lean, Luck("Кац", "", 3, 0.7).lean, Luck("", "", 100, 0.3).lean
        ('lucky', 'even', 'unlucky')
        """
        if abs(self.mean - 0.5) <= 2 * self.spread:
            return EVEN
        return LUCKY if self.mean > 0.5 else UNLUCKY


@dataclass(frozen=True)
class Tallied:
    """How often ``rule`` gave ``outcome`` (``count``) and how often it was expected (Σ P over the
    rule's rolls; ``None`` when some of them do not carry the odds of every outcome)."""

    rule: str
    outcome: str
    count: int
    expected: float | None


@dataclass(frozen=True)
class Statistics:
    """What ``statistics`` found: ``rolls`` counted (``secret``: left out), the dice of each size,
    luck per character and rule, outcome counts per rule, and ``unexpected``."""

    rolls: int = 0
    secret: int = 0
    dice: tuple[DiceCounts, ...] = ()
    luck: tuple[Luck, ...] = ()
    outcomes: tuple[Tallied, ...] = ()
    unexpected: tuple[tuple[str, int, int], ...] = ()  # (rule, rolls without every odds, of how many)


def actor(who: str, /) -> str:
    """The character who acted: the first name of an entry's «кто».

    >>> actor("Кац → Бандит"), actor("Вера, Кац"), actor("")
    ('Кац', 'Вера', '')
    """
    return who.split("→", 1)[0].split(",", 1)[0].strip()


def _exact(value: Any, cache: dict[Any, Fraction | None]) -> Fraction | None:
    """``value`` as a Fraction in [0, 1] (``None`` for none, or for anything else)."""
    if value is None:
        return None
    if value in cache:
        return cache[value]
    found: Fraction | None = None
    if isinstance(value, Fraction):
        found = value
    elif isinstance(value, tuple) and len(value) == 2 and all(type(x) is int for x in value) and value[1]:
        found = Fraction(value[0], value[1])
    elif isinstance(value, str) and (match := _FRACTION.fullmatch(value)) and int(match[2]):
        found = Fraction(int(match[1]), int(match[2]))
    if found is not None and not 0 <= found <= 1:
        found = None
    cache[value] = found
    return found


def _odds(raw: Any, cache: dict[Any, Fraction | None]) -> dict[str, Fraction] | None:
    """A roll's ``odds`` (a mapping or pairs of outcome and probability) checked, or ``None``."""
    try:
        pairs = list(raw.items() if isinstance(raw, Mapping) else raw)
        out = {str(outcome): _exact(p, cache) for outcome, p in pairs}
    except (TypeError, ValueError):
        return None
    if not out or any(p is None for p in out.values()):
        return None
    return {k: p for k, p in out.items() if p is not None}


def _summarise(keys: Counter[Key], faces: Faces, secret: int, odds_of: Mapping[int, Any]) -> Statistics:
    """The statistics of grouped rolls (the exact work, once per distinct roll)."""
    cache: dict[Any, Fraction | None] = {}
    luck_sum: dict[tuple[str, str], float] = {}
    luck_n: Counter[tuple[str, str]] = Counter()
    came: Counter[tuple[str, str]] = Counter()
    expected: dict[tuple[str, str], float] = {}
    with_odds: Counter[tuple[str, int]] = Counter()  # rolls per rule and set of odds
    without_odds: Counter[str] = Counter()
    place: dict[tuple[str, str], int] = {}  # an outcome's place in its rule's odds (worst first)
    rolls = 0
    for (who, rule, outcome, p, below, odds_id), count in keys.items():
        exact = _exact(p, cache)
        if exact is None:
            continue  # a damaged roll the store let through: counted nowhere
        rolls += count
        came[(rule, outcome)] += count
        low = _exact(below, cache)
        if low is not None and low + exact <= 1:
            rank = float(low + exact / 2)
            for slot in ((actor(who), ""), (actor(who), rule)):
                luck_sum[slot] = luck_sum.get(slot, 0.0) + rank * count
                luck_n[slot] += count
        if odds_id is None:
            without_odds[rule] += count
        else:
            with_odds[(rule, odds_id)] += count
    for (rule, odds_id), count in with_odds.items():  # each set of odds read once, whatever the rolls
        odds = _odds(odds_of[odds_id], cache)
        if odds is None:
            without_odds[rule] += count
            continue
        for at, (other, q) in enumerate(odds.items()):
            expected[(rule, other)] = expected.get((rule, other), 0.0) + float(q) * count
            place[(rule, other)] = min(at, place.get((rule, other), at))
    for rule, other in (k for k in expected if k[0] not in without_odds):  # outcomes that never came
        came.setdefault((rule, other), 0)
    luck = tuple(Luck(who, rule, n, luck_sum[(who, rule)] / n) for (who, rule), n in sorted(luck_n.items()))
    outcomes = tuple(
        Tallied(rule, outcome, count, None if rule in without_odds else expected.get((rule, outcome), 0.0))
        for (rule, outcome), count in sorted(came.items(), key=lambda item: _order(*item[0], place))
    )
    of_rule = {rule: sum(n for (r, _), n in came.items() if r == rule) for rule in without_odds}
    unexpected = tuple((rule, n, of_rule[rule]) for rule, n in sorted(without_odds.items()))
    return Statistics(rolls, secret, _dice(faces), luck, outcomes, unexpected)


def _order(rule: str, outcome: str, place: Mapping[tuple[str, str], int], /) -> tuple[str, int, float, str]:
    """Outcomes by rule; numeric codes by value, the rest worst first as the rule's odds list them
    (docs/rules.md), then by name."""
    try:
        return (rule, 0, float(outcome), "")
    except ValueError:
        return (rule, 1, float(place.get((rule, outcome), len(place))), outcome)


def _dice(grouped: Faces) -> tuple[DiceCounts, ...]:
    """Faces per die size, the table's and the page's apart. A die of three sides is written as a
    FUDGE die, −1/0/+1, a d3 too (``kit.roll.d3``): both are tested as three equal faces."""
    faces: dict[tuple[bool, int, bool], Counter[int]] = {}
    off: Counter[tuple[bool, int, bool]] = Counter()
    for (by_hand, _rule), counted in grouped.items():
        for (sides, face), count in ((pair, n) for pair, n in counted.items() if _is_die(pair)):
            slot = (by_hand, sides, sides == FUDGE_SIDES)
            if (
                sides > MAX_SIDES
                or sides < 2
                or face not in (FUDGE_FACES if slot[2] else range(1, sides + 1))
            ):
                off[slot] += count
                continue
            if slot not in faces:
                faces[slot] = Counter()
            faces[slot][face] += count
    out = []
    for slot in sorted(set(faces) | set(off), key=lambda s: (not s[0], s[1], s[2])):
        by_hand, sides, fudge = slot
        known = faces.get(slot, Counter())
        order = FUDGE_FACES if fudge else range(1, min(sides, MAX_SIDES) + 1)
        out.append(DiceCounts(by_hand, sides, fudge, tuple(known[f] for f in order), off[slot]))
    return tuple(out)


def _is_die(pair: Any) -> bool:
    return isinstance(pair, tuple) and len(pair) == 2 and type(pair[0]) is int and type(pair[1]) is int


def statistics(entries: Iterable[Entry], /) -> Statistics:
    """The statistics of these journal entries' rolls (secret ones left out)."""
    keys: Counter[Key] = Counter()
    dice: dict[tuple[bool, str], list[tuple[tuple[int, int], ...]]] = {}
    odds_of: dict[int, Any] = {}
    odds_ids: dict[tuple[tuple[str, Fraction], ...], int] = {}
    secret = 0
    rows: list[Key] = []
    add = rows.append
    for entry in entries:
        roll = entry.roll
        if roll is None:
            continue
        if entry.hidden and not entry.revealed:
            secret += 1
            continue
        p, below, odds = roll.p, roll.below, roll.odds
        odds_id = None
        if odds:  # equal odds, one key, as the saved JSON's are grouped (so both sum alike)
            odds_id = odds_ids.setdefault(odds, len(odds_ids))
            odds_of.setdefault(odds_id, odds)
        add(
            (
                entry.who,
                roll.rule,
                roll.outcome,
                (p.numerator, p.denominator),
                None if below is None else (below.numerator, below.denominator),
                odds_id,
            )
        )
        group = (roll.by_hand, roll.rule)
        if group in dice:
            dice[group].append(roll.dice)
        else:
            dice[group] = [roll.dice]
    keys.update(rows)
    return _summarise(
        keys, {group: Counter(chain.from_iterable(d)) for group, d in dice.items()}, secret, odds_of
    )


def summarise(tally: Tally, /) -> Statistics:
    """The statistics of a tally (the exact work, once per distinct roll)."""
    return _summarise(tally.keys, tally.faces, tally.secret, tally.odds)


def statistics_of_json(entries: Iterable[Any], /) -> Statistics:
    """``statistics`` of entries as saved (their JSON objects, as the journal's store and the
    compute worker hold them), without building an ``Entry`` or parsing a fraction per roll:
    rolls are grouped by their plain values first, and a damaged roll counts nowhere."""
    return summarise(tally_of_json(entries))


def statistics_to_json(found: Statistics, /) -> dict[str, Any]:
    """The statistics as JSON (the compute worker's answer)."""
    return {
        "rolls": found.rolls,
        "secret": found.secret,
        "dice": [[d.by_hand, d.sides, d.fudge, list(d.counts), d.off] for d in found.dice],
        "luck": [[x.who, x.rule, x.n, x.mean] for x in found.luck],
        "outcomes": [[o.rule, o.outcome, o.count, o.expected] for o in found.outcomes],
        "unexpected": found.unexpected,
    }


def statistics_from_json(raw: Any, /) -> Statistics:
    """``statistics_to_json``'s answer back (``ValueError`` if it is not one)."""
    try:
        return Statistics(
            int(raw["rolls"]),
            int(raw["secret"]),
            tuple(
                DiceCounts(bool(h), int(s), bool(f), tuple(int(c) for c in cs), int(o))
                for h, s, f, cs, o in raw["dice"]
            ),
            tuple(Luck(str(w), str(r), int(n), float(m)) for w, r, n, m in raw["luck"]),
            tuple(
                Tallied(str(r), str(o), int(c), None if e is None else float(e))
                for r, o, c, e in raw["outcomes"]
            ),
            tuple((str(r), int(n), int(of)) for r, n, of in raw.get("unexpected", ())),  # older: none
        )
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError("not the journal's statistics") from error
