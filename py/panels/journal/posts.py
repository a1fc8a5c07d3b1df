"""How the GM wants the journal's posts (BBCode, Markdown): in which order, and whether they end
with the statistics of what they hold (``summary``). Read from the journal's export row:
``#journal-order`` (``old``: oldest first, a forum post read top-down; ``new``) and
``#journal-export-stats``.

>>> post_options([], "ru", {"journal-order": "new", "journal-export-stats": False})
{'oldest_first': False, 'stats': None}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kit.form import Form
from kit.journal import Entry
from panels.journal.statistics import statistics
from panels.journal.summary import summary

__all__ = ["ORDER", "STATS", "post_options"]

ORDER = "journal-order"
STATS = "journal-export-stats"


def post_options(entries: Sequence[Entry], lang: str, form: Form) -> dict[str, Any]:
    """``export.bbcode``'s and ``export.markdown``'s keyword arguments for this form: the order,
    and the statistics of the entries (secret ones left out, as from the post itself)."""
    wanted = form.get(STATS) is True
    return {
        "oldest_first": form.get(ORDER) != "new",
        "stats": summary(statistics(entries), lang) if wanted else None,
    }
