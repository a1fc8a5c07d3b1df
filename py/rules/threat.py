"""Threat dice (seed 003, «Кубы угрозы»): a bag of light and dark d20s and a rising threshold.

A check draws from one shared bag.  A light die never matters; a dark die
showing a result strictly below the current threshold T is a threat event
(then T resets), any other dark result except 20 raises T by the step Δ.
Every probability here is exact (``Fraction``); every function that rolls
takes a ``random.Random``; every state is an immutable value, and each
transition returns a new one.  The rules, with seed citations and the
interpretation decisions, are in ``docs/rules/threat.md``.

>>> event_probability(5, 1, 5)
Fraction(1, 30)
>>> state = new_state(light=5, dark=1, base=5, step=1)
>>> record(state, "dark", 5).state.tracks[0].threshold
6
>>> record(state, "dark", 4).event
True

This module is the one name to import; the rules live by concept and are re-exported here:
:mod:`rules.threat_bag` (the limits, threat colours and the bag's state),
:mod:`rules.threat_changes` (the GM's changes to the bag), :mod:`rules.threat_check` (one check
and its journal line) and :mod:`rules.threat_odds` (exact odds and the forecast). The journal's
change lines and reading a saved journal are :mod:`rules.threat_journal`.
"""

from __future__ import annotations

from rules import threat_bag as _bag
from rules import threat_changes as _changes
from rules import threat_check as _check
from rules import threat_odds as _odds
from rules.threat_bag import *  # noqa: F403  (re-exported: limits, threat colours, the bag)
from rules.threat_changes import *  # noqa: F403  (re-exported: the GM's changes to the bag)
from rules.threat_check import *  # noqa: F403  (re-exported: one check and its journal line)
from rules.threat_odds import *  # noqa: F403  (re-exported: exact odds and the forecast)

# the forms pyright follows
__all__ = []
__all__ += _bag.__all__
__all__ += _changes.__all__
__all__ += _check.__all__
__all__ += _odds.__all__
