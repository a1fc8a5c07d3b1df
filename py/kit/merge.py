"""Two tabs' versions of one saved collection merged (pure): nothing one tab added is lost.

Each tab remembers the version it last saw on disk (``base``). When another tab's version
(``theirs``) arrives, what this tab did since ``base`` (``mine``) is carried over onto it:
``merge_by_id`` for entries with ids (the roster), ``merge_log`` for logs, newest first, that only
grow at the front.

>>> merge_by_id(base=("a",), mine=("a", "m"), theirs=("a", "t"), key=str.upper)
('a', 't', 'm')
>>> merge_log(base=("b",), mine=("m", "b"), theirs=("t", "b"), size=10)
('m', 't', 'b')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

__all__ = ["merge_by_id", "merge_log"]

E = TypeVar("E")


def merge_by_id(
    base: Sequence[E],
    mine: Sequence[E],
    theirs: Sequence[E],
    key: Callable[[E], Hashable],
    renamed: Callable[[E, set[Hashable]], E] | None = None,
) -> tuple[E, ...]:
    """``theirs`` with this tab's changes since ``base``, entry by entry (``key``: an entry's id):
    an entry this tab changed takes its version, one it deleted goes (unless the other tab changed
    it meanwhile: a change wins over a deletion), one it added is appended. An id both tabs added
    for different entries is given to theirs; ours gets ``renamed(entry, ids taken)`` (without
    ``renamed`` it is kept as theirs alone).

    >>> merge_by_id(("a1", "b1"), ("a2",), ("a1", "b1", "c1"), key=lambda e: e[0])
    ('a2', 'c1')
    >>> merge_by_id((), ("x1",), ("x2",), key=lambda e: e[0], renamed=lambda e, taken: "y" + e[1:])
    ('x2', 'y1')
    """
    before = {key(e): e for e in base}
    now = {key(e): e for e in mine}
    out: list[E] = []
    for entry in theirs:
        ident = key(entry)
        if ident in before and ident not in now and entry == before[ident]:
            continue  # deleted here, untouched there
        if ident in before and ident in now and now[ident] != before[ident]:
            out.append(now[ident])  # changed here
        else:
            out.append(entry)
    taken = {key(e) for e in out}
    for entry in mine:
        ident = key(entry)
        if ident in before or entry in out:
            continue
        if ident in taken:
            if renamed is None:
                continue
            entry = renamed(entry, taken)
        out.append(entry)
        taken.add(key(entry))
    return tuple(out)


def merge_log(base: Sequence[E], mine: Sequence[E], theirs: Sequence[E], size: int) -> tuple[E, ...]:
    """The entries this tab wrote since ``base`` (those in front of it), newest first, then
    ``theirs``, at most ``size``. An entry of ours already in ``theirs`` (merged before) is not
    repeated; a cleared log here does not clear theirs (nothing is lost).

    >>> merge_log(("b",), ("m2", "m1", "b"), ("m1", "t", "b"), size=3)
    ('m2', 'm1', 't')
    """
    new = len(mine)
    for start in range(len(mine) + 1):
        rest = list(mine[start:])
        if rest == list(base[: len(rest)]):  # what follows ``start`` was there before
            new = start
            break
    there = Counter(theirs)
    fresh = []
    for entry in mine[:new]:
        if there[entry] > 0:
            there[entry] -= 1
        else:
            fresh.append(entry)
    return tuple([*fresh, *theirs][:size])
