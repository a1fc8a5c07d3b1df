"""Pearson's chi-square distribution, standard library only: the tail a fairness test reads.

``chi_square_sf(x, df)`` is P(X² ≥ x) for ``df`` degrees of freedom: the regularized upper
incomplete gamma function Q(df/2, x/2), computed by its power series below a + 1 and by its
continued fraction above (modified Lentz), in floats to about 1e-14 relative (checked against
scipy's figures in tests/unit/test_fairness.py). No scipy in the page: it is one function.

>>> round(chi_square_sf(3.841458820694124, 1), 12)   # the 5 % point of one degree
0.05
>>> round(chi_square_sf(36.19086912927004, 19), 12)  # the 1 % point of a d20's 19 degrees
0.01
>>> chi_square_sf(0.0, 5)
1.0
>>> math.isclose(gamma_q(1.0, 2.0), math.exp(-2.0), rel_tol=1e-14)  # Q(1, x) = e^-x
True
"""

from __future__ import annotations

import math

__all__ = ["chi_square_sf", "gamma_p", "gamma_q"]

_EPS = 1e-16  # relative size of the last term or step kept
_TINY = 1e-300  # Lentz's guard against a zero denominator
_MAX_STEPS = 10_000  # never reached for the sizes a test meets (a few hundred at most)


def _checked(a: float, x: float) -> None:
    if not (a > 0 and math.isfinite(a)):
        raise ValueError(f"the gamma function's shape must be a positive number, not {a}")
    if not (x >= 0 and not math.isnan(x)):
        raise ValueError(f"the incomplete gamma function needs x >= 0, not {x}")


def _front(a: float, x: float) -> float:
    """x^a e^-x / Γ(a), in logarithms (x^a alone overflows for a test of many degrees)."""
    return math.exp(a * math.log(x) - x - math.lgamma(a))


def _series(a: float, x: float) -> float:
    """P(a, x) by its power series (quick for x < a + 1)."""
    term = total = 1.0 / a
    shape = a
    for _ in range(_MAX_STEPS):
        shape += 1.0
        term *= x / shape
        total += term
        if abs(term) < abs(total) * _EPS:
            break
    return total * _front(a, x)


def _continued_fraction(a: float, x: float) -> float:
    """Q(a, x) by its continued fraction (quick for x ≥ a + 1), modified Lentz."""
    b = x + 1.0 - a
    c = 1.0 / _TINY
    d = 1.0 / b
    h = d
    for i in range(1, _MAX_STEPS):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = _TINY if abs(d) < _TINY else d
        c = b + an / c
        c = _TINY if abs(c) < _TINY else c
        d = 1.0 / d
        step = d * c
        h *= step
        if abs(step - 1.0) < _EPS:
            break
    return h * _front(a, x)


def gamma_p(a: float, x: float, /) -> float:
    """The regularized lower incomplete gamma function P(a, x) = γ(a, x) / Γ(a).

    >>> round(gamma_p(0.5, 2.0), 15)  # erf(√2)
    0.954499736103642
    """
    _checked(a, x)
    if x == 0:
        return 0.0
    if x < a + 1.0:
        return min(1.0, _series(a, x))
    return max(0.0, 1.0 - _continued_fraction(a, x))


def gamma_q(a: float, x: float, /) -> float:
    """The regularized upper incomplete gamma function Q(a, x) = 1 − P(a, x), exact in its far
    tail too (computed there directly, never as 1 − P).

    >>> math.isclose(gamma_q(3.0, 10.0), math.exp(-10.0) * (1 + 10 + 50), rel_tol=1e-14)  # e^-x Σ x^k/k!, k < n
    True
    """
    _checked(a, x)
    if x == 0:
        return 1.0
    if x < a + 1.0:
        return max(0.0, 1.0 - _series(a, x))
    return min(1.0, _continued_fraction(a, x))


def chi_square_sf(x: float, df: int, /) -> float:
    """P(X² ≥ x) for a chi-square variable of ``df`` degrees of freedom (the test's p-value).

    >>> math.isclose(chi_square_sf(2.0, 2), math.exp(-1.0), rel_tol=1e-14)  # two degrees: e^(-x/2)
    True
    >>> chi_square_sf(1.0, 0)
    Traceback (most recent call last):
    ...
    ValueError: a chi-square distribution has at least one degree of freedom, not 0
    """
    if df < 1:
        raise ValueError(f"a chi-square distribution has at least one degree of freedom, not {df}")
    if not x > 0:
        if math.isnan(x) or x < 0:
            raise ValueError(f"a chi-square statistic is never negative: {x}")
        return 1.0
    return gamma_q(df / 2.0, x / 2.0)
