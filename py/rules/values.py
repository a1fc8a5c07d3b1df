"""Checks of plain argument values shared by the rules modules: one place for one refusal.

>>> whole_number("faces", 6)
6
>>> whole_number("faces", True)
Traceback (most recent call last):
...
ValueError: faces must be a whole number, got True
"""

from __future__ import annotations

__all__ = ["whole_number"]


def whole_number(name: str, value: object, /) -> int:
    """Return ``value`` if it is a whole number (an int, not a bool), else raise ValueError naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be a whole number, got {value!r}")
    return value
