"""One stage of the ITE chain (И-, Т- or Эф-check), parametrised by its code "I", "T" or "E".

The three fieldsets of the panel share one shape, so one set of functions reads a stage from the
form, fills its fields (presets), shows its formula and stand-alone odds, and saves it.

>>> from kit.msg import render
>>> form = {"ite-t-on": True, "ite-t-x": "7", "ite-t-m": "3", "ite-t-n": "6", "ite-t-mod": "1",
...         "ite-t-dif": "9", "ite-t-crit": "none"}
>>> stage = read_stage(form, "T")
>>> stage.check.constant
Fraction(21, 2)
>>> render(stage_view("T", stage, None)["ite-t-formula"].text, "en")
'd = (7 + 3d6 + 1) − (9 + 10.5); dice constant M(N+1)/2 = 10.5'
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from kit.form import Form, InputError, read_bool, read_choice, read_int, read_optional_int
from kit.msg import Cat, Renderable, num
from kit.view import Show
from panels.ite import text
from rules import ite

__all__ = [
    "CRIT_HIGH_MAX",
    "CRIT_MODES",
    "MARGIN_LETTER",
    "VALUE_LIMIT",
    "dice",
    "dump_stage",
    "field_id",
    "load_stage",
    "read_stage",
    "stage_fields",
    "stage_view",
]

VALUE_LIMIT = 1000  # |Х|, |Мф|, |УрС| and margin critical bounds
# «от N» of a critical rule: a face total (M to M·N, at most 20 + 200: rules.ite's MAX_DICE and
# MAX_CHECK_SPAN) or a margin above 0 (seed 001, section 5), read as a whole number: 1 to this.
CRIT_HIGH_MAX = VALUE_LIMIT
CRIT_MODES = ("none", "face", "margin")
MARGIN_LETTER = {"I": "t", "T": "d", "E": "e"}  # seed §4: t, d, e
NUMBERS = (("x", "x"), ("m", "m"), ("n", "n"), ("mod", "modifier"), ("dif", "difficulty"))


def field_id(kind: str, field: str) -> str:
    """The element id of a stage's field: ``field_id("T", "x") == "ite-t-x"``."""
    return f"ite-{kind.lower()}-{field}"


def dice(m: int, n: int) -> Renderable:
    """MкN in Russian, MdN in English."""
    return text.DICE(m=m, n=n)


def _sign(value: int) -> str:
    return f"+ {value}" if value >= 0 else f"− {-value}"


# --------------------------------------------------------------------------- reading the form


def _read_critical(form: Form, kind: str, m: int, n: int) -> ite.FaceCritical | ite.MarginCritical | None:
    name = text.NAME[kind]
    high_id, low_id = field_id(kind, "crit-high"), field_id(kind, "crit-low")
    mode = read_choice(form, field_id(kind, "crit"), CRIT_MODES, text.FIELD_CRIT(check=name))
    if mode == "none":
        return None
    if mode == "face":
        what = text.FIELD_CRIT_FACE(check=name, dice=dice(m, n))
        high = read_optional_int(form, high_id, m, m * n, text.FIELD_HIGH(what=what))
        low = read_optional_int(form, low_id, m, m * n, text.FIELD_LOW(what=what))
        high = m * n if high is None else high
        low = m if low is None else low
        if low >= high:
            raise InputError(text.LOW_NOT_BELOW(what=what, low=low, high=high))
        return ite.FaceCritical(high, low)
    what = text.FIELD_CRIT_MARGIN(check=name)
    high = read_optional_int(form, high_id, 1, CRIT_HIGH_MAX, text.FIELD_HIGH(what=what))
    low = read_optional_int(form, low_id, -VALUE_LIMIT, -1, text.FIELD_LOW(what=what))
    if high is None and low is None:
        raise InputError(text.NEED_BOUND(what=what))
    return ite.MarginCritical(high, low)


def read_stage(form: Form, kind: str) -> ite.Stage | None:
    """The stage of ``kind`` from the form, or None when it is switched off; InputError on bad input."""
    if not read_bool(form, field_id(kind, "on")):
        return None
    name = text.NAME[kind]
    x = read_int(form, field_id(kind, "x"), -VALUE_LIMIT, VALUE_LIMIT, text.FIELD_X(check=name))
    m = read_int(form, field_id(kind, "m"), 1, ite.MAX_DICE, text.FIELD_M(check=name))
    n = read_int(form, field_id(kind, "n"), 2, ite.MAX_FACES, text.FIELD_N(check=name))
    modifier = read_int(form, field_id(kind, "mod"), -VALUE_LIMIT, VALUE_LIMIT, text.FIELD_MOD(check=name))
    difficulty = read_int(form, field_id(kind, "dif"), -VALUE_LIMIT, VALUE_LIMIT, text.FIELD_DIF(check=name))
    rolled = read_bool(form, field_id(kind, "right"))
    if m * (n - 1) * (2 if rolled else 1) > ite.MAX_CHECK_SPAN:
        too_many = text.TOO_MANY_RIGHT if rolled else text.TOO_MANY
        raise InputError(too_many(check=name, dice=dice(m, n), limit=ite.MAX_CHECK_SPAN))
    critical = _read_critical(form, kind, m, n)
    check = ite.Check(x, m, n, modifier, difficulty, rolled, critical)
    return ite.Stage(
        kind,
        check,
        carry=read_bool(form, field_id(kind, "carry")),
        stop_on_failure=read_bool(form, field_id(kind, "gate")),
    )


def stage_fields(kind: str, stage: ite.Stage | None) -> tuple[tuple[str, str | bool], ...]:
    """The field values that show ``stage`` (a preset); a stage left out is only switched off."""
    if stage is None:
        return ((field_id(kind, "on"), False),)
    c = stage.check
    crit = c.critical
    mode = "face" if isinstance(crit, ite.FaceCritical) else "margin" if crit is not None else "none"
    high = "" if crit is None or crit.high is None else str(crit.high)
    low = "" if crit is None or crit.low is None else str(crit.low)
    return (
        (field_id(kind, "on"), True),
        *((field_id(kind, field), str(getattr(c, attr))) for field, attr in NUMBERS),
        (field_id(kind, "right"), c.rolled_right),
        (field_id(kind, "carry"), stage.carry),
        (field_id(kind, "gate"), stage.stop_on_failure),
        (field_id(kind, "crit"), mode),
        (field_id(kind, "crit-high"), high),
        (field_id(kind, "crit-low"), low),
    )


# --------------------------------------------------------------------------- showing a stage


def formula(stage: ite.Stage, previous: str | None) -> Renderable:
    """``d = t + (X + MкN + Mod) − (Difficulty + right side)`` and the dice constant."""
    c = stage.check
    right: Renderable = dice(c.m, c.n) if c.rolled_right else num(c.constant)
    carried = f"{MARGIN_LETTER[previous]} + " if stage.carry and previous else ""
    shown = Cat(
        (
            f"{MARGIN_LETTER[stage.kind]} = {carried}({c.x} + ",
            dice(c.m, c.n),
            f" {_sign(c.modifier)}) − ({c.difficulty} + ",
            right,
            ")",
        )
    )
    return text.FORMULA(formula=shown, constant=num(c.constant))


@lru_cache(maxsize=32)
def alone_odds(check: ite.Check) -> Fraction:
    """Stand-alone ITE-1 odds: the seed's formula, or with MкN rolled on the right."""
    if check.rolled_right:
        return ite.check_odds(check).success
    return ite.ite1_probability(check.x, check.m, check.n, check.modifier, check.difficulty)


def stage_view(
    kind: str, stage: ite.Stage | None, previous: str | None, alone: Renderable = "…"
) -> dict[str, Show]:
    """The stage's formula, its stand-alone odds as shown (``alone``: a percentage, or "…" while
    they are computed) and its computed : random ratio."""
    if stage is None:
        return {
            field_id(kind, "formula"): Show(text=text.SWITCHED_OFF),
            field_id(kind, "p1"): Show(text="—"),
            field_id(kind, "ratio"): Show(text="—"),
        }
    c = stage.check
    ratio = text.RATIO(computed=num(c.x + c.modifier), constant=num(c.constant), ratio=num(c.ratio))
    return {
        field_id(kind, "formula"): Show(text=formula(stage, previous)),
        field_id(kind, "p1"): Show(text=alone),
        field_id(kind, "ratio"): Show(text=ratio),
    }


# --------------------------------------------------------------------------- saving a stage


def dump_stage(stage: ite.Stage) -> dict[str, Any]:
    c = stage.check
    crit = c.critical
    saved_crit = None
    if crit is not None:
        by = "face" if isinstance(crit, ite.FaceCritical) else "margin"
        saved_crit = {"by": by, "high": crit.high, "low": crit.low}
    return {
        "kind": stage.kind,
        **{attr: getattr(c, attr) for _, attr in NUMBERS},
        "right": c.rolled_right,
        "carry": stage.carry,
        "gate": stage.stop_on_failure,
        "crit": saved_crit,
    }


def _bounded(raw: dict[str, Any], key: str) -> int:
    value = raw[key]
    if type(value) is not int or not -VALUE_LIMIT <= value <= VALUE_LIMIT:
        raise ValueError(f"{key} must be a whole number within ±{VALUE_LIMIT}, got {value!r}")
    return value


def _load_critical(raw: Any) -> ite.FaceCritical | ite.MarginCritical | None:
    if raw is None:
        return None
    if not isinstance(raw, dict) or raw.get("by") not in ("face", "margin"):
        raise ValueError(f"a critical rule must be {{by: face|margin, high, low}}, got {raw!r}")
    high, low = raw.get("high"), raw.get("low")
    if raw["by"] == "face":
        return ite.FaceCritical(high, low)
    for value in (high, low):
        if value is not None and (type(value) is not int or abs(value) > VALUE_LIMIT):
            raise ValueError(f"a margin bound must be a whole number within ±{VALUE_LIMIT}, got {value!r}")
    return ite.MarginCritical(high, low)


def load_stage(raw: Any) -> ite.Stage:
    """A saved stage back; ``ValueError`` on anything the form could not have produced."""
    if not isinstance(raw, dict):
        raise ValueError(f"a stage must be an object, got {raw!r}")
    try:
        numbers = {attr: _bounded(raw, attr) for _, attr in NUMBERS}
        check = ite.Check(**numbers, rolled_right=raw["right"], critical=_load_critical(raw.get("crit")))
        return ite.Stage(raw["kind"], check, carry=raw["carry"], stop_on_failure=raw["gate"])
    except (KeyError, TypeError) as error:
        raise ValueError(f"malformed stage: {error!r}") from None
