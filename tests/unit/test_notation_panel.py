"""The notation panel's logic on CPython: actions, view in both languages, saved state, share link."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from fractions import Fraction
from functools import partial
from typing import Any

import pytest

from kit import fmt
from kit.compute import settle
from kit.form import InputError
from kit.msg import render
from kit.panel import (
    CopyUrl,
    Download,
    DownloadLog,
    Outcome,
    Panel,
    SetFields,
    SetUrl,
    decode,
    encode,
    outcome,
)
from kit.view import texts
from panels.notation import panel as dice
from panels.notation import roller, text
from panels.notation.panel import State
from panels.notation.state import LIFT, Fault, Roller
from rules import notation

CYRILLIC = re.compile("[А-Яа-яЁё]")


def _stray(view_texts: list[str]) -> list[str]:
    """Texts with Cyrillic outside «…»."""
    return [t for t in view_texts if CYRILLIC.search(re.sub(r"«[^»]*»", "", t))]


def _on(action: Callable[..., Any], *bound: Any) -> Callable[[State, dict[str, Any]], Any]:
    """A dice-line action run on the whole state, as the panel runs it (``kit.part``)."""
    return LIFT["roller"].action(partial(action, *bound))


def _odds(state: State, line: str) -> Outcome[State]:
    return _on(roller.odds_only)(state, {"notation-expr": line})


def _roll(state: State, line: str, seed: int = 1) -> Outcome[State]:
    return _on(roller.roll, random.Random(seed))(state, {"notation-expr": line})


def test_a_roll_is_the_rules_roll_and_is_logged() -> None:
    """The panel rolls exactly what rules.notation.roll rolls with the same generator, logs the line
    and writes ?expr= for the share link."""
    done = _roll(State(), "4d6kh3 # сила", seed=7)
    assert done.state.roller.roll == notation.roll("4d6kh3 # сила", random.Random(7))
    assert done.state.roller.expr == "4d6kh3 # сила"
    assert isinstance(done.log, str) and done.log.startswith("сила: 4d6kh3 [")
    assert SetUrl((("expr", "4d6kh3 # сила"),)) in done.effects
    assert done.error is None


def test_odds_only_keeps_the_roll_of_the_same_line_and_drops_another() -> None:
    """Asking the odds of the rolled line keeps its roll highlighted; another line has no roll yet."""
    rolled = _roll(State(), "2d6").state
    assert _odds(rolled, "2d6").state.roller.roll == rolled.roller.roll
    assert _odds(rolled, "3d6").state.roller.roll is None


def test_a_parse_error_clears_the_shown_result_and_marks_the_character() -> None:
    """A refused line moves to a cleared state (no stale odds), keeps the chart view, points at the
    character (caret under position 6), drops ?expr= and logs nothing."""
    shown = _roll(settle(_on(roller.set_view)(State(), {"notation-view": "ge"})), "3d6").state
    done = _odds(shown, "2d6 + foo")
    assert done.state == State(Roller(view="ge", fault=Fault("2d6 + foo", 6)))
    assert done.log is None and SetUrl((("expr", None),)) in done.effects
    assert render(done.error, "ru") == "Ошибка в символе 7: неизвестное имя 'foo'"
    view = dice.view(done.state)
    assert view["notation-caret"].text == "2d6 + foo\n      ^" and view["notation-caret"].hidden is False
    assert view["notation-dist"].hidden and view["notation-table-box"].hidden
    assert view["notation-table"].children == () and view["notation-dice"].children == ()


def test_d_minus_one_says_the_sides_are_missing() -> None:
    """``d-1`` gets a clear message about the sides, in both languages, not an unknown name."""
    done = _odds(State(), "d-1")
    assert "число граней" in render(done.error, "ru")
    assert "number of sides" in render(done.error, "en")
    assert "unknown name" not in render(done.error, "en")


def test_an_empty_line_asks_for_an_expression() -> None:
    done = _odds(_odds(State(), "2d6").state, "   ")
    assert done.state == State() and done.error == text.EMPTY


def test_bad_input_raises_and_changes_nothing() -> None:
    """An overlong line and an unknown chart view raise InputError (the kit keeps the old state)."""
    state = _odds(State(), "2d6").state
    with pytest.raises(InputError):
        _on(roller.odds_only)(state, {"notation-expr": "1+" * 300 + "1"})
    with pytest.raises(InputError):
        _on(roller.roll, random.Random(1))(state, {"notation-expr": "d6" * 300})
    with pytest.raises(InputError):
        _on(roller.set_view)(state, {"notation-view": "median"})
    assert state == _odds(State(), "2d6").state


def test_csv_and_share_act_only_on_the_current_result() -> None:
    """CSV and the share link need a shown result whose line is still in the field; after an error
    (or with another line typed) they are refused."""
    shown = _odds(State(), "2d6").state
    form = {"notation-expr": "2d6"}
    csv = _on(roller.download_csv)(shown, form).effects
    assert isinstance(csv[0], Download) and csv[0].filename == "notation.csv"
    assert render(csv[0].text, "en").splitlines()[7] == "8,0.138888888889,0.416666666667,0.722222222222,5/36"
    assert _on(roller.share)(shown, form).effects == (
        SetUrl((("expr", "2d6"),)),
        CopyUrl("notation-copy-status"),
    )
    refused = _odds(shown, "2d6 +").state
    for action in (_on(roller.download_csv), _on(roller.share)):
        with pytest.raises(InputError):
            action(refused, form)
        with pytest.raises(InputError):
            action(shown, {"notation-expr": "3d6"})
    too_complex = _roll(State(), "30d20!").state
    with pytest.raises(InputError):
        _on(roller.download_csv)(too_complex, {"notation-expr": "30d20!"})


def test_a_preset_fills_the_field_and_shows_its_odds() -> None:
    done = _on(roller.choose_preset)(State(), {"notation-preset": "4dF", "notation-expr": "x"})
    assert isinstance(done, Outcome) and done.state.roller.expr == "4dF"
    assert SetFields((("notation-expr", "4dF"), ("notation-preset", ""))) in done.effects
    assert len(dice.view(done.state)["notation-table"].children) == 9
    assert _on(roller.choose_preset)(done.state, {"notation-preset": ""}) == Outcome(done.state)


def test_the_log_exports_oldest_first_under_a_title() -> None:
    assert _on(roller.export_log)(State(), {}).effects == (
        DownloadLog("notation-log.txt", text.LOG_TITLE, oldest_first=True),
    )


def test_a_share_link_is_checked_like_typed_input() -> None:
    """``?expr=`` fills the field and shows the odds; a bad line shows its error and caret; an overlong
    one is refused before parsing; no link leaves the state alone."""
    state = _roll(State(), "2d6").state
    assert dice.start(state, {}, {}) == state
    good = dice.start(state, {}, {"expr": "20d6dl5 # урон"})
    assert isinstance(good, Outcome) and good.state.roller.expr == "20d6dl5 # урон" and good.error is None
    assert SetFields((("notation-expr", "20d6dl5 # урон"),)) in good.effects
    bad = dice.start(state, {}, {"expr": "2d6 + foo"})
    assert (
        isinstance(bad, Outcome) and bad.state.roller.fault == Fault("2d6 + foo", 6) and bad.error is not None
    )
    long = dice.start(state, {}, {"expr": "1" * 10_000})
    assert isinstance(long, Outcome) and long.state == State() and "10000" in render(long.error, "en")


def test_english_view_has_no_russian_after_a_few_actions() -> None:
    """Initial, rolled, refused-distribution, exploded, rerolled and refused-line views in English
    have no Cyrillic outside «…»; Russian shows Russian."""
    state = State()
    seen = [dice.view(state)]
    for line in ("4d6kh3", "8d10!", "30d2r", "5d10>=8", "30d20!", "2d6 + foo", "d-1"):
        done = _roll(state, line)
        state = done.state
        seen.append(dice.view(state))
        if done.error is not None:
            assert not _stray([render(done.error, "en")])
    for view in seen:
        assert _stray(texts(view, "en")) == []
    assert any(CYRILLIC.search(t) for t in texts(seen[1], "ru"))


def test_the_view_marks_the_rolled_value_and_the_dice() -> None:
    """The rolled total's table row and bar are highlighted; a dropped die is struck through and named."""
    state = _roll(State(), "4d6kh3", seed=3).state
    view = dice.view(state)
    total = state.roller.roll.total
    hit = [row for row in view["notation-table"].children if row.cls == "nd-hit"]
    assert len(hit) == 1 and hit[0].children[0].text == str(total)
    assert [bar for bar in view["notation-chart"].children if "bar-hit" in (bar.cls or "")]
    chips = view["notation-dice"].children[0].children[1:5]
    dropped = [c for c in chips if "nd-dropped" in (c.cls or "")]
    assert len(dropped) == 1 and dropped[0].children[0].tag == "s"
    assert " (dropped)" in texts({"x": view["notation-dice"]}, "en")


def test_wide_distributions_show_their_centre_until_all_is_asked() -> None:
    """8d10! (873 outcomes): at most 200 rows and a button naming 873; "show all" draws every row."""
    state = settle(_odds(State(), "8d10!"))  # the compute worker's answer, computed here
    view = dice.view(state)
    assert 20 <= len(view["notation-table"].children) <= 200
    assert view["notation-table-all"].hidden is False
    assert "873" in render(view["notation-table-all"].text, "en")
    full = dice.view(settle(_on(roller.show_all)(state, {})))
    assert len(full["notation-table"].children) == 873 and full["notation-table-all"].hidden
    assert len(view["notation-chart"].children) <= 48


def test_numbers_too_large_for_a_float_show_in_scientific_notation() -> None:
    """999999999 multiplied 41 times: the mean and SD render (1,00·10³⁶⁹), with no OverflowError."""
    line = "*".join(["999999999"] * 41)
    view = dice.view(_odds(State(), line).state)
    shown = texts(view, "ru")
    assert any("1,00·10³⁶⁹" in t for t in shown)
    assert any("1.00·10³⁶⁹" in t for t in texts(view, "en"))
    assert fmt.fixed(10**400) == "1,00·10⁴⁰⁰" and fmt.number(Fraction(10**400, 3)).endswith("·10³⁹⁹")


def test_the_state_round_trips() -> None:
    """dump/load give back the same state, through JSON and the kit's saved record."""
    state = settle(
        _on(roller.set_view)(
            _roll(State(), "3d6!r1 + 2d20kh1 # атака", seed=5).state, {"notation-view": "le"}
        )
    )
    assert dice.load(json.loads(json.dumps(dice.dump(state)))) == state
    panel: Panel[State] = dice.panel(random.Random(0))
    restored = decode(panel, encode(panel, {"notation-expr": "3d6"}, state, ()))
    assert restored.state == state and restored.dropped == ()


@pytest.mark.parametrize(
    "raw",
    [
        None,
        [],
        {"expr": 5, "view": "eq", "show_all": False, "roll": None},
        {"expr": "2d6 + foo", "view": "eq", "show_all": False, "roll": None},
        {"expr": "2d6", "view": "mean", "show_all": False, "roll": None},
        {"expr": "2d6", "view": "eq", "show_all": "yes", "roll": None},
        {"expr": "2d6", "view": "eq", "show_all": False, "roll": {"total": 99, "groups": []}},
        {"expr": "", "view": "eq", "show_all": False, "roll": {"total": 2, "groups": []}},
        {
            "expr": "2d6",
            "view": "eq",
            "show_all": False,
            "roll": {"total": 7, "groups": [{"notation": "2d6"}]},
        },
        {"expr": "x" * 600, "view": "eq", "show_all": False, "roll": None},
    ],
)
def test_load_rejects_malformed_data(raw: object) -> None:
    """Anything that is not a state this panel could have saved raises ValueError."""
    with pytest.raises(ValueError):
        dice.load(raw)


def test_a_log_from_before_the_kit_is_carried_over() -> None:
    """The old gm.notation.log (Russian "text" and a time) becomes the panel's log, once."""
    panel: Panel[State] = dice.panel(random.Random(0))
    old = {"gm.notation.log": [{"text": "первый: d20 [4] = 4", "time": "2024-05-01 10:00"}]}
    restored = decode(panel, None, old.get)
    assert [(e.ru, e.time) for e in restored.log] == [("первый: d20 [4] = 4", "2024-05-01 10:00")]


def test_every_error_code_has_a_message_that_renders_with_its_params() -> None:
    """Each rules.notation code is worded (notation.error.<code>) and renders with the params the rules raise."""
    from panels.notation.words import error_message

    assert set(text.ERRORS) == set(notation.ERROR_CODES)
    samples = {"too_complex": "30d20!"}
    for code in notation.ERROR_CODES:
        error = notation.NotationError(code, 0, **_params(code))
        for lang in ("ru", "en"):
            assert render(error_message(error), lang)
    with pytest.raises(notation.NotationError) as info:
        notation.summary(samples["too_complex"])
    assert "оценка работы" in render(error_message(info.value), "ru")


def _params(code: str) -> dict[str, object]:
    """Params of the shape the rules give each code (see rules.notation.ERROR_CODES)."""
    return {
        "not_a_string": {"type": "int"},
        "too_long": {"max": 500},
        "unexpected_char": {"char": "?"},
        "trailing_char": {"char": "d"},
        "expected_token": {"token": ")"},
        "expected_luck": {"low": 1, "high": 9},
        "call_needs_paren": {"name": "max"},
        "too_deep": {"max": 40},
        "number_too_large": {"max": 10**9},
        "unknown_name": {"name": "foo"},
        "luck_range": {"low": 1, "high": 9},
        "wrong_arity": {"name": "abs", "low": 1, "high": 1, "got": 2},
        "too_many_dice": {"max": 500},
        "too_many_dice_total": {"max": 1000},
        "keep_zero": {"word": "kh"},
        "modifier_twice": {"kind": "explode"},
        "face_too_large": {"max": 10**9},
        "too_many_faces": {"max": 100},
        "too_many_sides": {"max": 10_000},
        "too_complex": {"work": 1234567, "max": 1000000},
        "range_reversed": {"low": 3, "high": 1},
        "array_count": {"low": 1, "high": 20},
        "reserved_name": {"name": "max"},
        "keep_too_wide": {"max": 500},
        "unknown_modifier": {"text": "e", "instead": "!"},
        "expected_compare": {"word": "ms"},
        "not_supported": {"form": "attribute", "text": "@prof"},
        "too_many_items": {"max": 20},
        "too_many_conditions": {"max": 20},
    }.get(code, {})


def test_a_heavy_line_goes_to_the_worker_and_a_light_one_does_not() -> None:
    """8d10! asks the compute worker for its digest; 3d6 is computed in the view at once."""
    from kit.panel import Compute

    heavy = _odds(State(), "8d10!")
    assert [e.job for e in heavy.effects if isinstance(e, Compute)] == ["notation.digest"]
    assert dice.view(heavy.state)["notation-dist-status"].text == text.ODDS_PENDING
    light = _odds(State(), "3d6")
    assert not [e for e in light.effects if isinstance(e, Compute)]


def test_the_digest_shows_what_the_whole_distribution_would() -> None:
    """The worker's digest of 8d10! equals the digest made here from the rules' exact summary."""
    from panels.notation.digest import make
    from panels.notation.view import key_of

    state = settle(_odds(State(), "8d10!"))
    assert state.roller.odds.digest == make(notation.summary("8d10!"), key_of(state.roller))


def test_a_stale_answer_is_dropped_and_a_stop_is_shown() -> None:
    """An answer for a line no longer shown changes nothing; a stopped computation says so."""
    from kit.compute import answer
    from kit.panel import Compute

    asked = _odds(State(), "8d10!")
    compute = next(e for e in asked.effects if isinstance(e, Compute))
    moved_on = _odds(asked.state, "3d6").state
    assert outcome(compute.done(moved_on, answer(compute.job, compute.args))) == Outcome(moved_on)
    stopped = outcome(compute.failed(asked.state, answer("notation.digest", {**compute.args}))).state
    assert dice.view(stopped)["notation-dist-status"].text == text.ODDS_STOPPED


def test_a_roll_of_typed_dice_says_so_in_the_result_line() -> None:
    """Dice typed in ``notation-roll-table`` give the result line «со стола» / "from the
    table", as the roller and ITE say it; it survives a reload and the odds of the same line, and
    the next rolled result has no mark."""
    actions = dice.panel(random.Random(2)).actions
    typed = outcome(
        actions["#notation-roll"](State(), {"notation-expr": "2d6", "notation-roll-table": "3 5"})
    )
    assert typed.state.roller.roll is not None and typed.state.roller.roll.total == 8
    said = dice.view(typed.state)["notation-result"].text
    assert render(said, "ru").endswith("(со стола)") and render(said, "en").endswith("(from the table)")
    reloaded = dice.load(json.loads(json.dumps(dice.dump(typed.state))))
    assert render(dice.view(reloaded)["notation-result"].text, "en").endswith("(from the table)")
    again = _odds(reloaded, "2d6").state
    assert render(dice.view(again)["notation-result"].text, "en").endswith("(from the table)")
    rolled = outcome(
        actions["#notation-roll"](typed.state, {"notation-expr": "2d6", "notation-roll-table": ""})
    )
    assert "table" not in render(dice.view(rolled.state)["notation-result"].text, "en")
    assert "table" not in dice.dump(rolled.state)["roll"]  # the record of a rolled result is as before


def test_a_line_the_tools_read_differently_says_how_it_was_read() -> None:
    """``3d6>3`` shows how ``>`` was read and how Roll20's meaning is written; ``3d6>=3`` shows nothing."""
    shown = dice.view(settle(_odds(State(), "3d6>3")))
    assert shown["notation-readings"].hidden is False
    words = texts({"x": shown["notation-readings-list"]}, "ru")
    assert any("«>=3»" in w for w in words) and not _stray(
        texts({"x": shown["notation-readings-list"]}, "en")
    )
    assert dice.view(settle(_odds(State(), "3d6>=3")))["notation-readings"].hidden is True


def test_a_russian_line_rolls_and_shows_the_odds_of_its_latin_spelling() -> None:
    """``3к6`` in the field rolls three d6 and shows the table of 3d6."""
    ru = dice.view(settle(_roll(State(), "3к6 # атака")))
    en = dice.view(settle(_roll(State(), "3d6 # атака")))
    assert ru["notation-table"] == en["notation-table"] and ru["notation-stats"] == en["notation-stats"]
    assert texts({"x": ru["notation-result"]}, "ru")[0].startswith("атака: 3к6 [")


def test_the_marks_of_the_new_modifiers_are_saved_with_the_roll() -> None:
    """Failures, critical marks, penetrating extras and matches survive a reload of the panel."""
    for line in ("6d6>4f<3", "6d6cs>4cf<2", "6d2!p", "8d6mt"):
        state = settle(_roll(State(), line, seed=7))
        assert dice.load(json.loads(json.dumps(dice.dump(state)))) == state, line
    marked = settle(_roll(State(), "6d6cs>4cf<2", seed=7)).roller.roll
    assert marked is not None and any(d.critical for d in marked.dice[0].dice)


def test_the_roll_data_of_penetrating_dice_keeps_the_faces_thrown() -> None:
    """A penetrating extra counts one less, yet the journal's data keeps the face it showed (1…6)."""
    from panels.notation.rolls import dice_of

    for seed in range(40):
        for line in ("4d2!p", "3d2!!p"):
            result = notation.roll(line, random.Random(seed))
            faces = dice_of(result)
            assert all(sides == 2 and 1 <= face <= 2 for sides, face in faces), (line, seed, faces)
            assert len(faces) == sum(max(1, len(d.parts)) for d in result.dice[0].dice)
