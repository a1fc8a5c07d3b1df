"""Bar charts of exact distributions, built from plain elements (no canvas, no library)."""

from __future__ import annotations

from fractions import Fraction

from ui.dom import clear, make
from ui.fmt import percent

__all__ = ["bar_chart"]


def bar_chart(
    container: object, bars: list[tuple[str, Fraction]], /, *, highlight: str | None = None
) -> None:
    """Draw one bar per (label, probability); the ``highlight`` label is marked.

    The chart is decorative for screen readers (``aria-hidden``): every panel
    also shows the same numbers in a table.
    """
    clear(container)
    tallest = max((p for _, p in bars), default=Fraction(0)) or Fraction(1)
    for label, probability in bars:
        column = make(
            "div",
            cls="bar" + (" bar-hit" if label == highlight else ""),
            title=f"{label}: {percent(probability)}",
        )
        fill = make("div", cls="bar-fill")
        fill.style.height = f"{float(probability / tallest) * 100:.2f}%"
        column.append(fill, make("div", label, cls="bar-label"))
        container.append(column)
    container.setAttribute("aria-hidden", "true")
