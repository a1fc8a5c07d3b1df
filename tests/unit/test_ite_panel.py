"""The ITE panel's logic on CPython: reading the stages, presets, rolls, views in both languages, saved state."""

from __future__ import annotations

import random
import re
from fractions import Fraction

import pytest

from kit.form import InputError
from kit.msg import pct, render
from kit.panel import ClearLog, Outcome, SetFields
from kit.view import texts
from panels.ite import jobs as ite_jobs
from panels.ite import panel as ite_panel
from panels.ite import stage as ite_stage
from rules import ite

CYRILLIC_OUTSIDE_QUOTES = re.compile("[А-Яа-яЁё]")


def _english_is_clean(state: ite_panel.State) -> None:
    for shown in texts(ite_panel.view(state), "en"):
        outside = re.sub(r"«[^»]*»", "", shown)
        assert not CYRILLIC_OUTSIDE_QUOTES.search(outside), shown


def _stage_form(
    kind: str, x: int = 10, m: int = 2, n: int = 6, mod: int = 0, dif: int = 10, **extra: object
) -> dict:
    k = kind.lower()
    form: dict[str, object] = {
        f"ite-{k}-on": True,
        f"ite-{k}-x": str(x),
        f"ite-{k}-m": str(m),
        f"ite-{k}-n": str(n),
        f"ite-{k}-mod": str(mod),
        f"ite-{k}-dif": str(dif),
        f"ite-{k}-right": False,
        f"ite-{k}-carry": False,
        f"ite-{k}-gate": False,
        f"ite-{k}-crit": "none",
        f"ite-{k}-crit-high": "",
        f"ite-{k}-crit-low": "",
    }
    form.update({f"ite-{k}-{key.replace('_', '-')}": value for key, value in extra.items()})
    return form


def _only_t(**kw: object) -> dict:
    form = {"ite-order": "ITE", "ite-i-on": False, "ite-e-on": False}
    form.update(_stage_form("T", **kw))  # type: ignore[arg-type]
    return form


def _roll(state: ite_panel.State, form: dict, seed: int = 1) -> ite_panel.State:
    done = ite_panel.roll(random.Random(seed), state, form)
    assert isinstance(done, Outcome)
    return done.state


def test_single_check_odds_are_the_rules_ite1_probability() -> None:
    """One Т-check: the stand-alone odds shown are ite1_probability; 3к6 shows the half constant 10,5."""
    state = ite_panel.calc(ite_panel.State(), _only_t(x=7, m=3, n=6, mod=1, dif=9))
    shown = ite_panel.view(state)
    expected = ite.ite1_probability(7, 3, 6, 1, 9)
    assert render(shown["ite-t-p1"].text, "ru") == render(pct(expected), "ru")
    assert "10,5" in render(shown["ite-t-formula"].text, "ru")
    assert render(shown["ite-i-formula"].text, "ru") == "чек выключен"
    assert ite.chain_odds(state.stages).stages[0].success == expected
    assert ite_jobs.odds(state.stages).stages[0].success == expected


def test_three_stages_share_one_reader() -> None:
    """Each of И, Т, Эф reads its own fields with the same code: the stage is the same check."""
    for kind in ite.CHECK_KINDS:
        stage = ite_stage.read_stage(_stage_form(kind, x=5, m=3, n=4, mod=-1, dif=2, carry=True), kind)
        assert stage == ite.Stage(kind, ite.Check(5, 3, 4, -1, 2), carry=True)
        assert ite_stage.read_stage({f"ite-{kind.lower()}-on": False}, kind) is None


def test_chain_follows_the_chosen_order() -> None:
    """The order select decides the chain's order; switched-off stages are left out."""
    form = {"ite-order": "TEI", **_stage_form("I"), **_stage_form("T"), **_stage_form("E")}
    form["ite-e-on"] = False
    assert [s.kind for s in ite_panel.read_chain(form)] == ["T", "I"]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"ite-t-x": ""}, "Т-чек, Х: введите целое число"),
        ({"ite-t-m": "0"}, "M (число кубиков): 0 вне допустимого"),
        ({"ite-t-n": "1"}, "N (число граней): 1 вне"),
        ({"ite-t-mod": "2.5"}, "Мф: введите целое число"),
        ({"ite-t-m": "20", "ite-t-n": "100"}, "слишком много исходов"),
        ({"ite-t-crit": "face", "ite-t-crit-low": "12"}, "низкий (12) должен быть меньше высокого (12)"),
        ({"ite-t-crit": "face", "ite-t-crit-high": "-"}, "или оставьте поле пустым"),
        ({"ite-t-crit": "face", "ite-t-crit-low": "1e309"}, "или оставьте поле пустым"),
        ({"ite-t-crit": "margin", "ite-t-crit-high": "1e309"}, "или оставьте поле пустым"),
        ({"ite-t-crit": "margin", "ite-t-crit-low": "-"}, "или оставьте поле пустым"),
        ({"ite-t-crit": "margin", "ite-t-crit-low": "5"}, "5 вне допустимого"),
        ({"ite-t-crit": "margin"}, "укажите хотя бы одну границу"),
        ({"ite-t-crit": "sideways"}, "Т-чек, критикалы: недопустимое значение"),
        ({"ite-order": "TTT"}, "Порядок чеков: недопустимое значение"),
        ({"ite-t-on": False}, "Включите хотя бы один чек"),
    ],
)
def test_bad_input_raises_and_changes_nothing(changes: dict, message: str) -> None:
    """Bad input (junk critical bounds included) raises InputError with a clear message; the state stays."""
    state = _roll(ite_panel.State(), _only_t())
    form = {**_only_t(), **changes}
    for action in (ite_panel.calc, lambda s, f: ite_panel.roll(random.Random(2), s, f)):
        with pytest.raises(InputError) as raised:
            action(state, form)
        assert message in render(raised.value.message, "ru")
        assert not CYRILLIC_OUTSIDE_QUOTES.search(re.sub(r"«[^»]*»", "", render(raised.value.message, "en")))
    assert ite_panel.load(ite_panel.dump(state)) == state


def test_empty_critical_bounds_use_the_defaults() -> None:
    """Empty face bounds mean all dice at maximum / at one; an empty margin side is switched off."""
    face = ite_stage.read_stage(_stage_form("T", m=3, n=6, crit="face"), "T")
    assert face is not None and face.check.critical == ite.FaceCritical(18, 3)
    margin = ite_stage.read_stage(_stage_form("T", crit="margin", crit_high=" 4 "), "T")
    assert margin is not None and margin.check.critical == ite.MarginCritical(4, None)


def test_chain_too_big_is_refused() -> None:
    """Over the chain's size limit: a message naming the limit."""
    form = {"ite-order": "ITE", **_stage_form("I", n=100), **_stage_form("T", n=100), **_stage_form("E")}
    with pytest.raises(InputError) as raised:
        ite_panel.read_chain(form)
    assert f"предел {ite.MAX_CHAIN_SPAN}" in render(raised.value.message, "ru")


def test_presets_fill_the_form_with_set_fields() -> None:
    """A preset returns SetFields that describe exactly its chain (read back gives the same stages)."""
    for name in ite_panel.PRESETS:
        done = ite_panel.preset(ite_panel.State(), {"ite-preset": name})
        assert isinstance(done, Outcome)
        (effect,) = done.effects
        assert isinstance(effect, SetFields)
        form = {**{f"ite-{k}-on": True for k in "ite"}, **dict(effect.values)}
        assert ite_panel.read_chain(form) == done.state.stages
        assert "Форма заполнена" in render(ite_panel.view(done.state)["ite-status"].text, "ru")
    assert ite_panel.preset(ite_panel.State(), {"ite-preset": ""}) == ite_panel.State()
    with pytest.raises(InputError):
        ite_panel.preset(ite_panel.State(), {"ite-preset": "nope"})


def test_sword_preset_is_the_seed_example() -> None:
    """Seed example 2: И → Т → Эф, margins carried into Т and Эф, a missed attack stops the chain."""
    done = ite_panel.preset(ite_panel.State(), {"ite-preset": "sword"})
    assert isinstance(done, Outcome)
    stages = done.state.stages
    assert [(s.kind, s.carry, s.stop_on_failure) for s in stages] == [
        ("I", False, False),
        ("T", True, True),
        ("E", True, False),
    ]
    formula = render(ite_panel.view(done.state)["ite-t-formula"].text, "ru")
    assert formula.startswith("d = t + (21 + 3к6 + 0)")


def test_roll_is_the_rules_roll_and_logs_its_summary() -> None:
    """A roll is run_chain with the same generator; the log line equals the result shown."""
    form = {"ite-order": "ITE", **_stage_form("I"), **_stage_form("T", carry=True), **_stage_form("E")}
    done = ite_panel.roll(random.Random(7), ite_panel.State(), form)
    assert isinstance(done, Outcome) and done.state.last is not None
    assert done.state.last.result == ite.run_chain(random.Random(7), done.state.stages, with_odds=False)
    shown = ite_panel.view(done.state)
    for lang in ("ru", "en"):
        assert render(done.log, lang) == render(shown["ite-result"].text, lang)
    assert render(done.log, "ru").startswith("И-чек: t = ")
    assert render(done.log, "en").startswith("Initiative check («И-чек»): t = ")


def test_roll_rows_add_up() -> None:
    """Each rolled row: margin = carried + left − right (the numbers shown are the rules' numbers)."""
    form = {
        "ite-order": "IET",
        **_stage_form("I"),
        **_stage_form("E", carry=True, right=True),
        **_stage_form("T"),
    }
    state = _roll(ite_panel.State(), form, seed=3)
    rows = ite_panel.view(state)["ite-rolls"].children
    assert rows is not None and len(rows) == 3
    assert state.last is not None
    for step in state.last.result.stages:
        assert step.margin == step.carried + step.left - step.right
    cells = [render(cell.text, "ru") for cell in rows[1].children]
    assert cells[0] == "Эф-чек" and re.fullmatch(r"10 \+ \(\d \+ \d\) = \d+", cells[2])


def test_critical_opens_a_new_situation() -> None:
    """A sure margin critical is flagged: note shown, 100 % chain critical odds."""
    form = _only_t(x=50, m=1, n=2, dif=0, crit="margin", crit_high="10")
    state = _roll(ite_panel.State(), form)
    shown = ite_panel.view(state)
    assert shown["ite-new-situation"].hidden is False
    assert "новая ситуация чеков" in render(shown["ite-new-situation"].text, "ru")
    assert "новая ситуация) — 100 %" in render(shown["ite-chain-odds"].text, "ru")
    state = _roll(state, _only_t())
    assert ite_panel.view(state)["ite-new-situation"].hidden is True


def test_english_view_has_no_russian_outside_quotes() -> None:
    """The English view is free of Cyrillic outside «…»: at first, after presets, rolls and criticals."""
    state = ite_panel.State()
    _english_is_clean(state)
    for name in ite_panel.PRESETS:
        done = ite_panel.preset(state, {"ite-preset": name})
        assert isinstance(done, Outcome)
        state = done.state
        _english_is_clean(state)
        for seed in range(3):
            form = {
                "ite-order": "".join(s.kind for s in state.stages)
                + "".join(k for k in "ITE" if k not in {s.kind for s in state.stages})
            }
            for stage in state.stages:
                form.update(dict(ite_stage.stage_fields(stage.kind, stage)))
            for kind in "ITE":
                form.setdefault(f"ite-{kind.lower()}-on", False)
            state = _roll(state, form, seed)
            _english_is_clean(state)
    cleared = ite_panel.clear_log(state, {})
    assert isinstance(cleared, Outcome) and cleared.effects == (ClearLog(),)
    _english_is_clean(cleared.state)


def test_dump_and_load_round_trip() -> None:
    """The chain and the last roll (with its own chain) survive a reload exactly."""
    assert ite_panel.load(ite_panel.dump(ite_panel.State())) == ite_panel.State()
    done = ite_panel.preset(ite_panel.State(), {"ite-preset": "crafting"})
    assert isinstance(done, Outcome)
    form = {"ite-order": "TIE"}
    for stage in done.state.stages:
        form.update(dict(ite_stage.stage_fields(stage.kind, stage)))
    for seed in range(5):
        state = _roll(done.state, form, seed)
        state = ite_panel.calc(state, _only_t(crit="margin", crit_low="-3"))
        again = ite_panel.load(ite_panel.dump(state))
        assert again.stages == state.stages and again.last == state.last


def _saved() -> dict:
    state = _roll(ite_panel.State(), _only_t(crit="face"))
    return ite_panel.dump(state)


def _broken(path: tuple, value: object) -> dict:
    saved = _saved()
    target = saved
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return saved


@pytest.mark.parametrize(
    "raw",
    [
        None,
        [],
        {"stages": []},
        {"stages": "x"},
        {"stages": [{"kind": "T"}]},
        _broken(("stages", 0, "kind"), "Q"),
        _broken(("stages", 0, "x"), 1001),
        _broken(("stages", 0, "x"), True),
        _broken(("stages", 0, "m"), 0),
        _broken(("stages", 0, "carry"), "yes"),
        _broken(("stages", 0, "crit"), {"by": "face", "high": 99, "low": 2}),
        _broken(("stages", 0, "crit"), {"by": "margin", "high": -1, "low": None}),
        _broken(("stages", 0, "crit"), {"by": "sideways"}),
        _broken(("last",), "x"),
        _broken(("last", "dice"), [[[1, 7], []]]),
        _broken(("last", "dice"), [[[1, 2], []], [[1, 2], []]]),
        _broken(("last", "stages"), []),
    ],
)
def test_load_refuses_malformed_data(raw: object) -> None:
    """Malformed saved data raises ValueError (the kit then drops it with a notice)."""
    with pytest.raises(ValueError):
        ite_panel.load(raw)


def test_alone_odds_with_a_roll_on_the_right() -> None:
    """With MкN rolled on the right the stand-alone odds are check_odds', not the constant formula."""
    check = ite.Check(5, 2, 6, 0, 4, rolled_right=True)
    assert ite_stage.alone_odds(check) == ite.check_odds(check).success
    assert ite_stage.alone_odds(check) != Fraction(ite.ite1_probability(5, 2, 6, 0, 4))
