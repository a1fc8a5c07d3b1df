"""Moved to kit.fmt; this name stays only until every panel is on the kit."""

from kit.fmt import *  # noqa: F403
from kit.fmt import __all__  # noqa: F401
