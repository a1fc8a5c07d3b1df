"""How the threat panel words the data of ``rules.threat``: colours, the journal, the bag (pure).

Every function returns a renderable (``kit.msg``), so each text follows a language switch. A
colour a GM typed is data: shown as typed in Russian, inside «…» in English.

>>> from kit.msg import render
>>> from rules import threat
>>> entry = threat.record(default_bag(), DEFAULT_NAME, 5).entry
>>> render(journal_line(entry), "ru")
'Бросок со стола; оставлен тёмный 5; события нет; тёмный: T 5 → 6'
>>> render(journal_line(entry), "en")
'Table roll; kept dark («тёмный») 5; no event; dark («тёмный»): T 5 → 6'
"""

from __future__ import annotations

from collections.abc import Sequence

from kit.msg import Cat, Renderable, join
from panels.threat import text
from rules import threat
from rules.threat_journal import ChangeEntry, Line

__all__ = [
    "DEFAULT_NAME",
    "ROLL_LABELS",
    "announce",
    "bag_text",
    "change_line",
    "colour_label",
    "danger_text",
    "default_bag",
    "journal_line",
    "journal_text",
]

DEFAULT_NAME = "тёмный"  # the first threat colour's name (data: a GM may add others)
ROLL_LABELS = {"normal": text.CHECK, "advantage": text.ADVANTAGE, "disadvantage": text.DISADVANTAGE}


def default_bag() -> threat.BagState:
    """The seed's «Пример нарастания»: 5 light + 1 dark, T₀ = 5, Δ = 1, named in Russian."""
    return threat.new_state(light=5, dark=1, base=5, step=1, name=DEFAULT_NAME)


def colour_label(colour: str) -> Renderable:
    """«светлый» for the light dice, the default «тёмный» glossed, a GM's own name as typed."""
    if colour == threat.LIGHT:
        return text.LIGHT
    return text.DARK if colour == DEFAULT_NAME else text.USER_COLOUR(name=colour)


def danger_text(threshold: int) -> Renderable:
    """Which results of a dark die cause an event at T (seed: 1…T−1)."""
    danger = threat.dangerous_results(threshold)
    if not danger:
        return text.NO_DANGER
    if len(danger) == 1:
        return text.DANGER_ONE
    return text.DANGER_MANY(last=danger[-1])


MODE_LABELS = {
    "stepped": text.STEPPED,
    "two_dice": text.TWO_DICE,
    "exhaustible": text.EXHAUSTIBLE,
    "paired_effects": text.PAIRED,
}
CHANGE_TEXTS = {
    "light": text.CHANGE_LIGHT,
    "dice": text.CHANGE_DICE,
    "base": text.CHANGE_BASE,
    "threshold": text.CHANGE_T,
    "step": text.CHANGE_STEP,
    "added": text.CHANGE_ADDED,
    "removed": text.CHANGE_REMOVED,
}


def change_line(entry: ChangeEntry) -> Renderable:
    """A change made by hand: «Изменение: тёмный: T₀ 5 → 8; тёмный: T 5 → 8»."""
    parts: list[Renderable] = []
    for kind, colour, before, after in entry.changes:
        if kind in MODE_LABELS:
            parts.append((text.CHANGE_ON if after else text.CHANGE_OFF)(mode=MODE_LABELS[kind]))
        elif kind == "refill":
            parts.append(text.CHANGE_REFILL)
        elif kind == "light":
            parts.append(text.CHANGE_LIGHT(before=before, after=after))
        else:
            parts.append(CHANGE_TEXTS[kind](colour=colour_label(colour), before=before, after=after))
    return Cat((text.CHANGED, join(parts, "; ")), ": ")


def journal_line(entry: Line, *, screen: bool = False) -> Renderable:
    """One journal line: dice drawn, the kept die, the event, and T before → after (or a change
    made by hand).

    ``screen`` leaves the thresholds out (the screen-mode announcement).
    """
    if isinstance(entry, ChangeEntry):
        return change_line(entry)
    if entry.source == "record":
        head: Renderable = text.TABLE_ROLL
    elif entry.source == "substitute":
        head = text.SUBSTITUTED(colour=colour_label(entry.kept_colour))
    else:
        label: Renderable = ROLL_LABELS[entry.roll]
        if entry.mode == "two_dice":
            label = Cat((label, text.TWO_DICE_MARK), " ")
        drew = join(
            (Cat((colour_label(d.colour), "/".join(map(str, d.rolls))), " ") for d in entry.drawn), ", "
        )
        drew_msg = text.DREW if len(entry.drawn) == 1 else text.DREW_TWO
        head = Cat((label, drew_msg(dice=drew)), ": ")
    parts: list[Renderable] = [
        text.KEPT(colour=colour_label(entry.kept_colour), value=entry.kept_value),
        text.EVENT if entry.event else text.NO_EVENT,
    ]
    if not screen:
        parts.append(
            join(
                (
                    Cat((colour_label(name), f": T {before} → {after}"))
                    for name, before, after in entry.thresholds
                ),
                ", ",
            )
        )
    if entry.pair:
        parts.append(text.DARK_PAIR if entry.pair == "dark" else text.LIGHT_PAIR)
    if entry.refilled:
        parts.append(text.REFILLED_FIRST)
    return Cat((head, join(parts, "; ")), "; ")


def announce(entry: threat.JournalEntry, *, screen: bool = False) -> Renderable:
    """The summary of one check: the verdict first, then the journal line."""
    verdict = text.VERDICT_EVENT if entry.event else text.VERDICT_NONE
    return Cat((verdict, journal_line(entry, screen=screen)), " ")


def journal_text(journal: Sequence[Line]) -> Renderable:
    """The journal as numbered lines, oldest first (copy and download)."""
    return Cat(tuple(Cat((f"{i}. ", journal_line(e), "\n")) for i, e in enumerate(journal, start=1)))


def bag_text(bag: threat.BagState) -> Renderable:
    """What is in the bag, per colour; for an exhaustible bag, what remains of the full set."""
    parts = []
    for colour, left, total in zip(bag.colours, bag.left, bag.composition, strict=True):
        label = colour_label(colour)
        parts.append(
            text.LEFT_OF(colour=label, left=left, total=total)
            if bag.exhaustible
            else Cat((label, f": {total}"))
        )
    return (text.BAG_LEFT if bag.exhaustible else text.BAG)(parts=join(parts, ", "))
