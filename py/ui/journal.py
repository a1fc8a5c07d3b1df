"""A result log that survives reloads: newest first, bounded, rendered as plain text.

Every panel keeps one: ``<ol id="PREFIX-log">``, ``<p id="PREFIX-log-empty">`` (shown when
there is nothing) and ``<p id="PREFIX-log-notice" hidden>`` (shown when the saved log was
damaged and had to be started afresh).  Entries are stored in localStorage as
``[{"text": …, "time": …?, "en": …?}, …]``: ``text`` is Russian, and an entry that also has
``en`` shows that when the page is in English. ``add`` given a ``Text`` or a function (rather
than a finished string) writes the line in both languages, so the log follows the switch.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import window

from ui import dom, i18n

__all__ = ["Journal"]

DAMAGED = "Сохранённый журнал был повреждён; начат новый."
DAMAGED_EN = "The saved log was damaged; a new one was started."
i18n.register({DAMAGED: DAMAGED_EN})


def _valid(saved: Any) -> bool:
    return isinstance(saved, list) and all(
        isinstance(entry, dict)
        and isinstance(entry.get("text"), str)
        and isinstance(entry.get("time", ""), str)
        and isinstance(entry.get("en", ""), str)
        for entry in saved
    )


def _written_in(lang: str, text: i18n.Text | Callable[[], str], /) -> str:
    with i18n.rendering_in(lang):
        return text() if callable(text) else str(text)


def _shown(entry: dict[str, str]) -> str:
    """The entry in the page's language (Russian when it has no English line)."""
    return entry.get("en", entry["text"]) if i18n.current() == "en" else entry["text"]


def _now() -> str:
    d = window.Date.new()
    return (
        f"{int(d.getFullYear()):04d}-{int(d.getMonth()) + 1:02d}-{int(d.getDate()):02d} "
        f"{int(d.getHours()):02d}:{int(d.getMinutes()):02d}"
    )


class Journal:
    """One panel's persisted log."""

    def __init__(self, key: str, prefix: str, /, *, size: int = 50, timestamps: bool = False) -> None:
        self.key, self.prefix, self.size, self.timestamps = key, prefix, size, timestamps
        i18n.on_change(self._on_language)

    def _on_language(self) -> None:
        """Entries stored in both languages follow the switch, and so does a damage notice."""
        notice = dom.by_id(f"{self.prefix}-log-notice")
        if not notice.hidden and str(notice.textContent) in (DAMAGED, DAMAGED_EN):
            notice.textContent = i18n.t(DAMAGED)
        self.render()

    def entries(self) -> list[dict[str, str]]:
        """The saved entries; a damaged log is reset, with a visible notice."""
        if not dom.has_saved(self.key):
            return []
        saved = dom.load_json(self.key, None)
        if not _valid(saved):
            notice = dom.by_id(f"{self.prefix}-log-notice")
            notice.textContent = i18n.t(DAMAGED)
            notice.hidden = False
            dom.save_json(self.key, [])
            return []
        return saved[: self.size]

    def texts(self) -> list[str]:
        """Export lines in the page's language, newest first."""
        return [f"{e['time']} {_shown(e)}" if e.get("time") else _shown(e) for e in self.entries()]

    def add(self, text: str | i18n.Text | Callable[[], str], /) -> None:
        """Log a line. A ``Text``, or a function that builds the line in the current language, is
        written in Russian and in English; a plain string is kept as it is, in whatever language."""
        if isinstance(text, str):
            entry = {"text": text}
        else:
            entry = {"text": _written_in("ru", text), "en": _written_in("en", text)}
        if self.timestamps:
            entry = {"time": _now(), **entry}
        entries = [entry, *self.entries()][: self.size]
        dom.save_json(self.key, entries)
        self.render(entries)

    def clear(self) -> None:
        dom.save_json(self.key, [])
        dom.by_id(f"{self.prefix}-log-notice").hidden = True
        self.render([])

    def render(self, entries: list[dict[str, str]] | None = None, /) -> None:
        shown = self.entries() if entries is None else entries
        box = dom.by_id(f"{self.prefix}-log")
        dom.clear(box)
        for entry in shown:
            item = dom.make("li")
            if entry.get("time"):
                item.append(dom.make("time", entry["time"][-5:], cls="muted"), " ")
            item.append(_shown(entry))
            box.append(item)
        dom.by_id(f"{self.prefix}-log-empty").hidden = bool(shown)
