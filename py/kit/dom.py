"""The page as the kit's runtime sees it: small interfaces, so the runtime runs on CPython too.

``kit.runtime*`` mounts panels, runs actions and writes views through these three interfaces
only; ``kit.browser_dom`` implements ``Dom`` over the real page (the only code that touches
``js``/``pyscript``, with ``kit.browser_storage`` for ``Records`` and ``kit.browser_compute`` for
``Worker``), and the unit tests give the runtime a fake page (tests/unit/test_runtime.py).

Elements are opaque handles: the runtime gets them from the ``Dom`` and hands them back, never
reading or writing them itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from kit.journal import LogMark
    from kit.journal_store import StoreRecord

__all__ = ["Dom", "Element", "Records", "Worker"]


class Element(Protocol):
    """An element of the page, as the ``Dom`` handed it over (opaque to the runtime)."""


class Dom(Protocol):
    """The elements of the page, their fields and events, and the page's services (time, timers,
    the console, settings, the URL, the clipboard, files and downloads)."""

    # --------------------------------------------------------------- finding elements
    def root(self) -> Element:
        """The document element (``<html>``)."""
        ...

    def find(self, element_id: str, /) -> Element | None:
        """The element with this id, or ``None``."""
        ...

    def query(self, root: Element, selector: str, /) -> Element | None:
        """The first element inside ``root`` matching the CSS ``selector``."""
        ...

    def query_all(self, root: Element | None, selector: str, /) -> list[Element]:
        """Every element inside ``root`` (``None``: the document) matching ``selector``."""
        ...

    def closest(self, element: Element, selector: str, /) -> Element | None:
        """``element`` or its nearest ancestor matching ``selector``."""
        ...

    def contains(self, root: Element, element: Element, /) -> bool: ...

    def next_sibling(self, element: Element, /) -> Element | None: ...

    # --------------------------------------------------------------- reading elements
    def tag(self, element: Element, /) -> str:
        """The tag name in capitals (``"BUTTON"``)."""
        ...

    def kind(self, element: Element, /) -> str:
        """An input's ``type`` (``"file"``, ``"range"`` …); ``""`` for other elements."""
        ...

    def attribute(self, element: Element, name: str, /) -> str | None: ...

    def has_class(self, element: Element, name: str, /) -> bool: ...

    def read_form(self, section: Element, /, limit: int = ...) -> dict[str, str | bool]:
        """Every field of ``section`` by id (a checkbox as a bool; a radio group by its name; a
        number field holding junk as ``UNREADABLE``; a text area over ``limit`` characters,
        ``form.MAX_READ_CHARS`` unless told, as ``""``, its length under ``form.OVERSIZED`` + its
        id: its text is never copied); a file chooser is not a field."""
        ...

    def put_field(self, section: Element, key: str, value: str | bool, /) -> bool:
        """Put a saved or preset value into the section's field; ``False`` if it does not fit."""
        ...

    def reset_fields(self, section: Element, /) -> None:
        """Every field of ``section`` back to the value the page was written with."""
        ...

    # --------------------------------------------------------------- writing elements
    def set_text(self, element: Element, text: str, /) -> None: ...

    def set_html(self, element: Element, markup: str, /) -> None:
        """Replace the children with ``markup`` (always from ``kit.view.to_html``: escaped)."""
        ...

    def prepend_html(self, element: Element, markup: str, /) -> None: ...

    def splice_html(self, element: Element, start: int, remove: int, markup: str, /) -> None:
        """Remove ``remove`` child elements from index ``start``, and put ``markup`` (from
        ``kit.view.to_html``) there: a list written where it changed (``kit.view.kept``)."""
        ...

    def keep_children(self, element: Element, count: int, /) -> None:
        """Remove children from the end until at most ``count`` are left."""
        ...

    def append_button(self, element: Element, label: str, cls: str, /) -> Element:
        """Append a space and a ``<button type="button" class=cls>`` (returned) to ``element``."""
        ...

    def insert_after(self, element: Element, markup: str, /) -> Element:
        """Put the one element ``markup`` describes after ``element``; return it."""
        ...

    def value(self, element: Element, /) -> str: ...

    def set_value(self, element: Element, value: str, /) -> None: ...

    def set_checked(self, element: Element, checked: bool, /) -> None: ...

    def set_hidden(self, element: Element, hidden: bool, /) -> None: ...

    def set_disabled(self, element: Element, disabled: bool, /) -> None: ...

    def set_attribute(self, element: Element, name: str, value: str, /) -> None: ...

    def remove_attribute(self, element: Element, name: str, /) -> None: ...

    # --------------------------------------------------------------- events
    def listen(self, element: Element, kind: str, callback: Callable[[], None], /) -> None:
        """``callback()`` on every ``kind`` event (``"click"``) of ``element``."""
        ...

    def listen_fields(self, section: Element, handler: Callable[[str, Element], None], /) -> None:
        """``handler(kind, target)`` for every ``click``, ``change`` and ``input`` in ``section``.
        Enter in a field commits it (a ``change``, once: the browser's own later one is dropped)
        and then presses the section's main button (``kit.browser_enter``)."""
        ...

    # --------------------------------------------------------------- the page's services
    def now_ms(self) -> float:
        """Milliseconds on the page's monotonic clock."""
        ...

    def local_time(self) -> str:
        """The local date and time, ``YYYY-MM-DD HH:MM`` (log stamps)."""
        ...

    def local_stamp(self) -> str:
        """The local date and time to the second, ``YYYY-MM-DDTHH:MM:SS`` (journal entries)."""
        ...

    def later(self, ms: int, callback: Callable[[], None], /) -> int:
        """``callback()`` once, after ``ms``; a timer handle."""
        ...

    def every(self, ms: int, callback: Callable[[], None], /) -> int:
        """``callback()`` every ``ms`` until the timer is stopped; a timer handle."""
        ...

    def stop_timer(self, handle: int, /) -> None: ...

    def console(self, level: str, text: str, /) -> None:
        """Write to the browser console (``"error"``, ``"warn"``, ``"debug"``)."""
        ...

    def setting(self, key: str, /) -> str | None:
        """A small page setting from localStorage (``None``: none, or storage refused)."""
        ...

    def store_setting(self, key: str, text: str, /) -> None: ...

    def url_params(self) -> dict[str, str]: ...

    def set_url(self, params: tuple[tuple[str, str | None], ...], /) -> None: ...

    def address(self) -> str:
        """The page's address (``location.href``)."""
        ...

    def from_disk(self) -> bool:
        """The page is the saved file, opened from disk (``file://``)."""
        ...

    def broadcast(self, text: str, /) -> None:
        """Send ``text`` to the players' window (static/players.js: the channel ``gm-players``)."""
        ...

    def clipboard(self, text: str, done: Callable[[], None], failed: Callable[[], None], /) -> None: ...

    def download(self, filename: str, text: str, mime: str, /) -> None: ...

    def download_png(self, filename: str, svg: str, width: int, height: int, /) -> None: ...

    def read_file(
        self, element: Element, done: Callable[[str, str], None], failed: Callable[[str], None], /
    ) -> None:
        """The file chosen in ``element`` as text: ``done(name, text)`` or ``failed(problem)``."""
        ...


class Records(Protocol):
    """Where the panels' records are kept (``kit.browser_storage``)."""

    def read(self, key: str, /) -> str | None: ...

    def save(self, key: str, text: str, /) -> None: ...

    def set_aside(self, key: str, raw: str, /) -> None: ...

    def set_aside_records(self) -> dict[str, str]: ...

    def legacy_json(self, key: str, /) -> Any: ...

    def backend(self) -> str: ...

    # --------------------------------------------------------------- the journal, entry by entry
    # (kit.journal_store: one record per entry; a failed write goes to the same failure report as a
    # record's, under the journal's key ``kit.journal.JOURNAL.key``)

    def journal_head(self, newest: int, per_panel: int, /) -> str | None:
        """The store's newest ``newest`` entries and each panel's newest ``per_panel``, with the
        count of all (``kit.journal_store.head_from_text`` reads it); read once, at start."""
        ...

    def journal_write(
        self,
        records: Sequence[StoreRecord],
        gone: Sequence[str],
        since: LogMark | None,
        retire: str | None = None,
        /,
    ) -> None:
        """Write these entries' records and delete these ids (one transaction; ``retire``: a
        record key removed with them, the journal's old single record). Entries newer than
        ``since`` that another tab wrote meanwhile come back through ``on_journal``."""
        ...

    def journal_retry(self) -> None:
        """Write again what failed to be written."""
        ...

    def journal_ask(
        self,
        kind: str,
        args: Mapping[str, Any],
        on_answer: Callable[[str], None],
        on_progress: Callable[[str], None] | None = None,
        file: Element | None = None,
        /,
    ) -> None:
        """Ask the store (off the main thread: static/journal-worker.js) ``kind`` with ``args``
        (``select``, ``panel``, ``head``, ``import`` with the file chosen in ``file``,
        ``undo_import``, ``aside``, ``export``, ``trim``); the answer's JSON text comes to
        ``on_answer``, progress to ``on_progress``."""
        ...

    def journal_in_store(self) -> bool:
        """Whether the journal's store answers ``journal_ask`` (IndexedDB); else the page holds
        the whole journal (localStorage keeps at most ``kit.journal.LIMIT`` entries)."""
        ...


class Worker(Protocol):
    """The compute worker and the program runner (``kit.browser_compute``)."""

    def request(
        self,
        job: str,
        args: dict[str, Any],
        on_answer: Callable[[dict[str, Any]], None],
        *,
        isolated: bool = False,
        journal: Mapping[str, str] | None = None,
        download: tuple[str, str] | None = None,
    ) -> None:
        """Run ``job`` (``kit.panel.Compute``: ``journal`` puts the selected entries into its
        arguments, ``download`` offers its text result as a file)."""
        ...

    def cancel(self) -> None: ...

    def budget_s(self) -> float: ...

    def available(self) -> bool: ...
