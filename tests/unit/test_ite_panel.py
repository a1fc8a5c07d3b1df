"""The ITE panel's logic on CPython: reading the stages, presets, rolls, views in both languages, saved state."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction

import pytest

from kit import compute
from kit.compute import answer, encode, settle
from kit.form import InputError
from kit.msg import pct, render
from kit.panel import Answer, Compute, Outcome, SetFields, outcome
from kit.view import texts
from panels.ite import jobs as ite_jobs
from panels.ite import panel as ite_panel
from panels.ite import presets as ite_presets
from panels.ite import stage as ite_stage
from panels.ite import text as ite_text
from rules import ite, ite_chain, ite_check, ite_roll

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


PANEL = ite_panel.panel(random.Random(1))


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
    state = outcome(ite_panel.calc(ite_panel.State(), _only_t(x=7, m=3, n=6, mod=1, dif=9))).state
    shown = ite_panel.view(state)
    expected = ite.ite1_probability(7, 3, 6, 1, 9)
    assert render(shown["ite-t-p1"].text, "ru") == render(pct(expected), "ru")
    assert "10,5" in render(shown["ite-t-formula"].text, "ru")
    assert render(shown["ite-i-formula"].text, "ru") == "чек выключен"
    assert ite.chain_odds(state.chain.stages).stages[0].success == expected
    assert ite_jobs.odds(state.chain.stages).stages[0].success == expected


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
        assert ite_panel.read_chain(form) == done.state.chain.stages
        assert "Форма заполнена" in render(ite_panel.view(done.state)["ite-status"].text, "ru")
    assert outcome(ite_panel.preset(ite_panel.State(), {"ite-preset": ""})) == Outcome(ite_panel.State())
    with pytest.raises(InputError):
        ite_panel.preset(ite_panel.State(), {"ite-preset": "nope"})


def test_sword_preset_is_the_seed_example() -> None:
    """Seed example 2: И → Т → Эф, margins carried into Т and Эф, a missed attack stops the chain."""
    done = ite_panel.preset(ite_panel.State(), {"ite-preset": "sword"})
    assert isinstance(done, Outcome)
    stages = done.state.chain.stages
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
    assert done.state.last.result == ite.run_chain(random.Random(7), done.state.chain.stages, with_odds=False)
    shown = ite_panel.view(done.state)
    for lang in ("ru", "en"):
        assert render(done.log, lang) == render(shown["ite-result"].text, lang)
    assert render(done.log, "ru").startswith("Цепочка: не все чеки успешны. И-чек: t = ")  # the verdict first
    assert render(done.log, "en").startswith(
        "Chain: not every check succeeded. Initiative check («И-чек»): t = "
    )


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


def test_after_a_critical_a_button_starts_the_new_situation_with_the_same_characters() -> None:
    """Seed 001 §5–6: a critical opens a new situation of checks, «Т-чеком … насколько опасную
    зону, … Эф-чеком — конкретный эффект». «Новая ситуация» shows after a critical only; it fills
    the critical hit's Т and Эф checks, and the characters picked stay and fill them again."""
    from panels.ite import cast as ite_cast
    from rules.roster import IteCheck, IteSheet, Roster

    roster = Roster().add("Вера", "ite", IteSheet((("Фехтование", IteCheck(30, 2)), ("Урон", IteCheck(9)))))
    hero = roster.entries[0].id
    form = _only_t(x=50, m=1, n=2, dif=0, crit="margin", crit_high="10")
    state = replace(ite_panel.State(), cast=ite_panel.State().cast.synced(roster))
    with pytest.raises(InputError):
        PANEL.actions["#ite-next"](state, form)
    picked = outcome(PANEL.actions["#ite-t-who"](state, {**form, "ite-t-who": f"{hero}:0"})).state
    state = _roll(picked, form)
    assert ite_panel.view(state)["ite-next-box"].hidden is False
    done = outcome(PANEL.actions["#ite-next"](state, form))
    assert [stage.kind for stage in done.state.chain.stages] == ["T", "E"]
    t_stage, e_stage = done.state.chain.stages
    assert (t_stage.check.x, t_stage.check.modifier, e_stage.check.x) == (30, 2, 9)  # Вера's checks
    assert (
        done.state.cast.choice("ite-t-who") == f"{hero}:0"
        and done.state.cast.choice("ite-e-who") == f"{hero}:1"
    )
    assert ite_cast.for_check(roster.entries[0].sheet, "E", 0) == 1
    assert render(done.say, "ru").startswith("Новая ситуация чеков после критикала")
    assert ite_panel.view(_roll(done.state, _only_t()))["ite-next-box"].hidden is True


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
                "ite-order": "".join(s.kind for s in state.chain.stages)
                + "".join(k for k in "ITE" if k not in {s.kind for s in state.chain.stages})
            }
            for stage in state.chain.stages:
                form.update(dict(ite_stage.stage_fields(stage.kind, stage)))
            for kind in "ITE":
                form.setdefault(f"ite-{kind.lower()}-on", False)
            state = _roll(state, form, seed)
            _english_is_clean(state)


def test_dump_and_load_round_trip() -> None:
    """The chain and the last roll (with its own chain) survive a reload exactly."""
    assert ite_panel.load(ite_panel.dump(ite_panel.State())) == ite_panel.State()
    done = ite_panel.preset(ite_panel.State(), {"ite-preset": "crafting"})
    assert isinstance(done, Outcome)
    form = {"ite-order": "TIE"}
    for stage in done.state.chain.stages:
        form.update(dict(ite_stage.stage_fields(stage.kind, stage)))
    for seed in range(5):
        state = _roll(done.state, form, seed)
        state = outcome(ite_panel.calc(state, _only_t(crit="margin", crit_low="-3"))).state
        again = ite_panel.load(ite_panel.dump(state))
        assert again.chain.stages == state.chain.stages and again.last == state.last


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


# --------------------------------------------------------------------------- odds off the main thread


def _worst_chain_form() -> dict:
    """tools/bench.py's ITE row: I, T and E each 2к67 against the constant, carried, margin criticals ±5."""
    form: dict[str, object] = {"ite-order": "ITE"}
    for kind in "ITE":
        form.update(
            _stage_form(
                kind, x=0, m=2, n=67, mod=0, dif=0, carry=True, crit="margin", crit_high="5", crit_low="-5"
            )
        )
    return form


HEAVY_T = {
    "x": 3,
    "m": 5,
    "n": 20,
    "mod": 1,
    "dif": 40,
}  # 5к20 alone: about 10 ms of CPython, over INLINE_WORK


def _computes(result: object) -> list[Compute]:
    return [e for e in outcome(result).effects if isinstance(e, Compute)]  # type: ignore[arg-type]


def _odds_texts(state: ite_panel.State, lang: str = "ru") -> dict[str, object]:
    shown = ite_panel.view(state)
    return {
        "rows": [[render(c.text, lang) for c in row.children[1:]] for row in shown["ite-odds"].children],
        "chain": render(shown["ite-chain-odds"].text, lang),
        "p1": {k: render(shown[f"ite-{k}-p1"].text, lang) for k in "ite"},
    }


def _expected_texts(stages: tuple[ite.Stage, ...], lang: str = "ru") -> dict[str, object]:
    """What the panel showed before the worker: rules.ite's exact odds, rendered the panel's way."""
    odds = ite.chain_odds(stages)
    rows = [
        [
            render(pct(p), lang)
            for p in (s.reached, s.success, s.success_if_reached, s.critical_high, s.critical_low)
        ]
        for s in odds.stages
    ]
    by_kind = {stage.kind: stage for stage in stages}
    p1 = {}
    for k in "ite":
        stage = by_kind.get(k.upper())
        p1[k] = "—" if stage is None else render(pct(ite_stage.alone_odds(stage.check)), lang)
    chain = render(ite_text.CHAIN_ODDS(all=pct(odds.all_succeed), crit=pct(odds.any_critical)), lang)
    return {"rows": rows, "chain": chain, "p1": p1}


def test_heavy_chain_asks_the_worker_and_light_one_does_not() -> None:
    """The bench's worst chain is a Compute effect (job ite.odds, small JSON args); the default chain,
    the presets and a 1к100 check are computed on the page (no effect)."""
    done = ite_panel.calc(ite_panel.State(), _worst_chain_form())
    [ask] = _computes(done)
    assert ask.job == ite_jobs.JOB and len(json.dumps(ask.args)) < 1000
    assert not ite_jobs.is_light(outcome(done).state.chain.stages)
    assert _computes(ite_panel.calc(ite_panel.State(), _only_t(m=1, n=100))) == []
    assert ite_jobs.is_light(ite_panel.DEFAULT_STAGES)
    for name in ite_panel.PRESETS:
        assert _computes(ite_panel.preset(ite_panel.State(), {"ite-preset": name})) == []


def test_settled_heavy_chain_shows_todays_exact_odds() -> None:
    """Once the worker answers (settle computes it here), the table, the chain line and every stage's
    stand-alone odds are exactly rules.ite's, in both languages, as when they were computed inline."""
    state = settle(ite_panel.calc(ite_panel.State(), _worst_chain_form()))
    for lang in ("ru", "en"):
        assert _odds_texts(state, lang) == _expected_texts(state.chain.stages, lang)
    light = ite_panel.calc(ite_panel.State(), _only_t(x=7, m=3, n=6, mod=1, dif=9))
    assert _odds_texts(settle(light)) == _expected_texts(outcome(light).state.chain.stages)


def test_the_jobs_answer_is_small_and_exact() -> None:
    """The worker returns only what the view prints (one line per stage), equal to the inline odds."""
    stages = ite_panel.read_chain(_worst_chain_form())
    args = {"stages": [ite_jobs.dump_stage(s) for s in stages]}
    reply = answer(ite_jobs.JOB, args)
    assert reply.ok and len(json.dumps(encode(reply.result))) < 2000
    assert ite_jobs.odds_from(reply.result) == ite_jobs.odds(stages)
    refused = answer(ite_jobs.JOB, {"stages": [{"kind": "T"}]})
    assert not refused.ok and refused.code == "invalid"


def test_pending_view_then_answer_and_no_second_request() -> None:
    """While the worker computes, the table is empty and the chain line says so ("…" for the stand-alone
    odds); the same chain again (any field re-sent, "Compute odds") does not ask a second time."""
    done = outcome(ite_panel.calc(ite_panel.State(), _only_t(**HEAVY_T)))
    [ask] = _computes(done)
    texts = _odds_texts(done.state)
    assert texts["rows"] == [] and texts["chain"] == render(ite_text.ODDS_PENDING, "ru")
    assert texts["p1"] == {"i": "—", "t": "…", "e": "—"}
    assert _computes(ite_panel.calc(done.state, _only_t(**HEAVY_T))) == []
    rolled = ite_panel.roll(random.Random(3), done.state, _only_t(**HEAVY_T))
    assert _computes(rolled) == [] and rolled.log is not None
    state = outcome(ask.done(rolled.state, answer(ask.job, ask.args))).state
    assert _odds_texts(state) == _expected_texts(state.chain.stages)
    assert state.last == rolled.state.last


def test_stale_answer_is_dropped() -> None:
    """An answer for a chain the form no longer describes changes nothing (light or another heavy chain)."""
    first = outcome(ite_panel.calc(ite_panel.State(), _only_t(**HEAVY_T)))
    [ask] = _computes(first)
    reply = answer(ask.job, ask.args)
    light = outcome(ite_panel.calc(first.state, _only_t())).state
    assert outcome(ask.done(light, reply)).state == light
    assert (
        ask.failed is not None and outcome(ask.failed(light, Answer(False, None, "timeout"))).state == light
    )
    other = outcome(ite_panel.calc(first.state, _only_t(**{**HEAVY_T, "x": 4})))
    assert len(_computes(other)) == 1
    assert outcome(ask.done(other.state, reply)).state == other.state
    assert _odds_texts(other.state)["chain"] == render(ite_text.ODDS_PENDING, "ru")


@pytest.mark.parametrize("code", ["timeout", "memory", "cancelled", "superseded"])
def test_stopped_computation_shows_its_status_and_can_be_asked_again(code: str) -> None:
    """Out of time or memory, cancelled or superseded: the chain line says the odds were stopped ("—"
    for the stand-alone odds); "Compute odds" with the same chain asks the worker again."""
    done = outcome(ite_panel.calc(ite_panel.State(), _only_t(**HEAVY_T)))
    [ask] = _computes(done)
    assert ask.failed is not None
    stopped = outcome(ask.failed(done.state, Answer(False, None, code))).state
    texts = _odds_texts(stopped)
    assert texts["rows"] == [] and texts["chain"] == render(ite_text.ODDS_STOPPED, "ru")
    assert texts["p1"]["t"] == "—"
    assert "Compute odds" in render(ite_text.ODDS_STOPPED, "en")
    again = ite_panel.calc(stopped, _only_t(**HEAVY_T))
    assert len(_computes(again)) == 1
    assert _odds_texts(settle(again)) == _expected_texts(stopped.chain.stages)


def test_a_refusal_from_the_job_shows_as_stopped() -> None:
    """The job refuses only what the form cannot send; if it ever does, the panel says the odds stopped."""
    done = outcome(ite_panel.calc(ite_panel.State(), _only_t(**HEAVY_T)))
    [ask] = _computes(done)
    refused = outcome(ask.done(done.state, Answer(False, None, "invalid", {"reason": "?"}))).state
    assert _odds_texts(refused)["chain"] == render(ite_text.ODDS_STOPPED, "ru")


def test_restored_heavy_chain_is_asked_for_on_start_and_odds_are_not_saved() -> None:
    """The odds are not saved: a reloaded heavy chain asks the worker from Panel.start; a light one does not."""
    settled = settle(ite_panel.calc(ite_panel.State(), _only_t(**HEAVY_T)))
    assert settled.chain.computed is not None and settled.chain.computed.odds is not None
    restored = ite_panel.load(ite_panel.dump(settled))
    assert restored.chain.computed is None and restored.chain.stages == settled.chain.stages
    panel = ite_panel.panel(random.Random(1))
    assert panel.start is not None
    started = panel.start(restored, {}, {})
    assert len(_computes(started)) == 1
    assert _odds_texts(settle(started)) == _odds_texts(settled)
    assert _computes(panel.start(ite_panel.State(), {}, {})) == []


def test_heavy_preset_free_roll_and_preset_keep_their_effects() -> None:
    """A roll of a heavy chain logs at once and asks for its odds; a preset still fills the form first."""
    rolled = ite_panel.roll(random.Random(4), ite_panel.State(), _only_t(**HEAVY_T))
    assert rolled.log is not None and len(_computes(rolled)) == 1
    chosen = ite_panel.preset(rolled.state, {"ite-preset": "sword"})
    assert isinstance(chosen, Outcome) and isinstance(chosen.effects[0], SetFields)
    assert _computes(chosen) == []


def test_work_estimate_orders_the_examples() -> None:
    """The estimate (CPython microseconds) keeps every seed example and the default inline and sends the
    bench's worst chain, with far more work than the inline bound, to the worker."""
    worst = ite_panel.read_chain(_worst_chain_form())
    assert ite_jobs.work(worst) > 10 * ite_jobs.INLINE_WORK
    for name in ite_panel.PRESETS:
        assert ite_jobs.work(ite_presets.preset_stages(name)) < ite_jobs.INLINE_WORK / 4


def test_a_check_from_the_table_uses_the_typed_dice() -> None:
    """``6 5`` on a Т-check is the result of those two dice, logged «со стола»; the saved roll keeps its mark, and dice for a die the check does not roll are refused."""
    button = ite_panel.panel(random.Random(2)).actions["#ite-roll"]
    done = outcome(button(ite_panel.State(), {**_only_t(x=20), "ite-roll-table": "6 5"}))
    last = done.state.last
    assert last is not None and last.from_table and last.result.stages[0].faces == (6, 5)
    assert last.result == ite.resolve_chain(last.stages, [[[6, 5], []]])  # the rolled result of those dice
    assert render(done.log, "en").endswith("(from the table)")
    assert render(ite_panel.view(done.state)["ite-result"].text, "ru").endswith("(со стола)")
    assert ite_panel.load(json.loads(json.dumps(ite_panel.dump(done.state)))).last == last
    with pytest.raises(InputError):
        button(ite_panel.State(), {**_only_t(x=20), "ite-roll-table": "6 7"})


# --------------------------------------------------------------------------- the job's bound


def _calls(call_count: Callable[..., int], stages: tuple[ite.Stage, ...]) -> int:
    """Python-level calls of the job from cold caches (the ``call_count`` fixture)."""
    ite_jobs.odds.cache_clear()
    for module in (ite_check, ite_chain, ite_roll, ite_stage):
        for value in vars(module).values():
            if hasattr(value, "cache_clear"):
                value.cache_clear()
    return call_count(lambda: ite_jobs.odds_job([ite_jobs.dump_stage(s) for s in stages]))


def _bounded_chains() -> dict[str, tuple[ite.Stage, ...]]:
    chains = {name: ite_presets.preset_stages(name) for name in ite_panel.PRESETS}
    chains["default"] = ite_panel.DEFAULT_STAGES
    chains["heavy T"] = ite_panel.read_chain(_only_t(**HEAVY_T))
    chains["bench's worst"] = ite_panel.read_chain(_worst_chain_form())
    for m, n in ((1, 20), (3, 12), (7, 4), (11, 5)):
        chains[f"{m}к{n} rolled both sides, face criticals"] = ite_panel.read_chain(
            _only_t(m=m, n=n, right=True, crit="face")
        )
    return chains


@pytest.mark.parametrize("name", list(_bounded_chains()))
def test_the_ite_job_s_bound_is_never_below_its_work(name: str, call_count: Callable[..., int]) -> None:
    """The declared bound (``jobs.steps``, from the estimate, before the job runs) covers the calls
    the job makes, and kit.compute reads it for the job."""
    stages = _bounded_chains()[name]
    dumped = [ite_jobs.dump_stage(s) for s in stages]
    assert _calls(call_count, stages) <= ite_jobs.steps(dumped)
    assert compute.job_steps(ite_jobs.JOB, {"stages": dumped}) == ite_jobs.steps(dumped)


def test_from_disk_a_chain_over_the_bound_is_refused_with_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where no worker runs, a chain over ``MAIN_THREAD_STEPS`` is not computed on the page: the
    odds show as stopped and the panel says why (open the hosted page), in both languages."""
    monkeypatch.setattr(compute, "MAIN_THREAD_STEPS", 1)
    done = ite_panel.calc(ite_panel.State(), _only_t(**HEAVY_T))
    (ask,) = _computes(done)
    reply = json.loads(compute.run_inline_json(ask.job, json.dumps(compute.encode(dict(ask.args)))))
    assert reply["error"]["code"] == compute.TOO_SLOW_HERE
    answered = outcome(ask.done(outcome(done).state, Answer(False, None, reply["error"]["code"], {})))
    assert answered.error is not None
    assert "без фоновых вычислений" in render(answered.error, "ru")
    assert "without background computing" in render(answered.error, "en")
    shown = ite_panel.view(answered.state)["ite-chain-odds"].text
    assert render(shown, "ru") == render(ite_text.ODDS_STOPPED, "ru")


# --------------------------------------------------------------------------- the sub-tools' parts


def test_each_part_puts_back_what_it_gets_and_keeps_the_rest() -> None:
    """``LIFT``: a part read from the whole and put back changes nothing; a changed part changes
    only its own fields (the roll's and the presets' parts share the chain)."""
    whole = _roll(outcome(ite_panel.preset(ite_panel.State(), {"ite-preset": "sword"})).state, _only_t())
    for part in ite_panel.LIFT.values():
        assert part.put(whole, part.get(whole)) == whole
    roll_part = ite_panel.LIFT["roll"]
    cleared = roll_part.put(whole, replace(roll_part.get(whole), last=None))
    assert cleared.last is None and cleared.status == "sword" and cleared.chain == whole.chain


def test_a_roll_s_odds_request_lands_in_the_chain() -> None:
    """A heavy chain's roll asks for its odds from the roll's part; the answer fills the chain's
    part of the whole and leaves the roll as it was."""
    rolled = ite_panel.roll(random.Random(4), ite_panel.State(), _only_t(**HEAVY_T))
    [ask] = _computes(rolled)
    state = outcome(ask.done(rolled.state, answer(ask.job, ask.args))).state
    assert state.chain.computed is not None and state.chain.computed.odds is not None
    assert state.last == rolled.state.last
    assert _odds_texts(state) == _expected_texts(state.chain.stages)
