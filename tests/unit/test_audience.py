"""The players' screen: what ``panels.audience.public`` lets out, and the runtime sending it.

Secrets are made by the real threat panel (a check in screen mode), so what is checked is what a
GM's page would send; the message is searched as the JSON text the channel carries.
"""

from __future__ import annotations

import importlib.util
import json
import random
import re
import sys
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from kit import runtime_mount
from kit.journal import JOURNAL, Entry, Journal, entry_for, mark_of, note_of
from kit.msg import render
from kit.panel import outcome
from kit.roll import Roll
from panels.audience import panel as audience
from panels.audience import public, text
from panels.audience.state import FALLBACK, State, dump, load
from panels.checks.seed import TIERS
from panels.roller import panel as roller
from panels.threat import panel as threat_panel
from panels.threat.state import State as ThreatState
from panels.threat.words import DEFAULT_NAME
from rules import threat


def _fake_page() -> Any:
    """The kit runtime's fake page (tests/unit/test_runtime.py; this directory is not importable)."""
    spec = importlib.util.spec_from_file_location(
        "audience_fake_page", Path(__file__).with_name("test_runtime.py")
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


FAKE = _fake_page()
BEHIND = text.BEHIND_SCREEN.ru
GAUSS = Roll("gauss.roll", ((20, 7), (20, 12), (20, 20)), "13", Fraction(1, 40), total=39)


def _entry(ident: str, minute: int, roll: Roll | None = GAUSS, **fields: Any) -> Entry:
    line = fields.pop("line", f"строка {ident}")
    return Entry(
        ident,
        f"2026-12-01T20:{minute:02d}:00",
        fields.pop("panel", "roller"),
        line,
        line,
        roll=roll,
        **fields,
    )


def _journal(*entries: Entry) -> Journal:
    """Entries given oldest first, kept newest first as the journal keeps them."""
    journal = Journal()
    for entry in entries:
        journal = journal.add(entry)
    return journal


def _threat_check(screen: bool, seed: int = 5) -> tuple[ThreatState, Entry]:
    """A check made by the threat panel itself (its journal line, public line and roll data)."""
    bag = threat.new_state(light=3, dark=2, base=16, step=2, name=DEFAULT_NAME)
    state = ThreatState(bag=bag, screen=screen)
    form = {
        "threat-light": "3",
        "threat-dark": "2",
        "threat-base": "16",
        "threat-t": "16",
        "threat-step": "2",
    }
    done = outcome(threat_panel.panel(random.Random(seed)).actions["#threat-check"](state, form))
    assert done.log is not None
    return done.state, entry_for(
        "t1", "2026-12-01T20:30:15", "threat", done.log, note_of(done.effects), "ловушка"
    )


def _sent(state: State, journal: Journal, bag: threat.BagState | None = None, screen: bool = True) -> str:
    return public.message_text(state, journal, bag, screen)


# --------------------------------------------------------------------------- secrets


def test_a_check_behind_the_screen_is_one_fixed_line_with_its_minute_and_nothing_else() -> None:
    """A threat check in screen mode (its journal entry keeps dice, the kept die, the event and a
    public line with the dice drawn): the players get «Мастер бросил за ширмой» and 20:30, and no
    die, no count of dice, no outcome, no «зачем», no threshold; the big result stays the last
    public roll."""
    state, secret = _threat_check(screen=True)
    assert secret.secret and secret.roll is not None and secret.roll.dice
    assert secret.public_ru and secret.public_ru != BEHIND  # the GM's journal shows more than the room
    journal = _journal(_entry("g1", 10, who="Кац"), secret)
    sent = _sent(State(bag="whole"), journal, state.bag, state.screen)
    shown = json.loads(sent)
    assert shown["lines"] == [{"time": "20:30", "text": BEHIND}]
    assert shown["last"]["value"] == "13", "the last public result stays"
    for leaked in (secret.ru, secret.en, secret.public_ru, secret.public_en, "ловушка", secret.roll.outcome):
        assert leaked not in sent
    thrown = {str(face) for _, face in secret.roll.dice}
    words = set(re.findall(r"\d+", json.dumps(shown["lines"], ensure_ascii=False)))
    assert words <= {"20", "30"}, f"only the minute: {words}, dice {thrown}"
    assert "порог" not in sent and str(state.bag.tracks[0].threshold) not in re.sub(r"\d\d:\d\d", "", sent)


def test_a_revealed_check_shows_its_result_from_data_and_never_its_threshold() -> None:
    """Revealed, the check shows what its die brought, from its roll data; its sentence (which
    holds T before → after) is never sent, nor any «Раскрыто» mark."""
    _, secret = _threat_check(screen=True)
    journal = _journal(_entry("g1", 10), secret).reveal("t1")
    sent = _sent(State(), journal)
    shown = json.loads(sent)
    roll = secret.roll
    assert roll is not None and roll.total is not None
    assert shown["last"]["label"] == text.RULES["threat.check"].ru
    words = {"event": "Событие угрозы!", "dark": "Тёмный, без события", "light": "Светлый, без события"}
    assert shown["last"]["value"].startswith(words[roll.outcome.partition(".")[0]])
    assert str(roll.total) in shown["last"]["text"] and "T " not in sent and "→" not in shown["last"]["text"]
    assert BEHIND not in sent and "Раскрыто" not in sent


def test_screen_mode_hides_the_threshold_and_what_is_left_of_an_exhaustible_bag() -> None:
    """The whole bag: light and dark counts; thresholds only with screen mode off. An exhaustible
    bag shows its composition while the screen is on (what is left would tell what a hidden draw
    took) and what is left once it is off."""
    bag = threat.new_state(light=4, dark=3, base=17, step=1, exhaustible=True, name=DEFAULT_NAME)
    drawn = replace(bag, remaining=(2, 1))
    on = json.loads(_sent(State(bag="whole"), Journal(), drawn, True))["bag"]["rows"]
    off = json.loads(_sent(State(bag="whole"), Journal(), drawn, False))["bag"]["rows"]
    assert on == ["Светлых кубов: 4", "тёмный: 3"]
    assert off == ["Светлых кубов: 2 из 4", "тёмный: 1 из 3, порог 17"]
    dark = json.loads(_sent(State(bag="dark"), Journal(), drawn, True))["bag"]["rows"]
    assert dark == ["Тёмных кубов: 3"]
    assert "bag" not in json.loads(_sent(State(bag="none"), Journal(), drawn, False))


def test_the_curtain_sends_its_line_and_nothing_else() -> None:
    state, secret = _threat_check(screen=False)
    shown = json.loads(
        _sent(State(curtain=True, bag="whole"), _journal(_entry("g1", 10), secret), state.bag, False)
    )
    assert shown == {"v": 1, "lang": "ru", "title": text.WINDOW_TITLE.ru, "curtain": text.CURTAIN_SHOWN.ru}


def test_only_rolls_as_data_reach_the_room_and_names_only_when_asked() -> None:
    """A line without roll data (a wound, money, a converted log, a bag change) stays off; names
    show only with «Имена персонажей» on; a «зачем» note never."""
    journal = _journal(
        _entry("w", 1, roll=None, panel="fudge", line="Бандит: рана средняя", who="Бандит"),
        _entry("g1", 2, who="Кац", why="секретная дверь"),
        _entry("g2", 3, who="Зоя"),
    )
    named = _sent(State(), journal)
    assert "рана" not in named and "секретная" not in named
    assert json.loads(named)["last"]["who"] == "Зоя" and json.loads(named)["lines"][0]["who"] == "Кац"
    anonymous = _sent(State(names=False), journal)
    assert "Кац" not in anonymous and "Зоя" not in anonymous and '"who"' not in anonymous


def test_a_clear_keeps_what_came_before_off_the_screen() -> None:
    journal = _journal(_entry("g1", 1), _entry("g2", 2))
    mark = mark_of(journal.entries[0])
    assert json.loads(_sent(State(cleared=mark), journal))["empty"] == text.NOTHING_YET.ru
    newer = journal.add(_entry("g3", 3, line="новый бросок"))
    shown = json.loads(_sent(State(cleared=mark), newer))
    assert shown["last"]["text"] == "новый бросок" and "lines" not in shown


def test_the_message_reads_only_the_newest_entries() -> None:
    """A work bound: of 1,000 entries, at most ``SCAN`` are looked at, however few are rolls."""
    seen = 0

    class Counted(tuple):  # type: ignore[type-arg]
        def __iter__(self) -> Any:
            nonlocal seen
            for item in tuple.__iter__(self):
                seen += 1
                yield item

    many = tuple(_entry(f"n{i}", i % 60, roll=None) for i in range(1000))
    public.message(State(), Journal(Counted(many)), None, True)
    assert 0 < seen <= public.SCAN
    lines = tuple(_entry(f"r{i}", i % 60) for i in range(1000))
    seen = 0
    shown = public.message(State(), Journal(Counted(lines)), None, True)
    assert len(shown["lines"]) == public.LINES and seen <= public.LINES + 2, seen


# --------------------------------------------------------------------------- words


def test_every_rule_and_outcome_is_worded_in_both_languages() -> None:
    """Each rule of docs/rules.md has its label, each outcome code a word (no code shows raw);
    English has no Russian outside «…» (a seed's words, a character's name)."""
    codes = {
        "gauss.skill": tuple(TIERS),
        "gauss.median": ("below", "above", "inside"),
        "gauss.opposed": ("held", "pierced"),
        "gauss.combat": (
            "attack_failed", "defence_best", "held", "pierced", "defence_failed", "unblockable",
            "undefended", "attack_best",
        ),
        "ite.chain": ("failure", "success"),
        "fudge.action": ("failure", "tie", "success"),
        "fudge.attack": ("miss", "graze", "hit"),
        "threat.check": ("event", "dark", "light", "event.2", "dark.3"),
        "fudge.roll": ("-3", "0", "2"),
        "gauss.roll": ("13",),
    }  # fmt: skip
    assert set(text.RULES) >= set(codes) | {"notation", "gauss.defence", "gauss.madness", "gauss.horror"}
    for rule, outcomes in codes.items():
        for code in outcomes:
            roll = Roll(rule, (), code, Fraction(1, 2), total=14 if rule == "threat.check" else None)
            for lang in ("ru", "en"):
                shown = public.message(State(lang=lang), _journal(_entry("x", 1, roll=roll)), None, True)
                value = shown["last"]["value"]
                assert (value and value != code) or code.lstrip("-").isdigit(), (rule, code, value)
                if lang == "en":
                    words = re.sub(
                        r"«[^»]*»", "", json.dumps(shown, ensure_ascii=False).replace("строка x", "")
                    )
                    assert not re.search("[а-яё]", words, re.IGNORECASE), (rule, code, words)
    fudge = public.message(
        State(), _journal(_entry("x", 1, roll=Roll("fudge.roll", (), "2", Fraction(1, 9)))), None, True
    )
    assert fudge["last"]["value"] == "+2"


def test_settings_are_saved_and_a_damaged_record_starts_behind_the_curtain() -> None:
    state = State(lang="en", bag="whole", names=False, curtain=True, cleared=("2026-12-01T20:00:00", "a"))
    assert load(json.loads(json.dumps(dump(state)))) == state
    assert FALLBACK.curtain and FALLBACK.bag == "none"


def test_the_panel_clears_and_gives_back_the_screen() -> None:
    p = audience.panel(random.Random(1))
    journal = _journal(_entry("g1", 1))
    state = audience.sync(State(cleared=None), journal)
    cleared = p.actions["#audience-clear"](state, {})
    assert isinstance(cleared, State) and cleared.cleared == mark_of(journal.entries[0])
    assert render(p.view(cleared)["audience-undo-said"].text, "ru") == text.CLEARED.ru
    back = p.actions["#audience-undo"](cleared, {})
    assert isinstance(back, State) and back.cleared is None and back.undo is None


# --------------------------------------------------------------------------- the runtime sends it


def test_the_page_sends_after_every_change_once_and_only_what_changed() -> None:
    """Mounted (the roller, the threat panel, the players' screen), the page sends the message
    once per action, after it; an action that changes nothing the players see sends nothing; a
    hidden threat check sends its fixed line; the reveal, shared as the journal, sends the result."""
    page = FAKE.make_page()
    page.rt.broadcast = audience.BROADCAST
    runtime_mount.mount(page.rt, roller.panel(random.Random(7)))
    page.dom.run_timers()
    assert page.dom.broadcasts == [], "nothing before the panels it is made from are mounted"
    runtime_mount.mount(page.rt, threat_panel.panel(random.Random(3)))
    runtime_mount.mount(page.rt, audience.panel(random.Random(1)))
    page.dom.run_timers()
    assert len(page.dom.broadcasts) == 1 and json.loads(page.dom.broadcasts[0])["empty"]
    page.click("gauss-roll")
    page.dom.run_timers()
    assert len(page.dom.broadcasts) == 2
    rolled = page.state("roller").last
    assert json.loads(page.dom.broadcasts[-1])["last"]["value"] == str(rolled.value)
    page.change("gauss-luck", "6")
    page.dom.run_timers()
    assert len(page.dom.broadcasts) == 2, "the odds changed, not what the players see"
    page.click("threat-check")  # screen mode is on by default
    page.dom.run_timers()
    hidden = json.loads(page.dom.broadcasts[-1])
    assert hidden["lines"][0]["text"] == BEHIND and hidden["last"]["value"] == str(rolled.value)
    journal = page.rt.shared_value(JOURNAL)
    secret = journal.entries[0]
    page.rt.share(None, JOURNAL, journal.reveal(secret.id))
    page.dom.run_timers()
    assert json.loads(page.dom.broadcasts[-1])["last"]["label"] == text.RULES["threat.check"].ru
    page.click("audience-curtain")
    page.dom.run_timers()
    assert set(json.loads(page.dom.broadcasts[-1])) == {"v", "lang", "title", "curtain"}
