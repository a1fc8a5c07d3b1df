"""ITE (seed 001): initiative, accuracy and effect checks with exact odds.

Seed 001, section 3 (ITE-1): a check succeeds when
``X + MdN + Mod >= Difficulty + M(N+1)/2``.  Section 4 (ITE-2) carries each
check's margin into the next: ``t = ...``, ``d = t + ...``, ``e = d + ...``.
The dice constant ``M(N+1)/2`` can be a half (``3d6`` gives 10.5), so margins
are exact :class:`~fractions.Fraction` values in steps of 1/2.

>>> ite1_probability(0, 2, 6, 0, 0)
Fraction(7, 12)
>>> Check(10, 3, 6).constant
Fraction(21, 2)

This module is the one name to import; the rules live by concept and are re-exported here:
:mod:`rules.ite_check` (one check: its sides, critical rules, limits and the ITE-1 formula),
:mod:`rules.ite_chain` (chains, their exact odds and the seed's example chains) and
:mod:`rules.ite_roll` (rolling a chain, and replaying it from dice already rolled).  See
``docs/rules/ite.md``.
"""

from __future__ import annotations

from rules import ite_chain as _chain
from rules import ite_check as _check
from rules import ite_roll as _roll
from rules.ite_chain import *  # noqa: F403  (re-exported: chains, their odds, the seed's examples)
from rules.ite_check import *  # noqa: F403  (re-exported: one check, its criticals and limits)
from rules.ite_roll import *  # noqa: F403  (re-exported: rolling and replaying a chain)

# the forms pyright follows
__all__ = []
__all__ += _check.__all__
__all__ += _chain.__all__
__all__ += _roll.__all__
