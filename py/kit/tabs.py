"""The tabs of the page (the WAI-ARIA tabs pattern): where an arrow key goes. Pure;
``kit.browser_tabs`` applies it. The last tab is saved under ``TAB_KEY`` and reopened before
Python starts, by ``static/first-paint.js``.

>>> moved(("a", "b", "c"), "c", "ArrowRight")
'a'
>>> moved(("a", "b", "c"), "b", "Home"), moved(("a", "b", "c"), "a", "ArrowLeft")
('a', 'c')
>>> moved(("a", "b"), "a", "x") is None
True
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["KEYS", "TAB_KEY", "moved"]

TAB_KEY = "gm.tab"  # localStorage: the last tab a GM opened (read by static/first-paint.js too)
KEYS = ("ArrowLeft", "ArrowRight", "Home", "End")


def moved(names: Sequence[str], current: str, key: str, /) -> str | None:
    """The tab ``key`` moves to from ``current`` (wrapping around); ``None`` for another key."""
    if key not in KEYS or not names:
        return None
    if key == "Home":
        return names[0]
    if key == "End":
        return names[-1]
    index = names.index(current) if current in names else 0
    step = 1 if key == "ArrowRight" else -1
    return names[(index + step) % len(names)]
