"""The dice lab's actions (pure): rows typed, added, removed, moved; results, CSV and SVG.

Light labs are computed at once; heavier ones in the compute worker (job ``notation.lab``). A
refused row clears the results and points at its character.

A sub-tool of the notation panel: every action works on the lab's own state (``Lab``); the panel
lifts them onto its whole state (``kit.part``: ``panels.notation.state.LIFT["lab"]``). The
program belongs to the lab: its outputs join the lab's series.

>>> from kit.compute import settle
>>> lab = settle(run_lab(Lab(("", "")), {"lab-row-0": "4d6kh3 # stats", "lab-row-1": "3d6"}))
>>> [s.label for s in lab.digest.series]
['stats', '3d6']
>>> refused = run_lab(lab, {"lab-row-0": "4d6kh3", "lab-row-1": "3d6 +"})
>>> refused.state.digest, refused.state.fault
(None, LabFault(row=1, line='3d6 +', position=5))
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any

from kit import csv_cells, undo
from kit.common import COMPUTE_TOO_SLOW_HERE
from kit.compute import NEEDS_ISOLATION, TOO_SLOW_HERE
from kit.form import ARG, Form, InputError, read_choice, read_text
from kit.msg import LANGUAGES, Cat, Renderable, render
from kit.panel import (
    Answer,
    Compute,
    Copy,
    CopyUrl,
    Download,
    DownloadPng,
    Effect,
    Outcome,
    SetFields,
    SetUrl,
)
from panels.notation import lab_text
from panels.notation.jobs import is_light_lab, parse_is_light
from panels.notation.lab_answer import BAD_ANSWER
from panels.notation.lab_digest import MAX_ROWS, LabDigest, from_json, make, prepare
from panels.notation.lab_share import MAX_PARAM, PARAM, as_text, decode_lab, encode_lab
from panels.notation.lab_state import MAX_LENGTH, VIEWS, Lab, LabFault
from panels.notation.lab_view import chart_of, series_name
from panels.notation.program import EXAMPLES, MAX_PROGRAM
from panels.notation.words import error_message
from rules.notation import NotationError

__all__ = [
    "add_row",
    "copy_text",
    "from_link",
    "share",
    "choose_example",
    "run_program",
    "compute_lab",
    "csv_text",
    "download_csv",
    "download_png",
    "download_svg",
    "move_row",
    "remove_row",
    "restore_row",
    "run_lab",
    "set_lab_view",
]


def _rows(lab: Lab, form: Form) -> tuple[str, ...]:
    """The rows as typed now (the fields of the rows shown)."""
    return tuple(
        read_text(form, f"lab-row-{i}", MAX_LENGTH, lab_text.ROW(n=i + 1)) if f"lab-row-{i}" in form else row
        for i, row in enumerate(lab.rows)
    )


def _essence(rows: tuple[str, ...] | None) -> tuple[str, ...]:
    return tuple(r for r in rows or () if r.strip())


def compute_lab(
    lab: Lab,
    rows: tuple[str, ...],
    program: str | None = None,
    effects: tuple[Effect, ...] = (),
    *,
    run: bool | None = None,
    linked: bool | None = None,
) -> Outcome[Lab]:
    """Show the results of ``rows``, at once if light, else from the worker; a refused row clears
    them. ``program`` (default: the lab's) joins them only where ``run`` (default: whether the user
    ran it in this page) is true: a program runs only after the user's click, never from a link
    or a saved lab, and then in the sandboxed runner."""
    source = lab.program if program is None else program
    runs = (lab.run if run is None else run) and bool(source.strip())
    kept = {
        "program": source,
        "run": runs,
        "linked": lab.linked if linked is None else linked,
        "undo": lab.undo,  # a removed row's offer outlives the recomputing
    }
    if not runs and not parse_is_light(rows):  # even parsing them would hold the page: the worker does
        if lab.digest is not None and not lab.run and _essence(lab.key) == _essence(rows):
            return Outcome(replace(lab, rows=rows, key=rows, **kept), effects=effects)
        return _ask_lab(lab, rows, len(_essence(rows)), kept, effects)
    prepared = prepare(rows)
    if prepared.fault is not None:
        row, error = prepared.fault
        fault = LabFault(row, rows[row], error.position)
        message = lab_text.ERROR_AT(row=row + 1, col=error.position + 1, msg=error_message(error))
        cleared = Lab(rows, lab.view, fault=fault, **kept)
        return Outcome(cleared, error=message, effects=effects)
    if runs:  # the runner gets the program only: the rows are computed by the compute worker
        ask = Compute(
            "notation.program",
            {"source": source},
            partial(got_program, rows, source),
            lab_text.PROGRAM_LABEL,
            failed=partial(lab_stopped, rows),
            isolated=True,
        )
        # the comparison shown stays until the program's answers replace it: a failed run keeps it
        pending = Lab(rows, lab.view, lab.digest, key=rows, pending=True, **kept)
        return Outcome(pending, effects=(*effects, ask))
    if not prepared.lines:
        return Outcome(Lab(rows, lab.view, **kept), effects=effects)
    if lab.digest is not None and not lab.run and _essence(lab.key) == _essence(rows):
        return Outcome(replace(lab, rows=rows, key=rows, **kept), effects=effects)
    if is_light_lab(rows):
        return Outcome(Lab(rows, lab.view, make(rows), rows, **kept), effects=effects)
    return _ask_lab(lab, rows, len(prepared.lines), kept, effects)


def _ask_lab(
    lab: Lab, rows: tuple[str, ...], lines: int, kept: dict[str, Any], effects: tuple[Effect, ...]
) -> Outcome[Lab]:
    """``rows``' results asked of the worker (``lines`` of them), the lab pending meanwhile."""
    ask = Compute(
        "notation.lab",
        {"rows": list(rows)},
        partial(got_lab, rows),
        lab_text.LABEL(n=lines),
        failed=partial(lab_stopped, rows),
    )
    pending = Lab(rows, lab.view, key=rows, pending=True, **kept)
    return Outcome(pending, effects=(*effects, ask))


def got_lab(rows: tuple[str, ...], lab: Lab, answer: Answer) -> Lab | Outcome[Lab]:
    """The worker's results for ``rows``, or the row it refused (rows sent unparsed); dropped if
    the lab shows other rows by now."""
    if lab.key != rows or not lab.pending:
        return lab
    if not answer.ok and answer.code == TOO_SLOW_HERE:  # no worker here, and too heavy for the page
        stopped = replace(lab, pending=False, stopped=True)
        return Outcome(stopped, error=COMPUTE_TOO_SLOW_HERE(what=lab_text.LABEL(n=len(_essence(rows)))))
    params = dict(answer.params)
    row, position = params.pop("row", None), params.pop("position", None)
    if not answer.ok and isinstance(row, int) and isinstance(position, int) and 0 <= row < len(rows):
        error = NotationError(answer.code, position, **params)
        message = lab_text.ERROR_AT(row=row + 1, col=position + 1, msg=error_message(error))
        return Outcome(replace(lab, pending=False, fault=LabFault(row, rows[row], position)), error=message)
    if not answer.ok:
        return replace(lab, pending=False, stopped=True)
    return replace(lab, digest=from_json(answer.result), pending=False)


def got_program(rows: tuple[str, ...], source: str, lab: Lab, answer: Answer) -> Lab | Outcome[Lab]:
    """The program runner's answer for ``source``, as it came (text the page does not read): the
    compute worker reads it and computes the lab, rows and outputs; or why the runner did not answer."""
    if lab.key != rows or lab.program != source or not lab.pending:
        return lab
    failed = replace(lab, pending=False)
    if not answer.ok:
        if answer.code == NEEDS_ISOLATION:
            return Outcome(failed, error=lab_text.NEEDS_WORKER)
        if answer.code == BAD_ANSWER:
            return Outcome(failed, error=lab_text.BAD_ANSWER)
        return replace(failed, stopped=True)
    ask = Compute(
        "notation.lab",
        {"rows": list(rows), "reply": answer.result},
        partial(got_outputs, rows, source),
        lab_text.PROGRAM_LABEL,
        failed=partial(lab_stopped, rows),
    )
    return Outcome(lab, effects=(ask,))


def got_outputs(rows: tuple[str, ...], source: str, lab: Lab, answer: Answer) -> Lab | Outcome[Lab]:
    """The compute worker's results for ``rows`` and the program's outputs, or why the program
    failed (its own error, with its line) or its answer was dropped."""
    if lab.key != rows or lab.program != source or not lab.pending:
        return lab
    if answer.ok:
        return replace(lab, digest=from_json(answer.result), pending=False)
    failed = replace(lab, pending=False)
    if answer.code == TOO_SLOW_HERE:
        return Outcome(failed, error=COMPUTE_TOO_SLOW_HERE(what=lab_text.PROGRAM_LABEL))
    if answer.code == BAD_ANSWER:
        return Outcome(failed, error=lab_text.BAD_ANSWER)
    params = dict(answer.params)
    message = lab_text.PROGRAM_ERRORS.get(str(params.pop("problem", "")))
    if answer.code != "program_error" or message is None:
        return replace(failed, stopped=True)
    values = {k: str(v) for k, v in params.items()}
    return Outcome(failed, error=message(**values))


def run_program(lab: Lab, form: Form) -> Outcome[Lab]:
    """Run the program in the field (in the worker) with the rows as typed; an empty program drops
    its outputs."""
    source = read_text(form, "lab-program", MAX_PROGRAM, lab_text.PROGRAM)
    return compute_lab(lab, _rows(lab, form), source, run=True, linked=False)


def choose_example(lab: Lab, form: Form) -> Lab | Outcome[Lab]:
    """A worked program: put it into the field and run it; the list returns to "choose"."""
    key = form.get("lab-example")
    if not key:
        return lab
    if key not in EXAMPLES:
        raise InputError(lab_text.PROGRAM_EXAMPLES)
    source = EXAMPLES[str(key)]
    fields = SetFields((("lab-program", source), ("lab-example", "")))
    return compute_lab(lab, _rows(lab, form), source, (fields,), run=True, linked=False)


def lab_stopped(rows: tuple[str, ...], lab: Lab, answer: Answer) -> Lab:
    return replace(lab, pending=False, stopped=True) if lab.key == rows else lab


def run_lab(lab: Lab, form: Form) -> Outcome[Lab]:
    """Compute the rows as typed (the Compare button, Enter, or leaving a changed row)."""
    return compute_lab(lab, _rows(lab, form))


def _index(lab: Lab, form: Form) -> int:
    raw = form.get(ARG)
    if not isinstance(raw, str) or not raw.isdigit() or int(raw) >= len(lab.rows):
        raise InputError(lab_text.ROW(n="?"))
    return int(raw)


def add_row(lab: Lab, form: Form) -> Outcome[Lab]:
    rows = _rows(lab, form)
    if len(rows) >= MAX_ROWS:
        raise InputError(lab_text.FULL(n=MAX_ROWS))
    return compute_lab(lab, (*rows, ""))


def remove_row(lab: Lab, form: Form) -> Outcome[Lab]:
    """Take the row ``data-arg`` out; a row with text is offered back («Отменить», ``restore_row``)."""
    index, rows = _index(lab, form), _rows(lab, form)
    line = rows[index]
    if line.strip():
        lab = replace(lab, undo=undo.offer((index, line), lab_text.REMOVED(n=index + 1, line=line)))
    return compute_lab(lab, rows[:index] + rows[index + 1 :] or ("",))


def restore_row(lab: Lab, form: Form) -> Outcome[Lab]:
    """The removed row back at its place among the rows as they are now (label and expression as
    they were); refused when the lab is full."""
    index, line = undo.taken(lab.undo)
    rows = _rows(lab, form)
    if rows == ("",):  # removing the only row left an empty one: the row takes its place
        rows = ()
    if len(rows) >= MAX_ROWS:
        raise InputError(lab_text.FULL(n=MAX_ROWS))
    at = min(index, len(rows))
    done = compute_lab(replace(lab, undo=None), (*rows[:at], line, *rows[at:]))
    return replace(done, say=lab_text.RESTORED(n=at + 1))


def move_row(step: int, lab: Lab, form: Form) -> Outcome[Lab]:
    """Move the row ``data-arg`` one place up (``step`` −1) or down (+1); at an end nothing moves."""
    index, rows = _index(lab, form), list(_rows(lab, form))
    other = index + step
    if not 0 <= other < len(rows):
        return compute_lab(lab, tuple(rows))
    rows[index], rows[other] = rows[other], rows[index]
    return compute_lab(lab, tuple(rows))


def set_lab_view(lab: Lab, form: Form) -> Lab:
    return replace(lab, view=read_choice(form, "lab-view", VIEWS, lab_text.SHOW))


def _shown(lab: Lab) -> LabDigest:
    digest = lab.digest
    if digest is None:
        raise InputError(lab_text.NO_RESULT)
    return digest


def _lang(form: Form) -> str:
    """The page's language, which the view writes into the export buttons' ``data-arg``."""
    lang = form.get(ARG)
    return lang if isinstance(lang, str) and lang in LANGUAGES else "ru"


def csv_text(digest: LabDigest, lang: str, /) -> str:
    """The lab's table as CSV for a spreadsheet in ``lang``: P(=), P(≥), P(≤) of every series per
    value, then the statistics and the pairwise odds. Russian: «;» between fields and decimal
    commas; English: commas and dots; both start with a byte-order mark, so a spreadsheet reads
    the UTF-8 (Cyrillic headers and labels) right. Labels are user text (from a link, too): always
    quoted, and never the start of a formula (``kit.csv_cells``)."""
    sep, point = (";", ",") if lang == "ru" else (",", ".")

    def number(x: float) -> str:
        return f"{x:.12g}".replace(".", point)

    def quoted(text: Renderable) -> str:
        return csv_cells.quoted(render(text, lang))

    names = [series_name(s) for s in digest.series]
    header = [quoted(lab_text.CSV_VALUE)]
    header += [quoted(Cat((name, " ", view))) for name in names for view in ("P(=)", "P(>=)", "P(<=)")]
    lines = [sep.join(header)]
    for i, value in enumerate(digest.values):
        cells = [number(float(p)) for s in digest.series for p in s.cells[i]]
        lines.append(sep.join([str(value), *cells]))
    lines += ["", render(lab_text.CSV_STATS(s=sep), lang)]
    for name, s in zip(names, digest.series, strict=True):
        fields = (quoted(name), number(float(s.mean)), number(s.sd), str(s.minimum), str(s.maximum))
        lines.append(sep.join(fields))
    lines += ["", render(lab_text.CSV_PAIRS(s=sep), lang)]
    for (i, j), (gt, eq) in digest.pairs.items():
        lines.append(sep.join((quoted(names[i]), quoted(names[j]), number(float(gt)), number(float(eq)))))
    return "\ufeff" + "\n".join(lines) + "\n"


def download_csv(lab: Lab, form: Form) -> Outcome[Lab]:
    """The lab's table as CSV, for a spreadsheet in the page's language (``csv_text``)."""
    text = csv_text(_shown(lab), _lang(form))
    return Outcome(lab, effects=(Download("dice-lab.csv", text, "text/csv"),))


VIEW_WORDS = {"eq": "P(=)", "ge": "P(≥)", "le": "P(≤)"}


def _svg(lab: Lab, form: Form) -> tuple[str, int]:
    """The chart shown as an SVG document with its title and legend in the page's language, and
    its height."""
    from kit.chart import export_height, svg_file

    digest, view = _shown(lab), lab.view
    names = [series_name(s) for s in digest.series]
    title = lab_text.EXPORT_TITLE(view=VIEW_WORDS[view], names=Cat(tuple(names), ", "))
    return svg_file(chart_of(digest, view), _lang(form), title=title, names=names), export_height(len(names))


def download_svg(lab: Lab, form: Form) -> Outcome[Lab]:
    """The chart as an SVG file, in the view shown, titled and with a legend of the rows."""
    svg, _height = _svg(lab, form)
    return Outcome(lab, effects=(Download("dice-lab.svg", svg, "image/svg+xml"),))


def download_png(lab: Lab, form: Form) -> Outcome[Lab]:
    """The chart as a PNG image (drawn from the same SVG in the page)."""
    from kit.chart import WIDTH

    svg, height = _svg(lab, form)
    return Outcome(lab, effects=(DownloadPng("dice-lab.png", svg, WIDTH, height),))


def _shareable(lab: Lab) -> Lab:
    if not _essence(lab.rows) and not lab.program.strip():
        raise InputError(lab_text.NOTHING_TO_SHARE)
    return lab


def share(lab: Lab, form: Form) -> Outcome[Lab]:
    """A link carrying the lab shown (rows, labels, view, program) into the address, and copied;
    from the saved file the page says that a link needs the hosted page."""
    encoded = encode_lab(_shareable(lab))
    if len(encoded) > MAX_PARAM:
        raise InputError(lab_text.TOO_BIG)
    effects = (SetUrl(((PARAM, encoded),)), CopyUrl("lab-copy-status", offline=lab_text.SHARE_OFFLINE))
    return Outcome(lab, effects=effects)


def copy_text(lab: Lab, form: Form) -> Outcome[Lab]:
    """The lab as plain text (rows, then the program), copied."""
    return Outcome(lab, effects=(Copy(as_text(_shareable(lab)), "lab-copy-status"),))


def from_link(lab: Lab, raw: str) -> Outcome[Lab]:
    """A share link's lab (untrusted): checked, put into the fields, its rows computed (notation is
    data); its program is shown, marked as from a link, and never run until the user's click.
    Refused whole if damaged."""
    try:
        shared = decode_lab(raw)
    except ValueError:
        return Outcome(lab, error=lab_text.LINK_BROKEN, effects=(SetUrl(((PARAM, None),)),))
    fields = SetFields(
        (*((f"lab-row-{i}", row) for i, row in enumerate(shared.rows)), ("lab-program", shared.program))
    )
    start = Lab(shared.rows, shared.view)
    linked = bool(shared.program.strip())
    return compute_lab(start, shared.rows, shared.program, (fields,), run=False, linked=linked)
