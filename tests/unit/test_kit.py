"""The panel kit's pure parts: messages, views, forms and the saved record."""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest

from kit import common
from kit.form import InputError, read_choice, read_int, read_optional_int, read_text
from kit.msg import Cat, Msg, pct, render, signed
from kit.panel import LogSpec, Outcome, Panel, decode, encode, log_entry, outcome
from kit.view import Show, bar_chart, texts, to_html

GREETING = Msg("test_kit.greeting", "Удача {luck}: {p}", "Luck {luck}: {p}")


def test_a_message_renders_its_values_in_each_language() -> None:
    """Values are rendered in the same language as the message, numbers in that language's style."""
    line = GREETING(luck=signed(-2), p=pct(Fraction(1, 3)))
    assert render(line, "ru") == "Удача −2: 33,33 %"
    assert render(line, "en") == "Luck −2: 33.33%"


def test_a_message_needs_every_value() -> None:
    """A missing value is an error when the phrase is built, not a KeyError when it is shown."""
    with pytest.raises(ValueError, match="no value for luck"):
        GREETING(p="x")


def test_both_languages_must_name_the_same_values() -> None:
    """A translation that drops or renames a value is refused when it is declared."""
    with pytest.raises(ValueError, match="Russian has"):
        Msg("test_kit.bad", "{a} и {b}", "{a}")


def test_an_unknown_language_is_refused() -> None:
    """Only ru and en exist; anything else is a bug, not a silent fallback."""
    with pytest.raises(ValueError, match="unknown language"):
        render("x", "de")


def test_markup_escapes_text() -> None:
    """User text in a view becomes text, never markup, when the build pre-renders it."""
    show = Show(children=(*bar_chart([("<b>", Fraction(1, 2))]),))
    html = to_html(show.children[0], "ru")
    assert "<b>" not in html and "&lt;b&gt;" in html


def test_texts_lists_what_a_view_shows() -> None:
    """texts() reaches element texts, child texts and titles (used to find stray Russian)."""
    view = {"a": Show(text=common.NO_ROLL_YET), "b": Show(children=bar_chart([("1", Fraction(1))]))}
    shown = texts(view, "en")
    assert "No roll yet." in shown and "1: 100%" in shown


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("7", 7), (" −3 ", -3), ("+2", 2), ("1 000", 1000)],
)
def test_read_int_accepts_what_people_type(raw: str, expected: int) -> None:
    """Spaces, a true minus and a plus sign are fine."""
    assert read_int({"f": raw}, "f", -5000, 5000, "поле") == expected


@pytest.mark.parametrize("raw", ["", "x", "1e309", "-", "1.5", "9" * 4301, "٣"])
def test_read_int_refuses_junk_with_a_message(raw: str) -> None:
    """Junk (also a 4,301-digit number, or non-ASCII digits) gets the field's message, not a crash."""
    with pytest.raises(InputError) as caught:
        read_int({"f": raw}, "f", 1, 9, "Поле")
    assert render(caught.value.message, "en").startswith("Поле: enter a whole number")


def test_optional_int_empty_means_default_and_junk_is_refused() -> None:
    """Empty is None (use the default); anything else must parse."""
    assert read_optional_int({"f": "  "}, "f", 1, 20, "b") is None
    with pytest.raises(InputError):
        read_optional_int({"f": "-"}, "f", 1, 20, "b")


def test_choice_and_text_limits() -> None:
    """A choice must be one of the allowed values; text has a length limit."""
    assert read_choice({"c": "a"}, "c", ("a", "b"), "c") == "a"
    with pytest.raises(InputError):
        read_choice({"c": "z"}, "c", ("a", "b"), "c")
    with pytest.raises(InputError):
        read_text({"t": "x" * 11}, "t", 10, "t")


@dataclass(frozen=True)
class Counter:
    count: int = 0


def _load(raw: Any) -> Counter:
    if not isinstance(raw, int) or isinstance(raw, bool) or raw < 0:
        raise ValueError("bad count")
    return Counter(raw)


COUNTER = Panel(
    name="counter",
    initial=Counter(),
    view=lambda s: {"out": Show(text=str(s.count))},
    actions={"#add": lambda s, form: Outcome(Counter(s.count + 1), log=GREETING(luck=s.count, p="x"))},
    dump=lambda s: s.count,
    load=_load,
    log=LogSpec("counter", size=2, legacy_key="gm.counter.old"),
)


def test_the_record_round_trips() -> None:
    """Fields, state and the mark of the log's last «Очистить» saved in one record come back as
    they were; the log's lines are the journal's, not the record's."""
    raw = encode(COUNTER, {"f": "7", "box": True}, Counter(3), ("2026-12-01T20:00:00", "e1"))
    back = decode(COUNTER, raw)
    assert back.form == {"f": "7", "box": True}
    assert back.state == Counter(3)
    assert back.cleared == ("2026-12-01T20:00:00", "e1")
    assert back.log == () and back.dropped == () and "log" not in json.loads(raw)
    assert decode(COUNTER, encode(COUNTER, {}, Counter(), None)).cleared is None
    assert decode(COUNTER, json.dumps({"log_cleared": ["x", 3]})).cleared is None


def test_a_broken_part_is_dropped_alone() -> None:
    """A bad state is dropped (and named) while the fields and the log stay."""
    raw = json.dumps({"v": 1, "form": {"f": "1"}, "state": -4, "log": [{"ru": "а", "en": "a"}]})
    back = decode(COUNTER, raw)
    assert back.state == Counter() and back.form == {"f": "1"} and len(back.log) == 1
    assert [render(d, "en") for d in back.dropped] == ["the panel's state"]


@pytest.mark.parametrize("raw", ["{", "null", "[]", '"x"'])
def test_an_unreadable_record_starts_afresh_and_says_so(raw: str) -> None:
    """Invalid JSON or a record of the wrong type: defaults, with every part named as dropped."""
    back = decode(COUNTER, raw)
    assert back.state == Counter() and back.form == {} and back.log == ()
    assert len(back.dropped) == 3


def test_the_log_from_before_the_kit_is_carried_over() -> None:
    """With no record yet, the old log key is read: Russian "text" plus optional "en"."""
    old = {"gm.counter.old": [{"text": "бросок", "en": "roll"}, {"text": "второй"}]}
    back = decode(COUNTER, None, old.get)
    assert [(e.ru, e.en) for e in back.log] == [("бросок", "roll"), ("второй", "второй")]


def test_a_damaged_log_is_reported_and_the_state_kept() -> None:
    """A log that is not a list is flagged; one with a damaged entry loses that entry alone, and
    the state is still restored."""
    back = decode(COUNTER, json.dumps({"state": 2, "log": {"ru": "1"}}))
    assert back.log_damaged and back.state == Counter(2)
    back = decode(COUNTER, json.dumps({"state": 2, "log": [{"ru": 1}, {"ru": "два"}]}))
    assert not back.log_damaged and back.log_set_aside == 1 and back.state == Counter(2)
    assert [entry.ru for entry in back.log] == ["два"]


def test_an_older_record_s_log_is_read_up_to_its_size() -> None:
    """An older record's own log (to carry into the journal) is read: its newest ``size`` lines."""
    raw = json.dumps({"v": 1, "log": [log_entry(str(n)).__dict__ for n in range(5)]})
    assert [e.ru for e in decode(COUNTER, raw).log] == ["0", "1"]


def test_an_action_result_is_an_outcome() -> None:
    """A bare state is an outcome that says nothing."""
    assert outcome(Counter(1)) == Outcome(Counter(1))
    assert outcome(Counter(1)).error is None
    assert render(Cat(("a", "b"), "/"), "ru") == "a/b"


def test_a_dropped_state_starts_from_the_fallback() -> None:
    """With ``fallback`` set, an unreadable saved state (or record, or legacy data) gives the
    fallback state (the safe side), while a missing state still gives ``initial``."""
    from dataclasses import replace

    def legacy(_read: Any) -> Any:
        raise ValueError("old data broken")

    safe = replace(COUNTER, fallback=Counter(99), legacy=legacy)
    assert decode(safe, json.dumps({"state": -4})).state == Counter(99)
    assert decode(safe, "{").state == Counter(99)
    assert decode(safe, None, {}.get).state == Counter(99)
    assert decode(safe, json.dumps({"form": {}})).state == Counter()
    assert decode(safe, None).state == Counter()


def test_a_refusing_outcome_keeps_its_new_state_and_error() -> None:
    """An Outcome with ``error`` (shown like an InputError's) still carries the state to move to."""
    refused = Outcome(Counter(0), error=common.NOT_ALLOWED(name="x"))
    assert outcome(refused) is refused
    assert refused.state == Counter(0) and render(refused.error, "en") == "x: not an allowed value."


def test_only_sound_records_are_written() -> None:
    """Text that is not UTF-8 (a lone surrogate from damaged memory), not JSON or too large is refused."""
    from kit.panel import MAX_RECORD_CHARS, check_record

    assert check_record(encode(COUNTER, {"f": "é"}, Counter(2), ())) is None
    assert check_record('{"text": "\ud800"}') == "not_utf8"
    assert check_record('{"v": 1') == "not_json"
    assert check_record(" " * (MAX_RECORD_CHARS + 1)) == "too_large"


def test_only_sound_values_go_into_a_share_link() -> None:
    """A share-link value that is not valid UTF-8 or is too long is left out of the URL."""
    from kit.panel import MAX_URL_VALUE, sound_url_params

    params = (("expr", "3d6"), ("bad", "\ud800"), ("long", "x" * (MAX_URL_VALUE + 1)), ("gone", None))
    assert sound_url_params(params) == (("expr", "3d6"), ("gone", None))


def test_a_part_lifts_a_sub_tools_action_its_effects_and_its_computation() -> None:
    """kit.part: a sub-tool's action runs on its part; the outcome's log, effects and error stay;
    a computation's done/failed are lifted too, so the answer lands in the part, not the whole."""
    from kit.panel import Answer, Compute, Copy
    from kit.part import field_part

    @dataclass(frozen=True)
    class Whole:
        odds: str = ""
        other: int = 7

    def ask(part: str, form: Any) -> Outcome[str]:
        job = Compute("doc.odds", {"x": 1}, lambda p, a: p + a.result, "odds", failed=lambda p, a: a.code)
        return Outcome(part + "?", log="asked", effects=(Copy("c", "s"), job), error="e")

    odds = field_part("odds")
    done = odds.action(ask)(Whole("a"), {})
    assert done.state == Whole("a?") and (done.log, done.error) == ("asked", "e")
    copy, job = done.effects
    assert copy == Copy("c", "s") and isinstance(job, Compute) and job.args == {"x": 1}
    assert outcome(job.done(done.state, Answer(True, "!"))).state == Whole("a?!")
    assert job.failed is not None and outcome(
        job.failed(done.state, Answer(False, code="timeout"))
    ).state == Whole("timeout")


def test_a_late_answer_a_part_drops_leaves_the_whole_as_it_was() -> None:
    """kit.part: an answer the sub-tool drops (its part returned as it was: the GM asked for other
    rows meanwhile) gives back the very same whole state, so the kit leaves the screen alone (a
    refusal shown meanwhile stays: lifting once made a new whole, and the kit cleared the message)."""
    from kit.panel import Answer, Compute
    from kit.part import field_part

    @dataclass(frozen=True)
    class Whole:
        rows: str = ""
        other: int = 7

    def ask(part: str, form: Any) -> Outcome[str]:
        asked = form["rows"]
        done = lambda p, a: p if p != asked else p + a.result  # noqa: E731 (dropped once rows changed)
        return Outcome(asked, effects=(Compute("doc.lab", {}, done, "lab"),))

    rows = field_part("rows")
    (job,) = rows.action(ask)(Whole(), {"rows": "6x4d6kh3"}).effects
    assert isinstance(job, Compute)
    refused = Whole("3d6 +")  # a refused line meanwhile: the state the answer finds
    late = outcome(job.done(refused, Answer(True, "!")))
    assert late.state is refused and (late.error, late.effects) == (None, ())
    assert outcome(job.done(Whole("6x4d6kh3"), Answer(True, "!"))).state == Whole("6x4d6kh3!")


def test_undo_offer_outlives_other_actions_and_lapses_only_where_told() -> None:
    """kit.undo: the offer stays through the panel's other actions (at least 10 s, even
    when the GM does something else meanwhile) and goes only at an action of ``lapse_on``; a
    destructive action makes a new one; a refused input keeps it (the kit keeps the old state);
    a ``lapse_on`` that names no action is a mistake said at once; the bar is hidden static
    markup with its line and button, which the view shows while there is an offer."""
    from dataclasses import dataclass

    from kit import undo
    from kit.markup import to_markup

    @dataclass(frozen=True)
    class Box:
        items: tuple[str, ...] = ()
        undo: undo.Undo[tuple[str, ...]] | None = None

    def drop(state: Box, form: dict) -> Box:
        return Box((), undo.offer(state.items, "dropped"))

    def add(state: Box, form: dict) -> Box:
        return Box((*state.items, "n"), state.undo)

    def refuse(state: Box, form: dict) -> Box:
        raise InputError("no")

    def back(state: Box, form: dict) -> Box:
        return Box(undo.taken(state.undo) + state.items)

    actions = undo.lapsing(
        {"#drop": drop, "#add": add, "#edit": add, "#refuse": refuse, "#undo": back},
        lapse_on="#edit",
    )
    dropped = actions["#drop"](Box(("a",)), {})
    assert actions["#undo"](dropped, {}).items == ("a",)
    added = actions["#add"](actions["#add"](dropped, {}), {})
    assert added.undo == dropped.undo and actions["#undo"](added, {}).items == ("a", "n", "n")
    assert actions["#edit"](dropped, {}).undo is None
    with pytest.raises(ValueError, match="#nowhere"):
        undo.lapsing({"#drop": drop}, lapse_on=("#nowhere",))
    with pytest.raises(InputError):
        actions["#refuse"](dropped, {})
    with pytest.raises(InputError):
        undo.taken(None)
    markup = to_markup(undo.bar("box"))
    assert 'id="box-undo-bar"' in markup and 'hidden=""' in markup and 'id="box-undo"' in markup
    assert undo.view(dropped.undo, "box")["box-undo-bar"].hidden is False
