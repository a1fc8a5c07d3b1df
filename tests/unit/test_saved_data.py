"""Saved data from untrusted text: bounded before parsing, damaged parts set aside, lists entry by
entry, two tabs merged."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from kit import aside, bounded_json
from kit.panel import LogSpec, Panel, check_record, decode
from kit.shared import Shared, decode_shared

DEEP = "[" * 100_000 + "]" * 100_000


@pytest.fixture(autouse=True)
def parser_dies_on_deep_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in the page, where a deep text takes the whole runtime down instead of raising
    RecursionError: the parser must never be handed one."""
    real = json.loads

    def loads(text: str | bytes, *args: object, **kwargs: object) -> object:
        if bounded_json.depth(text if isinstance(text, str) else text.decode()) > 1000:
            raise AssertionError("a text nested this deep reached the JSON parser")
        return real(text, *args, **kwargs)

    monkeypatch.setattr(json, "loads", loads)


def _panel() -> Panel[int]:
    def load(raw: object) -> int:
        if not isinstance(raw, int):
            raise ValueError("not an int")
        return raw

    return Panel("p", 0, lambda state: {}, dump=lambda state: state, load=load, log=LogSpec("p"))


@pytest.mark.parametrize(
    ("text", "deepest"),
    [
        ("{}", 1),
        ('{"a": [1, {"b": []}]}', 4),
        ('"[[[[["', 0),
        ('["\\"[[", [2]]', 2),
        ("[" * 64 + "]" * 64, 64),
        ("]]]", 0),
    ],
)
def test_depth_counts_brackets_outside_strings(text: str, deepest: int) -> None:
    """Nesting is counted without parsing; brackets inside strings (escaped quotes too) are text."""
    assert bounded_json.depth(text) == deepest


def test_a_100000_deep_text_is_refused_before_parsing() -> None:
    """A record nested 100,000 deep (which crashes Pyodide's parser) is refused as too deep, and a
    text over the size bound as too large, before json ever sees them."""
    assert bounded_json.check(DEEP) == "too_deep"
    assert bounded_json.check("[" + "1," * 10 + "1]", max_chars=5) == "too_large"
    with pytest.raises(bounded_json.BoundError):
        bounded_json.loads(DEEP)
    assert bounded_json.loads("[" * 64 + "]" * 64) is not None


def test_a_deep_panel_record_is_dropped_whole_and_never_written() -> None:
    """A deep panel record decodes to the defaults with every part named; a deep text is never
    accepted for saving."""
    restored = decode(_panel(), DEEP)
    assert restored.state == 0 and len(restored.dropped) == 3 and restored.log_damaged
    assert check_record(DEEP) == "too_deep"


def test_a_deep_shared_record_is_dropped() -> None:
    shared = Shared("n", (), dump=list, load=tuple, home="p", what="n")
    assert decode_shared(shared, '{"v": 1, "value": ' + DEEP + "}") == ((), True, 0)


def test_a_deep_lab_link_is_refused() -> None:
    """A lab share link whose JSON nests deep is refused like a damaged link (a ValueError)."""
    from panels.notation.lab_share import decode_lab

    packed = base64.urlsafe_b64encode(zlib.compress(("[" * 30_000 + "]" * 30_000).encode(), 9))
    with pytest.raises(ValueError, match="damaged"):
        decode_lab(packed.decode().rstrip("="))


def test_a_deep_roster_file_is_refused_with_a_message() -> None:
    """Importing a deeply nested file is refused (InputError), the roster unchanged."""
    from kit.form import FILE_NAME, FILE_TEXT, InputError
    from panels.roster.panel import import_file
    from panels.roster.panel import panel as roster_panel

    state = roster_panel().initial
    with pytest.raises(InputError):
        import_file(state, {FILE_NAME: "deep.json", FILE_TEXT: '{"entries": ' + DEEP + "}"})


def test_a_set_aside_record_keeps_any_text_as_sound_json() -> None:
    """The damaged text, even one that is no JSON or holds a lone surrogate, is kept in a record
    that may be saved, under a key of its own per time."""
    for raw in ("{oops", DEEP[:1000], "\ud800 half a pair"):
        record = aside.aside_record("gm.panel.p", raw, "2026-12-01T10:00:00.000Z")
        assert check_record(record) is None
        assert json.loads(record)["text"] == raw
    assert aside.aside_key("k", "t1") != aside.aside_key("k", "t2")
    assert json.loads(aside.download_text({"k": "\ud800"}))["set_aside"]["k"] == "\ud800"


# --------------------------------------------------------------------------- two tabs (kit.merge)


def test_merge_by_id_keeps_both_tabs_changes() -> None:
    """Entries added in both tabs are all kept; an entry changed here takes this tab's version,
    one deleted here goes unless the other changed it; a new id both tabs used is renamed here."""
    from kit.merge import merge_by_id

    base = (("a", 1), ("b", 1), ("c", 1))
    mine = (("a", 2), ("c", 1), ("m", 1))  # a changed, b deleted, m added
    theirs = (("a", 1), ("b", 1), ("c", 9), ("t", 1), ("m", 7))  # c changed, t and m added
    merged = merge_by_id(base, mine, theirs, key=lambda e: e[0], renamed=lambda e, taken: ("m2", e[1]))
    assert merged == (("a", 2), ("c", 9), ("t", 1), ("m", 7), ("m2", 1))


def test_merge_log_keeps_every_line_once() -> None:
    """Lines written in both tabs since the common version are all kept, newest first, none twice
    (a line merged before is not repeated), within the log's size."""
    from kit.merge import merge_log

    assert merge_log(("b",), ("m", "b"), ("t", "b"), size=10) == ("m", "t", "b")
    assert merge_log((), ("m2", "m1"), ("m1",), size=10) == ("m2", "m1")
    assert merge_log(("b",), ("b",), ("t", "b"), size=10) == ("t", "b")
    assert merge_log(("b",), ("m", "b"), ("t", "b"), size=2) == ("m", "t")


def test_rosters_of_two_tabs_merge_character_by_character() -> None:
    """Both tabs add a character from the same roster (both get id c2): both are kept, ids unique."""
    from panels.roster.shared import ROSTER
    from rules.roster import IteSheet, Roster

    base = Roster().add("А", "ite", IteSheet())
    merged = ROSTER.merge(base, base.add("Б", "ite", IteSheet()), base.add("В", "ite", IteSheet()))
    assert [e.name for e in merged.entries] == ["А", "В", "Б"]
    assert len({e.id for e in merged.entries}) == 3


def test_threat_journals_of_two_tabs_merge() -> None:
    """A check in each tab since the common state: both lines stay in the journal; the newer tab's
    undo still takes back its own line."""
    import random

    from kit.form import Form
    from panels.threat.panel import panel as threat_panel
    from panels.threat.state import merge

    built = threat_panel(random.Random(3))
    check = built.actions["#threat-check"]
    form: Form = {
        "threat-light": "5",
        "threat-dark": "1",
        "threat-base": "5",
        "threat-t": "5",
        "threat-step": "1",
        "threat-fc-roll": "normal",
    }
    base = built.initial

    def checked(state: object) -> object:
        done = check(state, form)
        return getattr(done, "state", done)

    mine, theirs = checked(base), checked(base)
    merged = merge(base, mine, theirs, True)
    assert len(merged.journal) == 2
    assert merged.journal == (*theirs.journal, *mine.journal[len(base.journal) :])
    assert merged.undo[-1].line == mine.journal[-1]  # its undo takes back its own line
    assert merge(base, base, theirs, False).journal == theirs.journal
