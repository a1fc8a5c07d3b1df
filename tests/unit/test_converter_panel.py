"""The converter panel on CPython: actions, views in both languages, saved state."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest

from kit import common, compute
from kit.compute import answer, settle
from kit.form import InputError
from kit.msg import grouped, render
from kit.panel import (
    MAX_FIELD_CHARS,
    Answer,
    Compute,
    Copy,
    Download,
    Outcome,
    SetFields,
    decode,
    encode,
    outcome,
)
from kit.view import Node, texts
from panels.converter import jobs, text
from panels.converter import panel as converter
from panels.converter import view as converter_view
from panels.converter.panel import (
    EXAMPLE,
    State,
    convert,
    copy,
    dump,
    example,
    load,
    restore_pasted,
    start,
    view,
)
from rules import forum_log

CYRILLIC = re.compile("[А-Яа-яЁё]")
SEED_OUTPUT = (
    "Результат броска 3D20: 4 + 6 + 2 , GaussD20: 4\n"
    'Результат броска 3D20: 17 + 5 + 2 , GaussD20: 8 - "раз".\n'
    'Результат броска 3D20+1: 4 + 2 + 16 + 1 = 23 - "три".: неверный бросок. Невозможно конвертирование.'
)
BAD_LINES = "\n".join(
    [
        "Результат броска 2Д20: 4 + 2 = 6.",
        "Результат броска 3D20: 4 + 2 = 6.",
        "Результат броска 3D20: 0 + 2 + 3 = 5.",
        "Результат броска 3D20: 4 + 6 + 2 = 13.",
        "Результат броска 3D20: 4 + 6 + 2.",
        "Результат броска 3D20: a + 6 + 2 = 8.",
        "Результат броска 3D20+к: 4 + 2 + 16 = 22.",
    ]
)


def _converted(source: str = EXAMPLE) -> State:
    """The state once the conversion is done (a long paste answered by the job, as the worker would)."""
    return settle(convert(State(), {"convert-input": source}))


def _li(li: Node, lang: str) -> str:
    """A reason's words: its line link's text (or the «…and N more» line's own)."""
    return render(li.children[0].text if li.children else li.text, lang)


def _english_is_clean(state: State) -> None:
    for shown in texts(view(state), "en"):
        assert not CYRILLIC.search(re.sub(r"«[^»]*»", "", shown)), shown


def test_the_seed_example_converts_byte_exactly() -> None:
    """Seed 000: the post's example gives the post's output, two lines converted, one flagged."""
    state = _converted()
    shown = view(state)
    assert shown["convert-output"].value == SEED_OUTPUT
    assert (
        render(shown["convert-summary"].text, "ru") == "Конвертировано бросков: 2. Помечено как неверные: 1."
    )
    assert [_li(li, "ru") for li in shown["convert-reasons"].children] == [
        "Строка 3: модификатор в броске 3D20+1"
    ]
    assert shown["convert-copy"].disabled is False


def test_initial_view_has_no_result_and_copy_is_disabled() -> None:
    """Before any conversion the output is empty, nothing is summarised and Copy is disabled."""
    shown = view(State())
    assert shown["convert-output"].value == "" and shown["convert-copy"].disabled is True
    assert render(shown["convert-summary"].text, "en") == "" and shown["convert-reasons"].children == ()


def test_every_reason_is_worded_in_both_languages() -> None:
    """Each reason code has a message; the English view has no Cyrillic outside «…», even for a
    Cyrillic roll spec a user typed."""
    assert set(text.REASONS) == set(forum_log.REASON_CODES)
    state = _converted(BAD_LINES)
    ru = [_li(li, "ru") for li in view(state)["convert-reasons"].children]
    en = [_li(li, "en") for li in view(state)["convert-reasons"].children]
    assert ru == [
        "Строка 1: бросок 2Д20, а не 3D20",
        "Строка 2: кубиков 2, а нужно 3",
        "Строка 3: значение кубика вне 1..20",
        "Строка 4: сумма кубиков 12, а не 13",
        "Строка 5: нет итога «= N»",
        "Строка 6: кубики записаны не как «a + b + c»",
        "Строка 7: модификатор в броске 3D20+к",
    ]
    assert en == [
        "Line 1: a «2Д20» roll, not 3D20",
        "Line 2: 2 dice instead of 3",
        "Line 3: a die outside 1..20",
        "Line 4: the dice add up to 12, not 13",
        "Line 5: no total «= N»",
        "Line 6: the dice are not written as «a + b + c»",
        "Line 7: a modifier in the roll «3D20+к»",
    ]
    _english_is_clean(state)


def test_english_view_has_no_russian_after_several_actions() -> None:
    """Initial, converted, refused and example states all render without Cyrillic outside «…»."""
    state = State()
    _english_is_clean(state)
    state = _converted()
    _english_is_clean(state)
    state = convert(state, {"convert-input": "  "}).state
    _english_is_clean(state)
    state = example(_converted(BAD_LINES), {}).state
    _english_is_clean(state)


@pytest.mark.parametrize(
    ("source", "error"),
    [
        ("   \n ", text.EMPTY),
        ("x" * (forum_log.MAX_INPUT_CHARS + 1), None),
    ],
)
def test_a_refused_conversion_clears_the_previous_result(source: str, error: object) -> None:
    """Empty or too-long input is refused with a message in the page's language, and the earlier
    output, summary and Copy button do not stay live beside it."""
    done = convert(_converted(), {"convert-input": source})
    assert done.error is not None and done.state == State()
    if error is not None:
        assert done.error == error
    else:
        assert render(done.error, "en") == (
            f"3D20 roll log: the text is too long ({forum_log.MAX_INPUT_CHARS + 1} characters; "
            f"at most {forum_log.MAX_INPUT_CHARS})."
        )
        assert render(done.error, "ru").startswith("Лог бросков 3D20: слишком длинный текст")
    assert not CYRILLIC.search(re.sub(r"«[^»]*»", "", render(done.error, "en")))
    shown = view(done.state)
    assert shown["convert-output"].value == "" and shown["convert-copy"].disabled is True


def test_copy_without_a_result_is_refused_and_changes_nothing() -> None:
    """Copy with nothing converted raises InputError (the button is disabled anyway); state stays."""
    state = State()
    with pytest.raises(InputError) as caught:
        copy(state, {})
    assert caught.value.message == text.NOTHING_TO_COPY
    assert state == State()


def test_copy_copies_exactly_the_output() -> None:
    """Copy asks the kit to copy the converted text and report in #convert-copy-status."""
    state = _converted()
    done = copy(state, {})
    assert done.state == state and done.effects == (Copy(SEED_OUTPUT, "convert-copy-status"),)


def test_the_example_fills_the_input_and_replaces_the_old_result() -> None:
    """«Пример из поста» puts the post's lines into the input and shows their conversion, never
    the previous paste's output."""
    done = example(_converted(BAD_LINES), {})
    assert isinstance(done, Outcome) and done.state == _converted(EXAMPLE)
    assert done.effects == (SetFields((("convert-input", EXAMPLE),)),)


def test_a_4301_digit_number_is_flagged_on_its_own_line() -> None:
    """A huge number flags its line only; the reason shows it cut short."""
    line = "Результат броска 3D20: 4 + 6 + 2 = " + "9" * 4301 + "."
    state = _converted(f"{line}\nРезультат броска 3D20: 1 + 1 + 1 = 3.")
    shown = view(state)
    assert shown["convert-output"].value.endswith("3D20: 1 + 1 + 1 , GaussD20: 1")
    (item,) = shown["convert-reasons"].children
    assert _li(item, "en") == "Line 1: the dice add up to 12, not " + "9" * 40 + "…"


def test_only_the_first_fifty_reasons_are_listed() -> None:
    """A log with many bad lines lists fifty and says how many more there are."""
    state = _converted("\n".join(["Результат броска 3D20: 1 + 1 = 2."] * 60))
    children = view(state)["convert-reasons"].children
    assert len(children) == 51
    assert render(children[-1].text, "en") == "…and 10 more"
    assert render(view(state)["convert-summary"].text, "en").endswith(": 60.")


def test_dump_and_load_round_trip() -> None:
    """A conversion survives a reload: the source is saved and the result recomputed."""
    for state in (State(), _converted(), _converted(BAD_LINES)):
        assert load(json.loads(json.dumps(dump(state)))) == state


def test_a_huge_result_is_not_saved() -> None:
    """A paste over the kit's field limit is not written to localStorage (nor is its output)."""
    big = "Результат броска 3D20: 4 + 6 + 2 = 12.\n" * (MAX_FIELD_CHARS // 30)
    state = _converted(big)
    assert state.result is not None and dump(state) == {"source": None}
    record = json.loads(encode(converter.panel(), {"convert-input": big, "convert-output": "x"}, state, ()))
    assert record["form"] == {} and record["state"] == {"source": None}


def test_a_normal_input_is_saved_but_the_output_field_is_not() -> None:
    """The input field survives a reload; the output comes back from the state, not the field."""
    panel = converter.panel()
    state = _converted()
    saved = encode(panel, {"convert-input": EXAMPLE, "convert-output": SEED_OUTPUT}, state, ())
    assert json.loads(saved)["form"] == {"convert-input": EXAMPLE}
    back = decode(panel, saved)
    assert back.state == state and back.dropped == ()


@pytest.mark.parametrize(
    "raw",
    [
        None,
        [],
        "x",
        {},
        {"source": 5},
        {"source": "  "},
        {"source": "x", "more": 1},
        {"source": "x" * (MAX_FIELD_CHARS + 1)},
    ],
)
def test_load_rejects_malformed_data(raw: object) -> None:
    """Anything but {"source": text or null} is refused (the kit then drops just the state)."""
    with pytest.raises(ValueError):
        load(raw)


def test_damaged_state_is_dropped_with_a_notice() -> None:
    """A damaged saved state is reset while the saved input is kept."""
    raw = json.dumps({"v": 1, "form": {"convert-input": "abc"}, "state": {"source": 7}})
    back = decode(converter.panel(), raw)
    assert back.state == State() and back.form == {"convert-input": "abc"} and back.dropped
    assert render(common.SAVED_DROPPED(what=back.dropped[0]), "en").startswith("The saved data")


# --------------------------------------------------------------------------- the compute worker

BLOCK = (
    'Результат броска 3D20: 17 + 5 + 2 = 24 - "раз".\nболтовня игроков\nРезультат броска 3D20: 1 + 1 = 2.\n'
)
LONG = BLOCK * (jobs.INLINE_CHARS // len(BLOCK) + 1)  # just over the inline limit: 3 lines a block


def _asked(source: str, state: State | None = None) -> tuple[State, Compute]:
    done = convert(state or State(), {"convert-input": source})
    (effect,) = done.effects
    assert isinstance(effect, Compute)
    return done.state, effect


def _expected_view(source: str) -> dict[str, object]:
    """What the panel showed before the worker, straight from the rules: the whole output, the
    counts over every line, the first fifty flagged lines and how many more."""
    conversion = forum_log.convert_text(source)
    flagged = [
        (n, i if len(line.rolls) > 1 else 0, roll.reason)
        for n, line in enumerate(conversion.lines, start=1)
        for i, roll in enumerate(line.rolls, start=1)
        if roll.reason is not None
    ]
    reasons = [
        render(
            text.LINE_ROLL(line=n, roll=i, reason=converter_view.describe(reason))
            if i
            else text.LINE(line=n, reason=converter_view.describe(reason)),
            "en",
        )
        for n, i, reason in flagged[:50]
    ]
    if len(flagged) > 50:
        reasons.append(render(text.MORE(count=len(flagged) - 50), "en"))
    summary = render(
        text.SUMMARY(converted=grouped(conversion.converted), flagged=grouped(len(flagged))), "en"
    )
    for r in conversion.repeats[: jobs.MAX_REPEATS_SHOWN]:
        summary += " " + render(
            converter_view.repeat(r.purpose, r.lines[: jobs.MAX_LINES_SHOWN], len(r.lines)), "en"
        )
    if len(conversion.repeats) > jobs.MAX_REPEATS_SHOWN:
        more = len(conversion.repeats) - jobs.MAX_REPEATS_SHOWN
        summary += " " + render(text.MORE_REPEATS(count=more), "en")
    box = converter.preview(conversion.text)[0]
    return {"output": conversion.text, "box": box, "summary": summary, "reasons": reasons}


def _shown(state: State) -> dict[str, object]:
    shown = view(state)
    assert state.result is not None
    return {
        "output": state.result.output,
        "box": shown["convert-output"].value,
        "summary": render(shown["convert-summary"].text, "en"),
        "reasons": [_li(li, "en") for li in shown["convert-reasons"].children],
    }


def test_a_short_paste_converts_at_once_and_a_long_one_in_the_worker() -> None:
    """Up to INLINE_CHARS the action converts itself (no Compute: the seed's example shows at
    once); a longer paste becomes one ``converter.convert`` job with the source, and meanwhile the
    panel shows no output, a converting status and a disabled Copy."""
    light = convert(State(), {"convert-input": BLOCK * (jobs.INLINE_CHARS // len(BLOCK))})
    assert light.effects == () and light.state.result is not None
    state, effect = _asked(LONG)
    assert effect.job == "converter.convert" and effect.args == {"source": LONG}
    assert state == State(pending=LONG)
    shown = view(state)
    assert shown["convert-output"].value == "" and shown["convert-copy"].disabled is True
    assert render(shown["convert-summary"].text, "ru") == "Конвертирую… Результат появится здесь."
    assert shown["convert-reasons"].children == ()
    with pytest.raises(InputError):
        copy(state, {})


def test_the_progress_label_counts_the_lines_being_converted() -> None:
    """The kit's progress line names the paste by its line count, in Russian's genitive and in
    English with grouped thousands."""
    lines = LONG.count("\n")
    _, effect = _asked(LONG)
    assert render(effect.label, "ru") == f"конвертация {lines:,} строк".replace(",", " ")
    assert render(effect.label, "en") == f"the conversion of {lines:,} lines"
    shown = render(common.COMPUTING(what=effect.label, seconds="0.4"), "ru")
    assert shown == f"Считаю: конвертация {lines} строк — 0.4 с"
    for source, ru, en in [
        ("Результат броска 3D20: 1 + 1 + 1 = 3." * 700, "конвертация 1 строки", "the conversion of 1 line"),
        ("x" * 30_000 + "\n" * 21, "конвертация 21 строки", "the conversion of 21 lines"),
        ("x" * 30_000 + "\n" * 11, "конвертация 11 строк", "the conversion of 11 lines"),
        ("x\n" * 28_000, "конвертация 28 000 строк", "the conversion of 28,000 lines"),
    ]:
        _, effect = _asked(source)
        assert (render(effect.label, "ru"), render(effect.label, "en")) == (ru, en)


@pytest.mark.parametrize(
    "source",
    [
        LONG,
        BAD_LINES + "\n" + LONG,
        "\r\n".join([BAD_LINES] * 2000),  # thousands of flagged lines: fifty listed, the rest counted
        "Результат броска 3D20: 4 + 6 + 2 = " + "9" * 30_000 + ".\nРезультат броска 3D20: 1 + 1 + 1 = 3.",
        "Результат броска " + "3D20" * 8000 + ": 1 + 1 + 1 = 3.",
    ],
)
def test_the_worker_gives_the_same_view_as_converting_here(source: str) -> None:
    """``settle`` (the job answered as the worker would, through JSON) shows exactly what the rules
    give for the whole paste: the output (its first lines in the box), counts over every line, the
    first fifty reasons."""
    assert _shown(_converted(source)) == _expected_view(source)


def test_the_worker_answers_with_what_is_shown_only() -> None:
    """The job's answer is the digest the view needs: at most fifty reasons, each value cut short,
    and the counts (of rolls, faces and totals); not a result per line."""
    source = "\n".join(["Результат броска 3D20: 4 + 6 + 2 = " + "9" * 1000 + "."] * 500)
    got = answer("converter.convert", {"source": source})
    assert got.ok and set(got.result) == {
        "output",
        "converted",
        "flagged",
        "flagged_count",
        "repeats",
        "repeats_count",
        "faces",
        "sums",
    }
    assert len(got.result["faces"]) == 20 and len(got.result["sums"]) == 58
    assert len(got.result["flagged"]) == 50 and got.result["flagged_count"] == 500
    assert got.result["flagged"][0]["params"] == {"dice_sum": 12, "total": "9" * 40 + "…"}
    assert got.result["output"] == forum_log.convert(source)


def test_an_answer_for_a_paste_no_longer_pending_is_dropped() -> None:
    """A conversion that arrives after the GM converted something else, refused an input or took
    the example changes nothing; the same answer for the pending paste shows it."""
    pending, effect = _asked(LONG)
    reply = answer(effect.job, effect.args)
    for later in (
        _converted(),
        convert(pending, {"convert-input": " "}).state,
        example(pending, {}).state,
        _asked(LONG + "x")[0],
    ):
        assert outcome(effect.done(later, reply)).state == later
        assert effect.failed is not None and effect.failed(later, Answer(False, code="cancelled")) == later
    assert _shown(outcome(effect.done(pending, reply)).state) == _expected_view(LONG)


@pytest.mark.parametrize("code", ["cancelled", "timeout", "memory", "superseded"])
def test_a_stopped_conversion_shows_its_status_and_nothing_to_copy(code: str) -> None:
    """Cancel, the time or memory budget (the kit words those), or another panel's job taking the
    worker: no result, a «stopped» status in both languages, Copy disabled."""
    pending, effect = _asked(LONG, _converted())
    assert effect.failed is not None
    state = effect.failed(pending, Answer(False, code=code))
    assert state == State(stopped=True)
    shown = view(state)
    assert shown["convert-output"].value == "" and shown["convert-copy"].disabled is True
    assert (
        render(shown["convert-summary"].text, "en")
        == "The log was not converted: the conversion was stopped."
    )
    assert render(shown["convert-summary"].text, "ru").startswith("Лог не конвертирован")
    _english_is_clean(state)
    assert dump(state) == {"source": None}


def test_a_refusal_by_the_job_clears_and_says_why() -> None:
    """Should the worker refuse the paste (too long: the action refuses that first), the panel
    shows the same message as the action and no result."""
    pending, effect = _asked(LONG)
    done = effect.done(pending, Answer(False, code="too_long", params={"length": 5, "limit": 1}))
    assert isinstance(done, Outcome) and done.state == State()
    assert render(done.error, "en").startswith("3D20 roll log: the text is too long")


def test_a_restored_long_paste_converts_in_the_worker_on_start() -> None:
    """A saved long source (or one saved while pending) loads pending, without converting on the
    page; ``start`` asks the worker, and the answer shows what converting it here gives. A short
    saved source loads converted."""
    saved = json.loads(json.dumps(dump(_converted(LONG))))
    assert saved == {"source": LONG} and dump(State(pending=LONG)) == saved
    state = load(saved)
    assert state == State(pending=LONG)
    done = start(state, {}, {})
    assert [type(e) for e in done.effects] == [Compute]
    assert _shown(settle(done)) == _expected_view(LONG)
    assert start(load({"source": EXAMPLE}), {}, {}).effects == ()
    assert load({"source": EXAMPLE}) == _converted()


def test_reasons_are_line_links_and_repeats_are_named() -> None:
    """Each refused roll's reason is a button that selects its line (``data-select-line``,
    static/prefs.js); a line of several rolls names the roll; a purpose rolled again is named with
    its lines in the summary, in both languages (the purpose in «…» in English)."""
    source = (
        'Результат броска 3D20: 4 + 6 + 2 = 12 - "скрытность".\n'
        "перекину\n"
        'Результат броска 3D20: 17 + 5 + 2 = 24 - "скрытность". Результат броска 3D20: 1 + 1 = 2.'
    )
    shown = view(_converted(source))
    (li,) = shown["convert-reasons"].children
    (link,) = li.children
    assert link.tag == "button" and dict(link.attrs)["data-select-line"] == "3"
    assert dict(link.attrs)["data-select-in"] == "convert-input" and dict(link.attrs)["type"] == "button"
    assert _li(li, "ru") == "Строка 3, бросок 2: кубиков 2, а нужно 3"
    summary = render(shown["convert-summary"].text, "ru")
    assert summary == (
        'Конвертировано бросков: 2. Помечено как неверные: 1. Повтор: "скрытность", строки 1 и 3.'
    )
    assert render(shown["convert-summary"].text, "en").endswith("Repeated: «скрытность», lines 1 and 3.")
    twice = 'Результат броска 3D20: 1 + 1 + 1 = 3 - "атака". Результат броска 3D20: 1 + 1 + 2 = 4 - "атака".'
    assert render(view(_converted(twice))["convert-summary"].text, "ru").endswith(
        'Повтор: "атака", строка 1, бросков: 2.'
    )
    _english_is_clean(_converted(source))
    many = "\n".join(f'Результат броска 3D20: 1 + 1 + 1 = 3 - "p{n % 8}".' for n in range(40))
    summary = render(view(_converted(many))["convert-summary"].text, "ru")
    assert summary.count("Повтор:") == jobs.MAX_REPEATS_SHOWN and summary.endswith("Других повторов: 3.")
    assert 'Повтор: "p0", строки 1, 9, 17, 25 и 33.' in summary


def test_editing_the_input_drops_a_result_for_other_text() -> None:
    """Once the input differs from what was converted, the output and Copy go; the same
    text (a change event after Ctrl+Enter converted it) keeps the result; a pending paste too."""
    built = converter.panel()
    state = _converted()
    assert built.actions["#convert-input"](state, {"convert-input": EXAMPLE}) is state
    edited = built.actions["#convert-input"](state, {"convert-input": EXAMPLE + "\nещё"})
    assert edited == State() and view(edited)["convert-copy"].disabled is True
    pending = State(pending=LONG)
    assert converter.edited(pending, {"convert-input": LONG}) is pending
    assert converter.edited(pending, {"convert-input": "x"}) == State()
    assert converter.edited(State(), {"convert-input": "x"}) == State()


def test_the_example_over_a_pasted_log_can_be_undone() -> None:
    """«Пример из поста» replaces a pasted log: «Вернуть мой лог» (kit.undo) puts exactly that log
    back and converts it, until the next action; over an empty input or the example itself there
    is nothing to undo."""
    pasted = "Результат броска 3D20: 1 + 2 + 3 = 6.\nкомментарий"
    done = example(State(), {"convert-input": pasted})
    shown = view(done.state)
    assert shown["convert-undo-bar"].hidden is False
    assert (
        render(shown["convert-undo-said"].text, "en") == "The pasted log was replaced by the post's example."
    )
    back = restore_pasted(done.state, {"convert-input": EXAMPLE})
    assert back.effects == (SetFields((("convert-input", pasted),)),)
    assert back.state == _converted(pasted) and view(back.state)["convert-undo-bar"].hidden is True
    actions = converter.panel().actions
    again = actions["#convert-run"](done.state, {"convert-input": EXAMPLE})
    assert again.state.undo == done.state.undo
    lapsed = actions["#convert-input"](again.state, {"convert-input": EXAMPLE + "!"})
    assert lapsed.undo is None
    with pytest.raises(InputError):
        actions["#convert-undo"](lapsed, {})
    assert example(State(), {"convert-input": "  "}).state.undo is None
    assert example(State(), {"convert-input": EXAMPLE}).state.undo is None


def test_the_undo_of_the_example_writes_nothing_to_the_journal() -> None:
    """The pasted log was journalled when it was converted: «Отменить» converts it again without a
    line, here and when the worker converts a long one."""
    pasted = "Результат броска 3D20: 1 + 2 + 3 = 6.\nкомментарий"
    back = restore_pasted(example(State(), {"convert-input": pasted}).state, {})
    assert back.log is None
    long_back = restore_pasted(example(State(), {"convert-input": LONG}).state, {})
    (job,) = [e for e in long_back.effects if isinstance(e, Compute)]
    answered = outcome(job.done(long_back.state, answer(job.job, job.args)))
    assert answered.log is None and answered.state.result is not None
    first = outcome(converter.convert(State(), {"convert-input": LONG}))
    (job,) = [e for e in first.effects if isinstance(e, Compute)]
    assert outcome(job.done(first.state, answer(job.job, job.args))).log is not None  # a conversion is


# --------------------------------------------------------------------------- the job's bound and slices

ROLL = 'Результат броска 3D20: 17 + 5 + 2 = 24 - "раз".'
SHAPES = {
    "a roll a line": ROLL + "\n",
    "a roll and chatter": ROLL + "\nболтовня\n",
    "chatter": "болтовня\n",
    "empty lines": "\n",
    "rolls on one line": ROLL * 20 + "\n",
    "a modifier": 'Результат броска 3D20+1: 4 + 2 + 16 + 1 = 23 - "три".\n',
    "two dice": 'Результат броска 3D20: 4 + 6 = 10 - "x".\n',
    "short rolls": "Результат броска 3d20:1+1+1=3\n",
    "a bare marker": "результат броска\n",
    "CRLF": ROLL + "\r\n",
}


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("repeat", [1, 300])
def test_the_converter_s_bound_is_never_below_its_work(
    shape: str, repeat: int, call_count: Callable[..., int]
) -> None:
    """``jobs.steps`` is computed from the text alone, before the job runs, and bounds the calls it
    makes (kit.compute routes and refuses by it)."""
    source = SHAPES[shape] * repeat
    assert call_count(jobs.convert, source=source) <= jobs.steps(source)
    assert compute.job_steps("converter.convert", {"source": source}) == jobs.steps(source)


def test_a_long_paste_converted_in_slices_is_the_worker_s_byte_for_byte() -> None:
    """Where no worker runs, the page converts in slices that hand it back between pieces of
    lines; the answer is the worker's exactly (the seed's example too), and a slice stops at its time."""
    source = (BLOCK * 6000) + EXAMPLE
    assert jobs.steps(source) > compute.MAIN_THREAD_STEPS  # refused at once, were it not sliced
    worker = json.loads(compute.run_json("converter.convert", json.dumps({"source": source})))
    running = compute.sliced("converter.convert", {"source": source})
    assert running is not None
    clock = iter(range(10**9))
    answers = [running.step(lambda: next(clock), 5) for _ in range(10_000)]
    pieces = answers.index(next(a for a in answers if a is not None))
    assert pieces > 10 and running.done == source.count("\n") + 1
    assert json.loads(json.dumps(answers[pieces], ensure_ascii=False)) == worker
    assert worker["result"]["output"].endswith(forum_log.convert(EXAMPLE))


def test_a_sliced_conversion_refuses_too_long_text_at_its_first_slice() -> None:
    """Too long: the job's own refusal, as the worker gives it."""
    too_long = compute.sliced("converter.convert", {"source": "x" * (forum_log.MAX_INPUT_CHARS + 1)})
    assert too_long is not None
    reply = too_long.step(lambda: 0.0, 5)
    assert reply is not None and reply["error"]["code"] == "too_long"


def _preview_by_lines(output: str, lines: int, chars: int) -> tuple[str, int, int]:
    """``preview`` by its definition: the most whole lines, at most ``lines`` of them, whose text
    is at most ``chars`` long; the first line cut short with «…» when not even it fits."""
    split = output.split("\n")
    total = len(split) - output.endswith("\n")
    if total <= lines and len(output) <= chars:
        return output, total, total
    fits = [k for k in range(1, min(lines, len(split) - 1) + 1) if len("\n".join(split[:k])) <= chars]
    if not fits:
        return output[:chars] + "…", 1, total
    return "\n".join(split[: max(fits)]), max(fits), total


def test_the_box_shows_the_first_whole_lines_of_every_small_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the limits at 3 lines and 6 characters, ``preview`` of every text of «a» and line
    breaks up to 12 characters is its definition's (``_preview_by_lines``)."""
    monkeypatch.setattr(converter_view, "PREVIEW_LINES", 3)
    monkeypatch.setattr(converter_view, "PREVIEW_CHARS", 6)
    for length in range(13):
        for bits in range(2**length):
            output = "".join("\n" if bits >> i & 1 else "a" for i in range(length))
            assert converter.preview(output) == _preview_by_lines(output, 3, 6), repr(output)


def test_a_long_output_shows_its_start_and_says_so_and_copy_takes_it_all() -> None:
    """20 000 converted lines: the box holds the first PREVIEW_LINES, a note says how many of how
    many in both languages (thousands grouped, as in the summary), and Copy and Download take the
    whole text; a short output shows whole, with no note."""
    source = 'Результат броска 3D20: 17 + 5 + 2 = 24 - "раз".\n' * 20_000
    state = _converted(source)
    assert state.result is not None and state.result.output.count("\n") == 20_000
    shown = view(state)
    box = shown["convert-output"].value
    assert box is not None and box.count("\n") == converter.PREVIEW_LINES - 1
    assert state.result.output.startswith(box + "\n")
    assert render(shown["convert-summary"].text, "ru").startswith("Конвертировано бросков: 20 000. ")
    assert render(shown["convert-summary"].text, "en").startswith("Rolls converted: 20,000. ")
    note = shown["convert-shown"]
    assert note.hidden is False
    assert render(note.text, "ru").startswith("В поле — начало результата: строк 1 000 из 20 000.")
    assert render(note.text, "en").startswith("The box shows the start of the result: 1,000 of 20,000 lines.")
    assert copy(state, {}).effects == (Copy(state.result.output, "convert-copy-status"),)
    assert converter.download(state, {}).effects == (Download(converter.DOWNLOAD_NAME, state.result.output),)
    assert shown["convert-download"].disabled is False
    small = view(_converted())
    assert small["convert-output"].value == SEED_OUTPUT
    assert small["convert-shown"].hidden is True and small["convert-shown"].text == ""


def test_download_needs_a_result() -> None:
    """Without a conversion «Скачать .txt» is disabled, and the action refuses."""
    assert view(State())["convert-download"].disabled is True
    with pytest.raises(InputError):
        converter.download(State(), {})
