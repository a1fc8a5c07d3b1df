"""Panel stub: filled in by the ite panel work (see index.html section #ite)."""

from __future__ import annotations


def setup() -> None:
    """Wire the panel; called once from main.py before the page is marked ready."""
