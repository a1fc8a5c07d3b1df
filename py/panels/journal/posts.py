"""How the GM wants the journal's posts (BBCode, Markdown): in which order, and whether they end
with the statistics of what they hold (``summary``). Read from the journal's export row:
``#journal-order`` (``old``: oldest first, a forum post read top-down; ``new``) and
``#journal-export-stats``. A post the compute worker makes (a journal the page does not hold
whole) gets the same choices as ``post_choices`` and words its statistics there.

>>> post_options("ru", {"journal-order": "new", "journal-export-stats": False}, [])
{'oldest_first': False, 'stats': None}
>>> post_choices({"journal-export-stats": True})
{'oldest_first': True, 'with_stats': True}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kit.form import Form
from kit.journal import Entry
from panels.journal.statistics import statistics
from panels.journal.summary import summary

__all__ = ["ORDER", "STATS", "post_choices", "post_options"]

ORDER = "journal-order"
STATS = "journal-export-stats"


def post_choices(form: Form) -> dict[str, bool]:
    """The order and whether the statistics are wanted, as plain values (a job's arguments)."""
    return {"oldest_first": form.get(ORDER) != "new", "with_stats": form.get(STATS) is True}


def post_options(lang: str, form: Form, entries: Sequence[Entry]) -> dict[str, Any]:
    """``export.bbcode``'s and ``export.markdown``'s keyword arguments for this form: the order,
    and the statistics of the entries (secret ones left out, as from the post itself)."""
    chosen = post_choices(form)
    return {
        "oldest_first": chosen["oldest_first"],
        "stats": summary(statistics(entries), lang) if chosen["with_stats"] else None,
    }
