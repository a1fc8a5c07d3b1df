"""Bar charts of exact distributions, built from plain elements (no canvas, no library)."""

from __future__ import annotations

from fractions import Fraction

from ui.dom import clear, make
from ui.fmt import percent

__all__ = ["bar_chart"]


def bar_chart(
    container: object,
    bars: list[tuple[str, Fraction]],
    /,
    *,
    highlight: str | None = None,
    label_every: int = 1,
) -> None:
    """Draw one bar per (label, probability); the ``highlight`` label is marked.

    ``label_every=N`` thins the axis for many bars: only every N-th bar (and the
    highlighted one) shows its label under it; every bar keeps it in its ``title``.

    The chart is decorative for screen readers (``aria-hidden``): every panel
    also shows the same numbers in a table.
    """
    clear(container)
    tallest = max((p for _, p in bars), default=Fraction(0)) or Fraction(1)
    step = max(1, label_every)
    hit = next((i for i, (label, _) in enumerate(bars) if label == highlight), None)
    for index, (label, probability) in enumerate(bars):
        shown = index == hit or (index % step == 0 and (hit is None or abs(index - hit) >= step))
        column = make(
            "div",
            cls="bar" + (" bar-hit" if label == highlight else ""),
            title=f"{label}: {percent(probability)}",
        )
        fill = make("div", cls="bar-fill")
        fill.style.height = f"{float(probability / tallest) * 100:.2f}%"
        column.append(fill, make("div", label if shown else "", cls="bar-label"))
        container.append(column)
    container.setAttribute("aria-hidden", "true")
