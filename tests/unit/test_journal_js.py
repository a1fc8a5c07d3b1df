"""static/journal-db.js run in Node against kit.journal: where the page holds only the newest
entries, the journal worker filters, checks imported entries and gives them evenings, so it must
do all three exactly as the Python the page uses for a journal it holds whole."""

from __future__ import annotations

import json
import random
import subprocess
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from kit import evening as kit_evening
from kit import journal_store, roll
from kit.evening import Evening
from kit.journal import MAX_NOTE, MAX_TEXT, Entry, Filter, Journal, assign_evenings, entry_from_json

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "static" / "journal-db.js"

# Reads the cases file; prints what journal-db.js says of each.
RUNNER = """
const { readFileSync } = require("node:fs");
require(process.argv[2]);
const db = globalThis.gmJournalDb;
const cases = JSON.parse(readFileSync(process.argv[3], "utf8"));
const out = {
  limits: db.LIMITS,
  problems: cases.entries.map((raw) => db.entryProblem(raw)),
  names: cases.who.map((who) => db.names(who)),
  matches: cases.pairs.map(([entry, filter]) => db.matches(db.facts(entry), filter)),
  evenings: db.assignEvenings(cases.timed.map(([id, t, evening]) => ({ id, t, evening }))).map((e) => [e.id, e.evening.id, e.evening.date]),
  files: cases.files.map((data) => { const list = db.journalOf(data); return Array.isArray(list) ? list.length : null; }),
  latest: cases.now.map((now) => db.latestAllowed(now)),
};
const index = new db.Index();
index.appendAll(cases.indexed.map((entry) => db.facts(entry)));
out.selected = cases.filters.map((filter) => index.select(filter, null, 1000000));
const all = index.select({}, null, 1000000).ids;
const middle = index.byId.get(all[40]);
out.older = middle ? index.select({}, [middle.t, middle.id], 10).ids : [];
out.choices = index.choices();
out.tallies = cases.filters.map((filter) => index.tally(filter));
// The same index grown one entry at a time, oldest first (as rolls come), asked between, with one
// entry removed and put back in the middle: what it keeps between questions stays exact.
const ordered = [...cases.indexed].sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : a.id < b.id ? -1 : 1));
const grown = new db.Index();
ordered.forEach((entry, n) => {
  grown.append(db.facts(entry));
  if (n % 7 === 0) { grown.select({ search: "к" }, null, 5); grown.choices(); }
  if (n === 60) { grown.remove(ordered[30].id); grown.select({ search: "а" }, null, 5); grown.append(db.facts(ordered[30])); }
});
out.grown = cases.filters.map((filter) => grown.select(filter, null, 1000000));
out.grownChoices = grown.choices();
process.stdout.write(JSON.stringify(out));
"""


CASES = ("entries", "who", "pairs", "timed", "files", "now", "indexed", "filters")  # what RUNNER reads


def _run(cases: dict[str, Any], tmp_path: Path) -> dict[str, Any]:
    """What journal-db.js says of ``cases`` (a kind of case not given: none)."""
    data = tmp_path / "cases.json"
    data.write_text(
        json.dumps({kind: cases.get(kind, []) for kind in CASES}, ensure_ascii=False), encoding="utf-8"
    )
    runner = tmp_path / "runner.cjs"
    runner.write_text(RUNNER, encoding="utf-8")
    done = subprocess.run(
        ["node", str(runner), str(SCRIPT), str(data)], capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


WORDS = ["Кац", "Бандит", "Ёж", "ß", "İ", "Σ", "дракон", "x", "😀", "  ", "\u00a0", "\u2003", "a,b", "→"]


def _text(rng: random.Random, most: int = 6) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, most)))


def _entry(rng: random.Random, n: int) -> dict[str, Any]:
    raw: dict[str, Any] = {
        "id": f"e{n}",
        "time": f"2026-12-{1 + n % 3:02d}T{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:00",
        "panel": rng.choice(["roller", "checks", "threat"]),
        "ru": _text(rng),
        "en": _text(rng),
    }
    if rng.random() < 0.6:
        raw["who"] = rng.choice(["Кац", "Кац → Бандит", " Ёж ,Кац", "Бандит,\u2003Ёж", "a,b"])
    if rng.random() < 0.3:
        raw["why"] = _text(rng, 3)
    if rng.random() < 0.3:
        raw.update(hidden=True, revealed=rng.random() < 0.5, public_ru=_text(rng), public_en=_text(rng))
    if rng.random() < 0.7:
        raw["evening"] = {"id": f"ev{n % 4}", "date": "2026-12-01"}
    if rng.random() < 0.5:
        raw["roll"] = {
            "rule": "gauss.roll",
            "dice": [[20, rng.randint(1, 20)] for _ in range(3)],
            "by_hand": rng.random() < 0.2,
            "total": rng.randint(3, 60),
            "outcome": str(rng.randint(1, 20)),
            "p": "1/40",
            "below": "3/8",
        }
    return raw


def _mutations(base: dict[str, Any]) -> list[dict[str, Any]]:
    """The entry with one thing wrong (or right at a bound) at a time."""
    out: list[dict[str, Any]] = []
    bad_values: list[Any] = [None, 1, True, [], {}, "", 1.5]
    for key in ("id", "time", "panel", "ru", "en", "who", "why", "public_ru", "public_en"):
        out += [{**base, key: value} for value in bad_values]
    limits = {"id": 80, "time": 40, "panel": 40, "ru": MAX_TEXT, "en": MAX_TEXT, "who": 200, "why": MAX_NOTE}
    for key, limit in limits.items():
        out += [{**base, key: "я" * limit}, {**base, key: "я" * (limit + 1)}]
        out += [{**base, key: "😀" * limit}, {**base, key: "😀" * (limit + 1)}]
    for key in ("hidden", "revealed", "by_hand"):
        out += [{**base, key: value} for value in (None, 1, "true", True, False)]
    good_roll = {"rule": "gauss.roll", "dice": [[20, 7]], "outcome": "7", "p": "1/20"}
    rolls: list[Any] = [
        None,
        "x",
        [],
        good_roll,
        {**good_roll, "rule": "Gauss.roll"},
        {**good_roll, "rule": "a" * 21},
        {**good_roll, "rule": "gauss.roll.x.y.z"},
        {**good_roll, "rule": "gauss.roll.x.y"},
        {**good_roll, "outcome": ""},
        {**good_roll, "outcome": "o" * 80},
        {**good_roll, "outcome": "o" * 81},
        {**good_roll, "outcome": 7},
        {**good_roll, "p": "1/0"},
        {**good_roll, "p": "2/1"},
        {**good_roll, "p": "0/1"},
        {**good_roll, "p": "1/1"},
        {**good_roll, "p": "١/٢"},
        {**good_roll, "p": " 1/2"},
        {**good_roll, "p": "1" * (roll.MAX_DIGITS + 1) + "/" + "2" * (roll.MAX_DIGITS + 1)},
        {**good_roll, "p": "1" * roll.MAX_DIGITS + "/" + "2" * roll.MAX_DIGITS},
        {**good_roll, "p": "1" * 155 + "/" + "2" * 156},  # 200d6's P(700) needs 155 digits
        {**good_roll, "p": "0" * (roll.MAX_DIGITS + 1) + "/1"},
        {**good_roll, "p": "1/" + "0" * roll.MAX_DIGITS + "1"},
        {**good_roll, "p": "1/2", "below": "1/2"},
        {**good_roll, "p": "1/2", "below": "2/3"},
        {**good_roll, "below": None},
        {**good_roll, "below": "x"},
        {**good_roll, "dice": None},
        {**good_roll, "dice": [[20]]},
        {**good_roll, "dice": [[0, 1]]},
        {**good_roll, "dice": [[20, 1_000_001]]},
        {**good_roll, "dice": [[20, -1_000_000]]},
        {**good_roll, "dice": [[20, True]]},
        {**good_roll, "dice": [[20, 7.5]]},
        {**good_roll, "dice": [[3, -1]] * roll.MAX_DICE},
        {**good_roll, "dice": [[3, -1]] * (roll.MAX_DICE + 1)},
        {**good_roll, "total": None},
        {**good_roll, "total": "7"},
        {**good_roll, "total": 2_000_000},
        {**good_roll, "by_hand": 1},
        # every outcome's odds: summing to 1, the roll's own at p, at most MAX_ODDS of them
        {**good_roll, "odds": {"7": "1/20", "8": "19/20"}},
        {**good_roll, "odds": {"7": "2/40", "x": "38/40"}},
        {**good_roll, "odds": {}},
        {**good_roll, "odds": None},
        {**good_roll, "odds": {"7": "1/20", "8": "18/20"}},
        {**good_roll, "odds": {"7": "2/20", "8": "18/20"}},
        {**good_roll, "odds": {"6": "1/20", "8": "19/20"}},
        {**good_roll, "odds": {"7": "1/20", "": "19/20"}},
        {**good_roll, "odds": {"7": "1/20", "8": 0.95}},
        {**good_roll, "odds": [["7", "1/20"], ["8", "19/20"]]},
        {
            **good_roll,
            "odds": {"7": "1/20", **{f"z{k}": "0/1" for k in range(roll.MAX_ODDS - 2)}, "x": "19/20"},
        },
        {
            **good_roll,
            "odds": {"7": "1/20", **{f"z{k}": "0/1" for k in range(roll.MAX_ODDS - 1)}, "x": "19/20"},
        },
    ]
    out += [{**base, "roll": r} for r in rolls]
    evenings: list[Any] = [
        None,
        "x",
        {"id": "ev"},
        {"id": "ev", "date": ""},
        {"id": "ev", "date": "2026-12-01"},
        {"id": "ev", "date": "2026-1-01"},
        {"id": "ev", "date": "٢٠٢٦-١٢-٠١"},
        {"id": "", "date": "2026-12-01"},
        {"id": "e" * 81},
        {"date": "2026-12-01"},
        {"id": 5},
    ]
    out += [{**base, "evening": e} for e in evenings]
    out += [[], "entry", None, {k: v for k, v in base.items() if k != "panel"}]
    return out


def _python_ok(raw: Any) -> bool:
    try:
        entry_from_json(raw)
    except ValueError:
        return False
    return True


def test_the_worker_checks_an_imported_entry_as_the_page_reads_one(tmp_path: Path) -> None:
    """``entryProblem`` refuses exactly what ``kit.journal.entry_from_json`` refuses, over random
    entries and each of their fields wrong or at its bound (lengths in code points, as Python
    counts them; ASCII digits only), and its bounds are the kit's."""
    rng = random.Random(41)
    corpus: list[Any] = [_entry(rng, n) for n in range(60)]
    for base in corpus[:4]:
        corpus += _mutations(base)
    answer = _run(
        {
            "entries": corpus,
        },
        tmp_path,
    )
    verdicts = [problem is None for problem in answer["problems"]]
    expected = [_python_ok(raw) for raw in corpus]
    wrong = [raw for raw, js, py in zip(corpus, verdicts, expected, strict=True) if js != py]
    assert not wrong, (
        f"journal-db.js and entry_from_json disagree on {json.dumps(wrong[:3], ensure_ascii=False)[:600]}"
    )
    assert 0 < sum(expected) < len(expected)
    limits = answer["limits"]
    assert (
        limits["ru"],
        limits["why"],
        limits["dice"],
        limits["face"],
        limits["odds"],
        limits["digits"],
    ) == (
        MAX_TEXT,
        MAX_NOTE,
        roll.MAX_DICE,
        roll.MAX_FACE,
        roll.MAX_ODDS,
        roll.MAX_DIGITS,
    )
    assert (limits["entryChars"], limits["entryDepth"], limits["kept"]) == (
        journal_store.MAX_ENTRY_CHARS,
        journal_store.MAX_ENTRY_DEPTH,
        journal_store.KEPT,
    )
    assert limits["gapMs"] == kit_evening.GAP.total_seconds() * 1000
    assert limits["futureMs"] == journal_store.FUTURE_DAYS * 24 * 3600 * 1000


def _filters(rng: random.Random) -> list[Filter]:
    out = [Filter(), Filter(panel="checks"), Filter(evening="ev1"), Filter(who="Кац"), Filter(who="Ёж")]
    for _ in range(40):
        out.append(
            Filter(
                who=rng.choice(["", "Кац", "Бандит", "a", "a,b", "Ёж"]),
                panel=rng.choice(["", "roller", "threat"]),
                search=rng.choice(["", "к", "КАЦ", "ß", "SS", "σ", "😀", "i̇", " ", "\u0001", "дра", "→"]),
                evening=rng.choice(["", "ev0", "ev2"]),
            )
        )
    return out


def test_the_worker_filters_and_lists_choices_as_the_journal_does(tmp_path: Path) -> None:
    """``matches`` keeps what ``Filter.keeps`` keeps (characters cut at the same whitespace, the
    same lower case, a hidden entry searched by its public line), and the index selects the same
    entries newest first, with the same evenings and characters to choose from."""
    rng = random.Random(7)
    raws = [_entry(rng, n) for n in range(120)]
    entries = [entry_from_json(raw) for raw in raws]
    filters = _filters(rng)
    pairs = [(raw, f.__dict__) for raw in raws[:40] for f in filters]
    whos = [raw.get("who", "") for raw in raws] + ["", ",", " , ", "a→b→c", "\x1c a \x1f", "\ufeffa"]
    answer = _run(
        {
            "who": whos,
            "pairs": pairs,
            "indexed": raws,
            "filters": [f.__dict__ for f in filters],
        },
        tmp_path,
    )
    from kit.journal_entry import names_of  # the same cut, whitespace for whitespace

    assert answer["names"] == [list(names_of(w)) for w in whos]
    by_id = {e.id: e for e in entries}
    expected = [Filter(**f).keeps(by_id[raw["id"]]) for raw, f in pairs]
    assert answer["matches"] == expected and any(expected) and not all(expected)
    journal = Journal(tuple(sorted(entries, key=lambda e: (e.time, e.id), reverse=True)))
    for chosen, selected in zip(filters, answer["selected"], strict=True):
        picked = [e.id for e in journal.select(chosen)]
        assert selected == {"ids": picked, "count": len(picked)}, chosen
    middle = journal.entries[40]
    assert answer["older"] == [e.id for e in journal.entries[41:51]], "a page older than the last shown"
    assert middle.id not in answer["older"]
    evenings = [[e.id, e.date, first, n] for e, first, n in journal.evenings()]
    assert answer["choices"] == {"evenings": evenings, "who": list(journal.who())}
    assert answer["grown"] == answer["selected"], "an index grown entry by entry answers the same"
    assert answer["grownChoices"] == answer["choices"]


def test_the_worker_gives_evenings_and_reads_files_as_the_page_does(tmp_path: Path) -> None:
    """An imported entry without an evening gets the one ``assign_evenings`` gives it (a pause of
    over six hours starts one; an entry with its own keeps it; an undated one is «undated»); files
    are read as ``importing.journal_of`` reads them; the latest allowed time is the same."""
    from panels.journal.importing import journal_of

    times = [
        ("a", "2026-12-01T20:00:00", None),
        ("b", "2026-12-01T23:59:59", None),
        ("c", "2026-12-02T05:59:59", None),
        ("d", "2026-12-02T12:00:00", None),
        ("e", "2026-12-02T12:30:00", {"id": "mine", "date": "2026-12-02"}),
        ("f", "2026-12-02T13:00:00", None),
        ("g", "", None),
        ("h", "2026-12-31T23:00:00", None),
        ("i", "2027-01-01T05:00:01", None),
    ]
    entries = [
        Entry(i, t, "roller", "x", "x", evening=None if e is None else Evening(e["id"], e["date"]))
        for i, t, e in times
    ]
    python = [[e.id, e.evening.id, e.evening.date] for e in assign_evenings(entries) if e.evening]
    files: list[Any] = [
        {"format": "gm-journal", "v": 1, "entries": [1, 2]},
        {"format": "gm-journal", "v": 2, "entries": []},
        {"app": "gm-dice", "records": {"gm.shared.journal": {"v": 1, "value": {"entries": [1]}}}},
        {
            "app": "gm-dice",
            "v": 2,
            "records": {},
            "journal": {"format": "gm-journal", "v": 2, "entries": [1, 2, 3]},
        },
        {"app": "gm-dice", "records": {}},
        {"app": "other", "journal": {"format": "gm-journal", "entries": []}},
        [],
        "x",
    ]
    nows = ["2026-12-31T22:00:00", "2028-02-28T23:30:00", "", "junk"]
    answer = _run(
        {
            "timed": times,
            "files": files,
            "now": nows,
        },
        tmp_path,
    )
    assert answer["evenings"] == python
    assert [x[1] for x in python] == [
        "undated",
        "2026-12-01T20:00:00",
        "2026-12-01T20:00:00",
        "2026-12-01T20:00:00",
        "2026-12-02T12:00:00",
        "mine",
        "mine",
        "2026-12-31T23:00:00",
        "2027-01-01T05:00:01",
    ]
    assert answer["files"] == [
        len(x) if isinstance(x, list) else None for x in (journal_of(f) for f in files)
    ]
    assert answer["latest"] == [journal_store.latest_allowed(now) for now in nows]


@pytest.mark.parametrize("gap_hours", [5.99, 6, 6.01])
def test_the_pause_that_starts_an_evening_is_the_same(gap_hours: float, tmp_path: Path) -> None:
    """Just under, at and just over six hours: both sides agree when a new evening starts."""
    start = "2026-12-01T20:00:00"
    seconds = round(gap_hours * 3600)
    later = (
        f"2026-12-02T{(20 * 3600 + seconds) // 3600 - 24:02d}:{(seconds // 60) % 60:02d}:{seconds % 60:02d}"
    )
    entries = [Entry("a", start, "roller", "x", "x"), Entry("b", later, "roller", "x", "x")]
    python = [[e.id, e.evening.id, e.evening.date] for e in assign_evenings(entries) if e.evening]
    answer = _run(
        {
            "timed": [[e.id, e.time, None] for e in entries],
        },
        tmp_path,
    )
    assert answer["evenings"] == python
    assert (python[1][1] == start) == (gap_hours <= 6)
    assert replace(entries[0]) == entries[0]


def _rolled(rng: random.Random, n: int) -> dict[str, Any]:
    """An entry whose roll the statistics read: odds or none, by hand or not, behind the screen
    or not, dice of several sizes, and now and then a field the statistics skip."""
    raw = _entry(rng, n)
    face = rng.randint(1, 20)
    roll_data: dict[str, Any] = {
        "rule": rng.choice(["gauss.roll", "gauss.skill", "fudge.action"]),
        "dice": [
            [rng.choice([3, 6, 20, 20, 20, 1000]), rng.randint(-1, 20)] for _ in range(rng.randint(0, 4))
        ],
        "by_hand": rng.random() < 0.3,
        "outcome": str(face),
        "p": rng.choice(["1/20", "1/8000", "3/40", "x", "2/1"]),
    }
    if rng.random() < 0.7:
        roll_data["below"] = rng.choice(["1/2", "0/1", "19/20", "7/8"])
    if rng.random() < 0.5:
        roll_data["odds"] = rng.choice(
            [{str(k): "1/20" for k in range(1, 21)}, {"hit": "1/4", "miss": "3/4"}, {str(face): "1/1"}]
        )
    if rng.random() < 0.05:
        roll_data["outcome"] = 7  # no text: counted nowhere
    raw["roll"] = roll_data
    return raw


def test_the_worker_tallies_rolls_as_the_statistics_do(tmp_path: Path) -> None:
    """``Index.tally`` groups what each filter keeps as ``statistics.tally_of_json`` does, so the
    statistics of a journal the page does not hold whole, counted from the store's index, are the
    statistics of those entries read one by one (secret ones left out, damaged rolls nowhere)."""
    from panels.journal.statistics import statistics_of_json, summarise
    from panels.journal.tally import tally_from_json

    rng = random.Random(11)
    raws = [_rolled(rng, n) if rng.random() < 0.8 else _entry(rng, n) for n in range(300)]
    filters = _filters(rng)
    answer = _run(
        {
            "indexed": raws,
            "filters": [f.__dict__ for f in filters],
        },
        tmp_path,
    )
    entries = {raw["id"]: entry_from_json({**raw, "roll": None}) for raw in raws}  # the filters read no roll
    oldest_first = sorted(raws, key=lambda raw: (raw["time"], raw["id"]))

    counted = 0
    for chosen, tally in zip(filters, answer["tallies"], strict=True):
        kept = [raw for raw in oldest_first if chosen.keeps(entries[raw["id"]])]
        python = statistics_of_json(kept)
        worker = summarise(tally_from_json(tally))
        assert worker.rolls == python.rolls and worker.secret == python.secret, chosen
        assert worker.dice == python.dice and worker.luck == python.luck, chosen
        for mine, theirs in zip(worker.outcomes, python.outcomes, strict=True):
            assert (mine.rule, mine.outcome, mine.count) == (theirs.rule, theirs.outcome, theirs.count)
            assert (mine.expected is None) == (theirs.expected is None)
            assert mine.expected is None or theirs.expected == pytest.approx(mine.expected)
        counted += python.rolls
    assert counted > 0
