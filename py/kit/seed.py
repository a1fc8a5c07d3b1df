"""The page's dice and ``?seed=N`` (pure): predictable rolls only where the GM asked for them.

A seed makes every roll of the page predictable to whoever knows it, so a seed in the address is
never applied just because it is there: a link can come from a player. In a GM's browser the page
drops it from the address at once and says, loudly, that it was not applied; the GM may apply it
by a click (for a bug report), and the page then says, for as long as it holds, that the dice are
predictable. A browser under automation (``navigator.webdriver``: the tests, the benchmark) is
driven by whoever runs it, not by a link, and gets the seed at once, for reproducible dice; the
footer says so.

>>> from_address("20261129"), from_address(""), from_address("x" * 41)
('20261129', None, None)
>>> at_start("7", automated=True), at_start("7", automated=False)
('7', None)
"""

from __future__ import annotations

__all__ = ["MAX_SEED", "PARAM", "at_start", "from_address"]

PARAM = "seed"
MAX_SEED = 40  # characters: a seed is a short word or number (random.Random seeds from its text)


def from_address(raw: str | None, /) -> str | None:
    """The seed an address asks for: its text as ``random.Random`` takes it, or ``None``."""
    if raw is None or not raw.strip() or len(raw) > MAX_SEED:
        return None
    return raw


def at_start(raw: str | None, /, *, automated: bool) -> str | None:
    """The seed applied as the page starts: the address's, in a browser under automation only."""
    seed = from_address(raw)
    return seed if automated else None
