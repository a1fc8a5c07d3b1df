"""Omicron FUDGE (seed 002): ladder, dice, actions, attacks, damage, wounds and scale.

Every roll has exact odds before it is made.  Rule data (ladder, weapons,
damage types, armour, wound boxes, range table) are in Russian exactly as the
seed writes them.

>>> distribution("6d3-12") == distribution("6dF")
True
>>> ladder_name(-3)
'Очень плохо'
>>> headcount(10)
6

The one name to import; the rules live by concept and are re-exported here:
:mod:`rules.fudge_action` (ladder, dice, actions, range), :mod:`rules.fudge_damage` (equipment,
damage, scale), :mod:`rules.fudge_wounds` (wound tracks) and :mod:`rules.fudge_attack` (attack
and defence, rapid fire, a bought success).
"""

from __future__ import annotations

from rules import fudge_action as _action
from rules import fudge_attack as _attack
from rules import fudge_damage as _damage
from rules import fudge_wounds as _wounds
from rules.fudge_action import *  # noqa: F403  (re-exported: ladder, dice, actions, range)
from rules.fudge_attack import *  # noqa: F403  (re-exported: attack and defence, a bought success)
from rules.fudge_damage import *  # noqa: F403  (re-exported: equipment, damage, scale)
from rules.fudge_wounds import *  # noqa: F403  (re-exported: wound tracks)

# the forms pyright follows
__all__ = []
__all__ += _action.__all__
__all__ += _damage.__all__
__all__ += _wounds.__all__
__all__ += _attack.__all__
