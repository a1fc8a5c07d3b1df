"""GaussD20 (seed 000): ``round(3d20 / 3)`` on fair d20s, shifted by luck.

Seed 000, "Дополнительная математика": ``gauss20(luck)`` rolls three d20,
rounds their mean, adds ``luck - 5`` and clamps the result to 1..20.  The
seed's own ``rnd20`` (``Math.round(Math.random() * 19) + 1``) gives 1 and 20
half the weight of the other faces; here every face is equally likely and
every probability is exact.

>>> distribution()[1]
Fraction(1, 2000)
>>> from_3d20_total(24)
8

This module is the one name to import; the rules live by concept and are re-exported here:
:mod:`rules.gauss_roll` (the die, skill checks, median rolls with the madness and horror
series), :mod:`rules.gauss_opposed` (opposed checks), :mod:`rules.gauss_combat` (combat with
active defence) and :mod:`rules.gauss_checks` (their rule data and integer rules).  See
``docs/rules/gauss.md``.
"""

from __future__ import annotations

from rules import gauss_checks as _checks
from rules import gauss_combat as _combat
from rules import gauss_opposed as _opposed
from rules import gauss_roll as _roll
from rules.gauss_checks import *  # noqa: F403  (re-exported: rule data and integer rules)
from rules.gauss_combat import *  # noqa: F403  (re-exported: combat with active defence)
from rules.gauss_opposed import *  # noqa: F403  (re-exported: opposed checks)
from rules.gauss_roll import *  # noqa: F403  (re-exported: the die, skill checks, median rolls)

# the forms pyright follows
__all__ = []
__all__ += _roll.__all__
__all__ += _opposed.__all__
__all__ += _combat.__all__
__all__ += _checks.__all__
