"""The converter panel's view: the output box (its first lines, ``preview``), the counts, the
reasons for refused rolls and the purposes rolled twice, worded in the page's language.

>>> from kit.msg import render
>>> render(summary(20_000, 3), "ru"), render(summary(20_000, 3), "en")[:23]
('Конвертировано бросков: 20 000. Помечено как неверные: 3.', 'Rolls converted: 20,000')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kit import undo
from kit.msg import Cat, Renderable, grouped
from kit.view import Node, Show, View
from panels.converter import jobs, text
from panels.converter.jobs import MAX_FLAGGED_SHOWN
from panels.shell import fairness as shown_fairness
from rules import fairness, forum_log

if TYPE_CHECKING:
    from panels.converter.panel import State

__all__ = [
    "INPUT_ID",
    "OUTPUT_ID",
    "PREVIEW_CHARS",
    "PREVIEW_LINES",
    "describe",
    "fairness_view",
    "line_count",
    "preview",
    "repeat",
    "summary",
    "view",
]

INPUT_ID = "convert-input"
OUTPUT_ID = "convert-output"

# What the output box shows: laying a text box out costs ~20 ms per 1 000 such lines in Chromium
# (docs/benchmarks.md), so an evening's log shows whole and a 20 000-line one does not freeze the page.
PREVIEW_LINES = 1_000
PREVIEW_CHARS = 60_000


def line_count(source: str) -> int:
    """How many lines a text has (a final line break ends the last line, it starts none)."""
    return source.count("\n") + (not source.endswith("\n"))


def summary(converted: int, flagged: int) -> Renderable:
    """«Конвертировано бросков: 20 000. Помечено как неверные: 3.» (thousands grouped)."""
    return text.SUMMARY(converted=grouped(converted), flagged=grouped(flagged))


def preview(output: str) -> tuple[str, int, int]:
    """What the output box shows of ``output``: its first lines, at most ``PREVIEW_LINES`` of them
    and ``PREVIEW_CHARS`` characters (a first line longer than that is cut, with «…»); how many
    lines it shows; how many ``output`` has (a final line break ends the last line, as ``line_count``
    counts them).

    >>> preview("a\\nb")
    ('a\\nb', 2, 2)
    >>> shown, lines, total = preview("строка\\n" * 5000)
    >>> shown.count("\\n"), lines, total
    (999, 1000, 5000)
    """
    total = line_count(output)
    if total <= PREVIEW_LINES and len(output) <= PREVIEW_CHARS:
        return output, total, total
    end = lines = 0  # just past the last whole line that fits, and how many lines that is
    while lines < PREVIEW_LINES:
        found = output.find("\n", end, PREVIEW_CHARS + 1)
        if found < 0:
            break
        end, lines = found + 1, lines + 1
    if lines == 0:
        return output[:PREVIEW_CHARS] + "…", 1, total
    return output[: end - 1], lines, total


def describe(reason: forum_log.Reason) -> Renderable:
    """A flagged line's reason in words."""
    return text.REASONS[reason.code](**{name: jobs.short(value) for name, value in reason.params})


def _reason(line: int, roll: int, reason: forum_log.Reason) -> Node:
    """A refused roll's reason: a button that selects its line in the input (static/prefs.js)."""
    said = describe(reason)
    words = text.LINE_ROLL(line=line, roll=roll, reason=said) if roll else text.LINE(line=line, reason=said)
    link = Node(
        "button",
        words,
        cls="line-link",
        attrs=(
            ("type", "button"),
            ("title", text.LINE_LINK_TITLE),
            ("data-select-line", str(line)),
            ("data-select-in", INPUT_ID),
        ),
    )
    return Node("li", children=(link,))


def _numbers(lines: tuple[int, ...], count: int) -> Renderable:
    """«1 и 3», «1, 3 и 5», «1, 2 … и ещё 4»."""
    if count > len(lines):
        return Cat((Cat(lines, ", "), text.MORE_LINES(count=count - len(lines))))
    if len(lines) == 1:
        return lines[0]
    return Cat((Cat(lines[:-1], ", "), text.AND, lines[-1]))


def repeat(purpose: str, lines: tuple[int, ...], count: int) -> Renderable:
    if len(set(lines)) == 1 and count == len(lines):
        return text.REPEAT_ON_LINE(purpose=purpose, line=lines[0], count=count)
    return text.REPEAT(purpose=purpose, lines=_numbers(lines, count))


def fairness_view(faces: tuple[int, ...], sums: tuple[int, ...]) -> tuple[Node, ...]:
    """The forum's dice tested: the d20 faces against a fair d20, the 3D20 totals against their
    exact distribution (``rules.fairness``); nothing before a roll is converted."""
    if not any(faces):
        return ()
    face_test = fairness.check(faces, fairness.uniform(20))
    sum_test = fairness.check(sums, fairness.three_d20_sums())
    totals = [str(total) for total in range(3, 61)]
    return (
        Node("h3", text.FAIRNESS),
        Node("p", text.FAIRNESS_HINT, cls="hint"),
        shown_fairness.figure(
            "convert-fairness-faces", text.FACES, face_test, [str(f) for f in range(1, 21)]
        ),
        shown_fairness.figure("convert-fairness-sums", text.SUMS, sum_test, totals, uniform=False),
    )


def view(state: State) -> View:
    result = state.result
    if result is None:
        status = text.PENDING if state.pending is not None else text.STOPPED if state.stopped else ""
        return {
            OUTPUT_ID: Show(value=""),
            "convert-copy": Show(text=text.COPY, disabled=True),
            "convert-download": Show(text=text.DOWNLOAD, disabled=True),
            "convert-shown": Show(text="", hidden=True),
            "convert-summary": Show(text=status),
            "convert-reasons": Show(children=()),
            "convert-fairness": Show(children=(), hidden=True),
            **undo.view(state.undo, "convert"),
        }
    reasons = [_reason(*flagged) for flagged in result.flagged[:MAX_FLAGGED_SHOWN]]
    if result.flagged_count > MAX_FLAGGED_SHOWN:
        reasons.append(Node("li", text.MORE(count=result.flagged_count - MAX_FLAGGED_SHOWN)))
    said: Renderable = summary(result.converted, result.flagged_count)
    if result.repeats:
        named: list[Renderable] = [repeat(*item) for item in result.repeats]
        if result.repeats_count > len(result.repeats):
            named.append(text.MORE_REPEATS(count=result.repeats_count - len(result.repeats)))
        said = Cat((said, *named), " ")
    shown, lines, total = preview(result.output)
    cut = shown != result.output
    return {
        OUTPUT_ID: Show(value=shown),
        "convert-copy": Show(text=text.COPY, disabled=False),
        "convert-download": Show(text=text.DOWNLOAD, disabled=False),
        "convert-shown": Show(
            text=text.SHOWN(shown=grouped(lines), total=grouped(total)) if cut else "", hidden=not cut
        ),
        "convert-summary": Show(text=said),
        "convert-reasons": Show(children=tuple(reasons)),
        "convert-fairness": Show(
            children=fairness_view(result.faces, result.sums), hidden=not any(result.faces)
        ),
        **undo.view(state.undo, "convert"),
    }
