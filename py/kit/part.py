"""A sub-tool inside its panel (Elm's ``map``): its state is one part of the panel's state.

A sub-tool is written like a panel of its own, on its own state: actions ``(part, form) -> part |
Outcome[part]``, a view ``part -> View``. ``Part(get, put)`` says where that state lives in the
whole; ``part.action(a)`` and ``part.view(v)`` lift them onto the whole state, and an action's
outcome keeps its log, announcement and effects (a computation's ``done`` and ``failed`` are
lifted too, so the answer lands in the part). ``field_part("name")`` is the usual case: the part
is the field ``name`` of a frozen dataclass.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Whole:
...     count: int = 0
...     other: str = "kept"
>>> count = field_part("count")
>>> add = count.action(lambda n, form: Outcome(n + int(form["by"]), log=f"+{form['by']}"))
>>> done = add(Whole(), {"by": "2"})
>>> done.state, done.log
(Whole(count=2, other='kept'), '+2')
>>> count.view(lambda n: {"out": str(n)})(done.state)
{'out': '2'}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import Any, Generic, TypeVar

from kit.form import Form
from kit.panel import Action, Answer, AskJournal, Compute, Effect, Outcome, outcome

__all__ = ["Part", "field_part"]

W = TypeVar("W")  # the panel's whole state
P = TypeVar("P")  # the sub-tool's part of it
V = TypeVar("V")  # what a view returns


@dataclass(frozen=True)
class Part(Generic[W, P]):
    """Where a sub-tool's state lives in the whole: ``get(whole)`` and ``put(whole, part)``."""

    get: Callable[[W], P]
    put: Callable[[W, P], W]

    def outcome(self, whole: W, result: P | Outcome[P]) -> Outcome[W]:
        """The sub-tool's result as the whole's outcome (log, say, error and effects kept). A part
        left as it was (the same object) leaves the whole as it was: the kit tells a late answer
        the sub-tool dropped by that, and leaves the screen (a refusal shown meanwhile) alone.

        >>> from dataclasses import dataclass
        >>> @dataclass(frozen=True)
        ... class Whole:
        ...     count: int = 0
        >>> whole = Whole()
        >>> field_part("count").outcome(whole, whole.count).state is whole
        True
        """
        done = outcome(result)
        effects = tuple(self._effect(effect) for effect in done.effects)
        state = whole if done.state is self.get(whole) else self.put(whole, done.state)
        return Outcome(state, done.log, done.say, effects, done.error)

    def action(self, action: Callable[[P, Form], P | Outcome[P]]) -> Action[W]:
        """The sub-tool's action, run on its part of the whole state."""

        def run(whole: W, form: Form) -> Outcome[W]:
            return self.outcome(whole, action(self.get(whole), form))

        return run

    def view(self, view: Callable[[P], V]) -> Callable[[W], V]:
        """The sub-tool's view of the whole state (element ids are the page's: nothing to rename)."""
        return lambda whole: view(self.get(whole))

    def _effect(self, effect: Effect[P]) -> Effect[W]:
        if isinstance(effect, AskJournal):
            return self._asked(effect)
        if not isinstance(effect, Compute):
            return effect
        done, failed = effect.done, effect.failed

        def lifted_done(whole: W, answer: Answer[Any]) -> Outcome[W]:
            return self.outcome(whole, done(self.get(whole), answer))

        def lifted_failed(whole: W, answer: Answer[Any]) -> Outcome[W]:
            assert failed is not None
            return self.outcome(whole, failed(self.get(whole), answer))

        # every other field of the request (job, args, label, …) stays as it was
        kept = {f.name: getattr(effect, f.name) for f in fields(effect) if f.name not in ("done", "failed")}
        return Compute(done=lifted_done, failed=None if failed is None else lifted_failed, **kept)

    def _asked(self, effect: AskJournal[P]) -> AskJournal[W]:
        done, progress = effect.done, effect.progress

        def lifted_done(whole: W, answer: dict[str, Any]) -> Outcome[W]:
            return self.outcome(whole, done(self.get(whole), answer))

        def lifted_progress(whole: W, answer: dict[str, Any]) -> W:
            assert progress is not None
            return self.put(whole, progress(self.get(whole), answer))

        lifted = None if progress is None else lifted_progress
        return AskJournal(effect.kind, effect.args, lifted_done, lifted, effect.file)


def field_part(name: str, /) -> Part[Any, Any]:
    """The part held in field ``name`` of a frozen dataclass state."""
    return Part(lambda whole: getattr(whole, name), lambda whole, part: replace(whole, **{name: part}))
