"""The threat panel's «Отменить»: it undoes exactly the step it names, and never writes to the
journal of the evening; it takes back the entry the undone step wrote there.

A property test runs random sequences of threat steps (checks, refills, T and mode changes, table
rolls, clears of the journal) with undos, through the panel's actions and a model of the kit's
journal (each action's line under the id the kit gave it, ``kit.form.LOG_ID``; ``Unlog`` removes):
after an undo the state is the state before the undone step, and the journal holds only the steps
that happened. The GM's evening (draws 13, 18, 9, «Пополнить мешок», «Отменить») runs here and
through the kit's runtime over the fake page (tests/unit/test_runtime.py).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from kit.compute import settle
from kit.form import LOG_ID
from kit.msg import render
from kit.panel import Unlog, outcome
from panels.threat import panel as threat_panel
from panels.threat.state import State, Undo, merge
from rules import threat

SEED_13_18_9 = 9332  # random.Random(9332): the first three checks of the default bag keep 13, 18, 9
FIELDS = ("threat-light", "threat-dark", "threat-base", "threat-t", "threat-step", "threat-rec-colour")


def form_for(state: State, **extra: Any) -> dict[str, Any]:
    """The fields as the view wrote them for ``state`` (the page's form), plus ``extra``."""
    shown = threat_panel.view(state)
    form: dict[str, Any] = {"threat-rec-number": "10", "threat-new-name": "", "threat-fc-roll": "normal"}
    form |= {key: shown[key].value for key in FIELDS}
    form |= {key: show.checked for key, show in shown.items() if show.checked is not None}
    return form | extra


@dataclass
class Table:
    """One tab's threat panel and the journal of the evening as the kit keeps it (ids → lines)."""

    rng: random.Random
    state: State = field(default_factory=lambda: State(screen=False))
    journal: dict[str, str] = field(default_factory=dict)
    count: int = 0

    def act(self, selector: str, **extra: Any) -> Any:
        self.count += 1
        ident = f"2026-12-01T20:00:00-tab-{self.count:06d}"
        form = {**form_for(self.state, **extra), LOG_ID: ident}
        actions = threat_panel.panel(self.rng).actions
        done = outcome(actions[selector](self.state, form))
        for effect in done.effects:
            if isinstance(effect, Unlog):
                for gone in effect.ids:
                    self.journal.pop(gone)
        if done.log is not None:
            self.journal[ident] = render(done.log, "ru")
        self.state = settle(done)
        return done


def _kept(state: State) -> tuple[Any, ...]:
    """What an undo gives back: the bag, the panel's journal, its undo steps."""
    return (state.bag, state.journal, state.undo)


STEPS = st.sampled_from(
    [
        ("#threat-check", {}),
        ("#threat-adv", {}),
        ("#threat-dis", {}),
        ("#threat-refill", {}),
        ("#threat-t", {"threat-t": "11"}),
        ("#threat-t", {"threat-t": "2"}),
        ("#threat-base", {"threat-base": "8"}),
        ("#threat-exhaustible", {"threat-exhaustible": True}),
        ("#threat-exhaustible", {"threat-exhaustible": False}),
        ("#threat-record", {"threat-rec-number": "3"}),
        ("#threat-journal-clear", {}),
        ("#threat-undo", {}),
        ("#threat-undo", {}),
    ]
)


@settings(max_examples=60, deadline=None)
@given(steps=st.lists(STEPS, max_size=30), seed=st.integers(0, 10**6), screen=st.booleans())
def test_an_undo_gives_back_the_state_before_the_step_and_the_journal_only_what_happened(
    steps: list[tuple[str, dict[str, Any]]], seed: int, screen: bool
) -> None:
    table = Table(random.Random(seed), State(screen=screen))
    done: list[tuple[tuple[Any, ...], str | None]] = []  # each step: the state before it, its entry
    for selector, extra in steps:
        before = _kept(table.state)
        entries = dict(table.journal)
        try:
            result = table.act(selector, **extra)
        except ValueError:  # refused input (nothing to undo, clear or refill): nothing changed
            assert _kept(table.state) == before and table.journal == entries
            continue
        if selector == "#threat-undo":
            assert result.log is None, "an undo writes nothing"
            assert done, "an undo with no step before it is refused"
            state_before, entry = done.pop()
            assert _kept(table.state) == state_before
            assert set(table.journal) == set(entries) - {entry}, "an undo removes its step's entry alone"
        elif _kept(table.state) != before:
            written = set(table.journal) - set(entries)
            assert len(written) <= 1 and set(entries) <= set(table.journal)
            done.append((before, next(iter(written), None)))
        happened = [entry for _, entry in done if entry is not None]
        assert sorted(table.journal) == sorted(happened), "the journal holds the steps that happened"
        lines, offer = [line.id for line in table.state.journal], table.state.cleared
        while offer is not None:  # the lines each clear still on offer took
            lines += [line.id for line in offer.value.lines]
            offer = offer.value.before
        assert sorted(lines) == sorted(happened), "the panel's log holds the same lines"


def test_the_evening_s_sequence_undoes_the_refill_and_keeps_the_draws() -> None:
    """Draw 13, 18 and 9, press «Пополнить мешок», then «Отменить»: the refill is undone (it was a
    step, of a full bag), the three draws stay in the panel's log and the journal of the evening,
    and the undo writes nothing there; the result line names the refill. The next «Отменить»
    takes back the 9, from the journal too."""
    table = Table(random.Random(SEED_13_18_9))
    for _ in range(3):
        table.act("#threat-check")
    assert [line.kept_value for line in table.state.journal if isinstance(line, threat.JournalEntry)] == [
        13,
        18,
        9,
    ]
    draws = dict(table.journal)
    table.act("#threat-refill")
    undo = table.act("#threat-undo")
    assert undo.log is None and table.journal == draws
    assert len(table.state.journal) == 3 and table.state.undo[-1].line == table.state.journal[-1]
    said = render(threat_panel.view(table.state)["threat-result"].text, "ru")
    assert said.startswith("Отменено: пополнение мешка.")
    table.act("#threat-undo")
    assert list(table.journal.values()) == list(draws.values())[:2]
    said = render(threat_panel.view(table.state)["threat-result"].text, "en")
    assert said.startswith("Undone: Check: drew light («светлый») 9;"), said


def test_after_an_event_the_sequence_keeps_t_and_the_event() -> None:
    """After an event (T back to T₀ = 5), the same sequence leaves T at 5 and the event in the log."""
    table = Table(random.Random(SEED_13_18_9))
    table.act("#threat-t", **{"threat-t": "11"})
    table.act("#threat-record", **{"threat-rec-number": "3"})  # dark 3 < 11: an event, T := 5
    assert table.state.bag.track().threshold == 5 and table.state.journal[-1].event
    for _ in range(3):
        table.act("#threat-check")
    table.act("#threat-refill")
    table.act("#threat-undo")
    assert table.state.bag.track().threshold == 5
    assert sum(1 for line in table.state.journal if line.event) == 1
    assert sum("СОБЫТИЕ УГРОЗЫ" in line for line in table.journal.values()) == 1


def test_the_undo_of_a_setting_names_that_setting() -> None:
    """«Отменено: …» names the change undone (the dark dice), not the T it leaves; behind the
    screen it names a change without its numbers."""
    table = Table(random.Random(1))
    table.act("#threat-dark", **{"threat-dark": "3"})
    table.act("#threat-undo")
    said = render(threat_panel.view(table.state)["threat-result"].text, "ru")
    assert said.startswith("Отменено: Изменение: тёмный: кубов 1 → 3."), said
    hidden = Table(random.Random(1), State(screen=True))
    hidden.act("#threat-t", **{"threat-t": "12"})
    hidden.act("#threat-undo")
    said = render(threat_panel.view(hidden.state)["threat-result"].text, "ru")
    assert said == "Отменено: изменение за ширмой." and "12" not in said


# --------------------------------------------------------------------------- two tabs


def test_two_tabs_keep_every_check_and_every_colour_added_in_both() -> None:
    """Checks made in two tabs at once are all kept (by their entries' ids, even where two checks
    read the same), and a colour added in each tab at the same moment stays, each with its dice;
    the newer tab's undo steps get the older tab's colour too, so an undo does not drop it."""
    base = State(screen=False)
    one, two = Table(random.Random(5), base), Table(random.Random(5), base)
    two.count = 100  # the other tab's ids
    for _ in range(5):
        one.act("#threat-check")
        two.act("#threat-check")
    one.act("#threat-add-track", **{"threat-new-name": "алый"})
    two.act("#threat-add-track", **{"threat-new-name": "синий"})
    merged = merge(base, one.state, two.state, mine_is_newer=False)
    assert len(merged.journal) == 12
    assert sorted(line.id for line in merged.journal) == sorted([*one.journal, *two.journal])
    assert [t.name for t in merged.bag.tracks] == ["тёмный", "синий", "алый"]
    assert all("алый" in [t.name for t in step.bag.tracks] for step in merged.undo)
    again = merge(base, two.state, one.state, mine_is_newer=True)
    assert [t.name for t in again.bag.tracks] == ["тёмный", "синий", "алый"]


def test_a_colour_removed_in_one_tab_goes_unless_the_other_changed_it() -> None:
    base = threat.add_track(State(screen=False).bag, "алый", dice=1, base=5, step=1)
    start = State(screen=False, bag=base)
    removed = State(screen=False, bag=threat.remove_track(base, "алый"))
    assert [t.name for t in merge(start, removed, start, mine_is_newer=False).bag.tracks] == ["тёмный"]
    changed = State(screen=False, bag=threat.set_threshold(base, 9, "алый"))
    kept = merge(start, removed, changed, mine_is_newer=False)
    assert [t.name for t in kept.bag.tracks] == ["тёмный", "алый"]


def test_an_undo_step_keeps_its_line_across_a_reload() -> None:
    table = Table(random.Random(SEED_13_18_9))
    table.act("#threat-check")
    reloaded = threat_panel.load(threat_panel.dump(table.state))
    assert reloaded.undo == table.state.undo and isinstance(reloaded.undo[-1], Undo)
    assert reloaded.undo[-1].line is not None and reloaded.undo[-1].line.id in table.journal
