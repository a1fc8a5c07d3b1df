"""A panel's mount is light: what the GM did not change is not computed or written again.

After the GM's first touch the page mounts the other panels one per idle period (main.py); each
such mount is one main-thread task, and none may be long. Three things made them long: the
checks panel's combat odds summed in fractions (~130,000 calls, a 0.1-1.2 s task in the page), a
panel with a ``start`` computing its view twice, and every panel writing the tables and charts its
section already showed (the build's first paint of its initial view). Work is counted, never
timed: the product's calls (functions, methods and builtins, as ``sys.setprofile`` sees them; the
fake page's own are left out) from cold caches, on the fake page as the build paints it.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import random
import sys
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from build import paint
from kit import prerender, runtime_mount
from kit.panel import encode
from kit.prerender import PAINTED
from panels import registry
from panels.checks import combat_default
from rules import gauss


def _fake_page() -> Any:
    """The kit runtime's fake page (tests/unit/test_runtime.py; this directory is not importable)."""
    spec = importlib.util.spec_from_file_location(
        "mount_fake_page", Path(__file__).with_name("test_runtime.py")
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


FAKE = _fake_page()
PY = str(Path(prerender.__file__).resolve().parents[1])  # py/: the product's code
# The most a mount in idle time may call: ~5-8 ms of Pyodide on an idle machine (4,000-7,000
# calls a millisecond, docs/compute.md). The checks panel's took ~165,000, FUDGE's ~73,000.
MOUNT_CALLS = 30_000
FIRST_PAINT = json.loads(prerender.first_paint([p.module for p in registry.PANELS], registry.TEXT_MODULES))
PAINTED_PAGES = {lang: paint(FAKE.PAGE, FIRST_PAINT[lang]) for lang in ("ru", "en")}


def _cold_caches() -> None:
    """Every cache of the product's modules emptied: a mount in the page starts from cold caches."""
    for module in list(sys.modules.values()):
        if not str(getattr(module, "__file__", "") or "").startswith(PY):
            continue
        for value in list(vars(module).values()):
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


def _product_calls(fn: Callable[[], Any]) -> int:
    """Calls made by ``fn``, less those of the fake page and everything below them."""
    count, inside_fake = 0, 0

    def profile(frame: FrameType, event: str, arg: object) -> None:
        nonlocal count, inside_fake
        fake = frame.f_code.co_filename == FAKE.__file__
        if event == "call" and fake:
            inside_fake += 1
        elif event == "return" and fake:
            inside_fake -= 1
        elif not inside_fake and event in ("call", "c_call"):
            count += 1

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        fn()
    finally:
        sys.setprofile(previous)
    return count


def _page(lang: str, *, painted: str | None) -> Any:
    """The fake page as the build paints it, in ``lang``; ``painted``: the language the first paint
    marked the sections with (static/first-paint.js), or none."""
    page = FAKE.make_page(markup=PAINTED_PAGES[lang])
    if lang != "ru":
        page.rt.set_language(lang, save=False)
    for entry in registry.PANELS:
        if painted is not None:
            page.el(entry.name).attrs[PAINTED] = painted
    return page


def _panel(name: str) -> Any:
    return importlib.import_module(registry.entry(name).module).panel(random.Random(7))


def _tree(node: Any) -> Any:
    """What an element of the fake page shows: tag, attributes, value, text and children."""
    if isinstance(node, str):
        return node
    children: list[Any] = []
    for child in node.children:
        shown = _tree(child)
        if isinstance(shown, str) and children and isinstance(children[-1], str):
            children[-1] += shown
        elif shown != "":
            children.append(shown)
    attrs = sorted((k, v) for k, v in node.attrs.items() if k not in ("data-mounted", PAINTED))
    return (node.tag, attrs, node.value, node.checked, tuple(children))


@pytest.fixture(scope="module", autouse=True)
def _imported() -> None:
    """Every panel mounted once first, so that no count below includes a first import."""
    for entry in registry.PANELS:
        runtime_mount.mount(FAKE.make_page().rt, _panel(entry.name))


def test_the_combat_odds_are_summed_in_whole_numbers() -> None:
    """The exchange's exact odds (the checks panel shows them on mount) from whole-number weights
    over one denominator: ~25,000 calls, where the same sums in fractions took ~130,000."""
    for setup in (
        gauss.CombatSetup(),
        gauss.CombatSetup(attack_modifier=9, defence_modifier=-7, armour_bonus=5, luck_on_window=False),
    ):
        assert _product_calls(partial(gauss.exchange_odds, setup)) <= 40_000


def test_the_default_combat_odds_are_data_and_the_rules_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks panel mounted with its default setup sums no exchange odds: they are data
    (``combat_default``), exactly those the rules compute, in their order."""
    live = gauss.exchange_odds(gauss.CombatSetup())
    literals = f"new literals: {live.endings!r}, {live.damage!r}"
    assert list(combat_default.ODDS.endings.items()) == list(live.endings.items()), literals
    assert list(combat_default.ODDS.damage.items()) == list(live.damage.items()), literals
    summed: list[gauss.CombatSetup] = []
    monkeypatch.setattr(gauss, "exchange_odds", lambda setup: summed.append(setup) or live)
    _cold_caches()
    runtime_mount.mount(_page("ru", painted="ru").rt, _panel("checks"))
    assert summed == []


@pytest.mark.parametrize("name", registry.NAMES)
def test_a_panel_mounts_in_idle_time_within_its_work_bound(name: str) -> None:
    """Each panel's mount as the page does it after the GM's first touch, from cold caches, in its
    painted section: at most ``MOUNT_CALLS`` calls of the product's code."""
    page, panel = _page("ru", painted="ru"), _panel(name)
    _cold_caches()
    calls = _product_calls(lambda: runtime_mount.mount(page.rt, panel))
    assert calls <= MOUNT_CALLS, f"{name}: {calls:,} calls"


# Panels whose start leaves their initial state at every mount: the journal learns today's date
# (an entry of another day shows its date), so its first paint says nothing of a journal it cannot see.
LEAVES_INITIAL = {"journal"}


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("name", registry.NAMES)
def test_a_panel_mounted_in_its_first_paint_writes_no_markup_again(name: str, lang: str) -> None:
    """A panel in its initial state whose section shows the first paint in the page's language
    writes none of its view's markup or text again; it ends exactly as a mount that wrote it all."""
    seeded, full = _page(lang, painted=lang), _page(lang, painted=None)
    panel = _panel(name)
    ids = set(panel.view(panel.initial))
    written: list[str] = []
    for method in ("set_html", "set_text"):
        original = getattr(seeded.dom, method)

        def counted(element: Any, text: str, /, original: Callable[..., None] = original) -> None:
            if element.attrs.get("id") in ids:
                written.append(element.attrs["id"])
            original(element, text)

        setattr(seeded.dom, method, counted)
    runtime_mount.mount(seeded.rt, panel)
    runtime_mount.mount(full.rt, _panel(name))
    if name in LEAVES_INITIAL:  # its start changes the state: written as after any action
        assert seeded.rt.mounted[name].state != panel.initial
    else:
        assert written == []
    assert _tree(seeded.el(name)) == _tree(full.el(name))
    assert PAINTED not in seeded.el(name).attrs  # the kit writes the section from now on


def test_a_section_painted_in_another_language_is_written_whole() -> None:
    """Marked with the other language (the GM switched before it mounted), or a panel restored in
    another state: the view is written as before, whole."""
    page = _page("en", painted="ru")
    runtime_mount.mount(page.rt, _panel("checks"))
    assert _tree(page.el("checks")) == _tree(_mounted_whole("en", "checks"))
    changed = _page("ru", painted="ru")
    roller = _panel("roller")
    changed.records.records[roller.key] = encode(roller, {}, replace(roller.initial, luck=7), None)
    runtime_mount.mount(changed.rt, _panel("roller"))
    assert changed.rt.mounted["roller"].state.luck == 7
    assert _tree(changed.el("roller")) != _tree(_mounted_whole("ru", "roller"))


def _mounted_whole(lang: str, name: str) -> Any:
    page = _page(lang, painted=None)
    runtime_mount.mount(page.rt, _panel(name))
    return page.el(name)


@pytest.mark.parametrize("name", [p.name for p in registry.PANELS if _panel(p.name).start is not None])
def test_a_panel_with_a_start_computes_its_view_once_at_mount(name: str) -> None:
    """A panel that starts from its restored fields and the address (``Panel.start``) has its
    outcome applied like an action's, which shows it; the mount does not compute the view again."""
    views: list[object] = []
    panel = _panel(name)

    def counted(state: Any, view: Callable[[Any], Any] = panel.view) -> Any:
        views.append(state)
        return view(state)

    runtime_mount.mount(_page("ru", painted=None).rt, replace(panel, view=counted))
    assert len(views) == 1
