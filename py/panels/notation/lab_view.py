"""What the dice lab shows (pure): its rows, one chart, one table, statistics and pairwise odds.

>>> from panels.notation.lab_digest import make
>>> from panels.notation.lab_state import Lab
>>> shown = lab_view(Lab(("6x4d6kh3 # stats",), digest=make(("6x4d6kh3 # stats",))))
>>> len(shown["lab-stats"].children)  # six sorted positions and the sum
7
>>> from kit.msg import render
>>> render(shown["lab-stats"].children[1].children[0].text, "en")
'stats (6x4d6kh3) · highest'
"""

from __future__ import annotations

from fractions import Fraction

from kit import undo
from kit.chart import legend, line_chart
from kit.msg import Cat, Renderable, fixed, short_pct
from kit.view import Node, Show, table_rows
from panels.notation import lab_text
from panels.notation.lab_digest import MAX_ROWS, MAX_SERIES, LabDigest, Series
from panels.notation.lab_state import VIEWS, Lab
from panels.notation.words import minus

__all__ = ["chart_of", "lab_view", "series_name"]

COLUMN = {"eq": 0, "ge": 1, "le": 2}


def _named(series: Series) -> Renderable:
    """A row's label, with its expression beside it unless the label is the expression itself
    (``d2+16 # 3d6`` is «3d6 (d2+16)», never «3d6»); a program's output marked as the program's."""
    if series.row >= MAX_ROWS:
        label = series.label or lab_text.OUTPUT(n=series.row - MAX_ROWS + 1)
        return lab_text.PROGRAM_SERIES(label=label)
    if not series.line or _plain(series.label) == _plain(series.line):
        return series.label
    return lab_text.LABELLED(label=series.label, line=series.line)


def _plain(text: str) -> str:
    return "".join(text.split()).lower()


def series_name(series: Series, /) -> Renderable:
    """``stats (6x4d6kh3) · highest``, ``… · #2``, ``… · sum``, the name of a plain line
    (``_named``), or ``program: attack`` for a program's output."""
    name = _named(series)
    if not series.count:
        return name
    if series.part == 0:
        part: Renderable = lab_text.SUM
    elif series.part == 1:
        part = lab_text.HIGHEST
    elif series.part == series.count:
        part = lab_text.LOWEST
    else:
        part = lab_text.NTH(k=series.part)
    return Cat((name, part), " · ")


def chart_of(digest: LabDigest, view: str, /) -> Node:
    """The chart of every series in ``view`` (=, ≥ or ≤) over the digest's values."""
    col = COLUMN[view]
    series = [
        [
            cells[col] if series.minimum <= v <= series.maximum else None
            for v, cells in zip(digest.values, series.cells, strict=True)
        ]
        for series in digest.series
    ]
    return line_chart(digest.values, series, ymax=None if view == "eq" else Fraction(1), label=minus)


def _caret(lab: Lab) -> Show:
    fault = lab.fault
    if fault is None:
        return Show(text="", hidden=True)
    line = fault.line.replace("\t", " ")
    return Show(text=f"{line}\n{' ' * max(0, min(fault.position, len(line)))}^", hidden=False)


def _program_origin(lab: Lab) -> Show:
    """Where the program in the field stands: from a link and unread, or saved and not run here."""
    if lab.linked:
        return Show(text=lab_text.PROGRAM_LINKED, hidden=False)
    if lab.program.strip() and not lab.run:
        return Show(text=lab_text.PROGRAM_NOT_RUN, hidden=False)
    return Show(text="", hidden=True)


def _status(lab: Lab) -> Renderable:
    if lab.pending:
        return lab_text.PENDING
    if lab.stopped:
        return lab_text.STOPPED
    if lab.digest is None:
        return "" if lab.fault is not None else lab_text.EMPTY
    return lab_text.DONE(n=len(lab.digest.series))


def _notes(digest: LabDigest) -> Renderable:
    from panels.notation.words import error_message
    from rules import notation

    notes: list[Renderable] = []
    for row, code, params in digest.refused:
        error = notation.NotationError(code, 0, **params)
        notes.append(lab_text.REFUSED(row=row + 1, msg=error_message(error)))
    if digest.cut_series:
        notes.append(lab_text.CUT_SERIES(n=MAX_SERIES))
    if digest.cut_values and digest.values:
        notes.append(lab_text.CUT_VALUES(lo=minus(digest.values[0]), hi=minus(digest.values[-1])))
    return Cat(tuple(notes), " ")


def lab_view(lab: Lab, /) -> dict[str, Show]:
    shown: dict[str, Show] = {f"lab-view-{name}": Show(checked=lab.view == name) for name in VIEWS}
    for i in range(MAX_ROWS):
        shown[f"lab-rowbox-{i}"] = Show(hidden=i >= len(lab.rows))
        invalid = lab.fault is not None and lab.fault.row == i
        shown[f"lab-label-{i}"] = Show(text=lab_text.ROW(n=i + 1))
        for kind, action in (("up", lab_text.UP), ("down", lab_text.DOWN), ("remove", lab_text.REMOVE)):
            shown[f"lab-{kind}-{i}"] = Show(
                attrs=(("aria-label", lab_text.ROW_ACTION(action=action, n=i + 1)),)
            )
        shown[f"lab-row-{i}"] = Show(
            value=lab.rows[i] if i < len(lab.rows) else "",
            attrs=(("aria-invalid", "true" if invalid else None), ("placeholder", lab_text.ROW_PLACEHOLDER)),
        )
    shown.update(undo.view(lab.undo, "lab"))
    shown["lab-caret"] = _caret(lab)
    shown["lab-program-origin"] = _program_origin(lab)
    shown["lab-status"] = Show(text=_status(lab))
    for button in ("lab-csv", "lab-svg", "lab-png"):  # exports are made in the page's language
        shown[button] = Show(attrs=(("data-arg", lab_text.LANG),))
    digest = lab.digest
    shown["lab-results"] = Show(hidden=digest is None)
    if digest is None:
        for element in (
            "lab-chart",
            "lab-legend",
            "lab-stats",
            "lab-dist-head",
            "lab-dist",
            "lab-pairs-head",
            "lab-pairs",
        ):
            shown[element] = Show(children=())
        shown["lab-note"] = Show(text="")
        return shown
    names = [series_name(s) for s in digest.series]
    shown["lab-chart"] = Show(children=(chart_of(digest, lab.view),))
    shown["lab-legend"] = Show(children=legend(names))
    shown["lab-stats"] = Show(
        children=table_rows(
            (name, fixed(s.mean), fixed(s.sd), minus(s.minimum), minus(s.maximum))
            for name, s in zip(names, digest.series, strict=True)
        )
    )
    col = COLUMN[lab.view]
    shown["lab-dist-head"] = Show(children=table_rows([(lab_text.VALUE, *names)], header="col"))
    shown["lab-dist"] = Show(
        children=table_rows(
            (minus(v), *(short_pct(s.cells[i][col]) for s in digest.series))
            for i, v in enumerate(digest.values)
        )
    )
    shown["lab-pairs-head"] = Show(children=table_rows([("", *names)], header="col"))
    rows = []
    for i, name in enumerate(names):
        cells: list[Renderable] = [name]
        for j in range(len(names)):
            pair = digest.pairs.get((i, j))
            cells.append("—" if pair is None else Cat((short_pct(pair[0]), short_pct(pair[1])), " / "))
        rows.append(cells)
    shown["lab-pairs"] = Show(children=table_rows(rows))
    shown["lab-note"] = Show(text=_notes(digest))
    return shown
