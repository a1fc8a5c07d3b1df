"""The exchange's exact odds for the form's default setup (``gauss.CombatSetup()``), as data.

The checks panel shows them in its first paint and again whenever its setup is the default one (a
mount in idle time, a reset), without summing them again in the page. tests/unit/test_mount_work.py
holds them equal to ``rules.gauss.exchange_odds``; if the rules change, that test prints the new
literals.
"""

from __future__ import annotations

from fractions import Fraction

from rules import gauss

__all__ = ["ODDS"]

ODDS = gauss.ExchangeOdds(
    gauss.CombatSetup(),
    {
        gauss.ATTACK_FAILED: Fraction(77, 400),
        gauss.ATTACK_BEST: Fraction(1, 2000),
        gauss.DEFENCE_FAILED: Fraction(62139, 400000),
        gauss.DEFENCE_BEST: Fraction(807, 2000000),
        gauss.HELD: Fraction(380587319357449, 1024000000000000),
        gauss.PIERCED: Fraction(286291656642551, 1024000000000000),
    },
    {
        gauss.DamageEffect(Fraction(1, 2)): Fraction(2083483357903, 2048000000000000),
        gauss.DamageEffect(Fraction(1)): Fraction(13484562843927, 32000000000000),
        gauss.DamageEffect(Fraction(2)): Fraction(25639487915871, 2048000000000000),
        gauss.DamageEffect(Fraction(3), gauss.DAMAGE_MAX): Fraction(1, 2000),
    },
)
