"""The ite panel's section: its static markup (``panels.registry`` places it; the build writes it)."""

from kit import common
from kit.markup import button, checkbox, h, number, select
from kit.msg import Msg
from kit.view import Node
from panels.ite import text
from panels.ite.chain import DEFAULT_STAGES, ORDERS
from panels.ite.presets import PRESETS
from panels.ite.stage import CRIT_HIGH_MAX, CRIT_MODES, field_id
from panels.roster import text as roster_text
from panels.shell.section import about, panel, rules_link, subtools
from panels.shell.table import roll_extras
from rules import ite


def _field(kind: str, field: str, label: Msg, low: int | None, high: int | None, value: int) -> Node:
    element_id = field_id(kind, field)
    return h("div", h("label", label, for_=element_id), number(element_id, low, high, value, cls="ite-input"))


def _toggle(kind: str, field: str, label: Msg, **attrs: bool) -> Node:
    element_id = field_id(kind, field)
    classes = "ite-input ite-on" if field == "on" else "ite-input"
    return h(
        "div",
        checkbox(element_id, cls=classes, **attrs),
        " ",
        h("label", label, for_=element_id),
        cls="ite-toggle",
    )


def _crit_bound(kind: str, field: str, label: Msg, *, negative: bool = False) -> Node:
    """A bound that may be left empty. «от N» is a whole number from 1 to ``CRIT_HIGH_MAX`` in
    either mode, a number field; ``negative``: the margin mode's «ниже −N» takes a minus, a text
    field that asks for no digits-only keypad (iOS's has no minus key). Its ``pattern`` is compiled
    with the ``v`` flag, where a ``-`` in a class must be escaped."""
    element_id = field_id(kind, field)
    if negative:
        box = h(
            "input", id=element_id, cls="ite-input", type="text", inputmode="text",
            pattern=r"[\-−+]?[0-9]*", autocomplete="off", data_needs_python=True, disabled=True,
        )  # fmt: skip
    else:
        box = number(element_id, 1, CRIT_HIGH_MAX, None, cls="ite-input", autocomplete="off")
    return h("div", h("label", label, for_=element_id), box)


def _stage(stage: ite.Stage) -> Node:
    """One check of the chain (И, Т or Эф): the same fields for each, ids ``ite-KIND-FIELD``,
    filled with the default chain (``DEFAULT_STAGES``)."""
    kind, check = stage.kind, stage.check
    pick = (
        h("div", h("label", label, for_=field_id(kind, key)), select(field_id(kind, key)))
        for key, label in (("who", roster_text.WHO), ("whom", roster_text.WHOM))
    )
    numbers = (
        _field(kind, "x", text.X_LABEL, None, None, check.x),
        _field(kind, "m", text.M_LABEL, 1, 20, check.m),
        _field(kind, "n", text.N_LABEL, 2, 100, check.n),
        _field(kind, "mod", text.MOD_LABEL, None, None, check.modifier),
        _field(kind, "dif", text.DIF_LABEL, None, None, check.difficulty),
    )
    crit_modes = (
        (mode, label)
        for mode, label in zip(
            CRIT_MODES, (text.CRIT_NONE, text.CRIT_FACE_MODE, text.CRIT_MARGIN_MODE), strict=True
        )
    )
    crit = h(
        "div",
        h("label", text.CRITS, for_=field_id(kind, "crit")),
        select(
            field_id(kind, "crit"),
            *(h("option", label, value=mode) for mode, label in crit_modes),
            cls="ite-input",
        ),
        h(
            "div",
            _crit_bound(kind, "crit-high", text.HIGH_FROM),
            _crit_bound(kind, "crit-low", text.LOW_UP_TO, negative=True),
            cls="ite-fields",
        ),
        cls="ite-crit",
    )
    info = h(
        "p",
        h("span", id=field_id(kind, "formula")),
        h("br"),
        h("span", text.ALONE),
        " ",
        h("strong", "—", id=field_id(kind, "p1")),
        h("br"),
        h("span", text.RATIO_LABEL),
        " ",
        h("span", "—", id=field_id(kind, "ratio")),
        cls="ite-info",
        id=field_id(kind, "info"),
    )
    return h(
        "fieldset",
        h("legend", text.LEGEND[kind]),
        _toggle(kind, "on", text.ROLL_THIS, checked=True),
        h("div", *pick, cls="ite-fields ite-pick"),
        h("div", *numbers, cls="ite-fields"),
        _toggle(kind, "right", text.RIGHT_LABEL),
        _toggle(kind, "carry", text.CARRY_LABEL),
        _toggle(kind, "gate", text.GATE_LABEL),
        crit,
        info,
        cls="ite-stage",
        id=f"ite-stage-{kind.lower()}",
    )


def _stages() -> tuple[Node, ...]:
    parts = tuple((stage.kind.lower(), text.TAB[stage.kind], (_stage(stage),)) for stage in DEFAULT_STAGES)
    tablist, *stages = subtools("ite", parts)
    return tablist, h("div", *stages, cls="ite-stages")


SECTION = panel(
    "ite",
    h("h2", text.TITLE, id="ite-title"),
    rules_link("ite"),
    about("ite", h("p", text.HINT, cls="hint")),
    h(
        "div",
        h("label", text.PRESET, for_="ite-preset"),
        select(
            "ite-preset",
            h("option", text.PRESET_CUSTOM, value=""),
            *(h("option", label, value=key) for key, label in PRESETS.items()),
        ),
        h("label", text.ORDER, for_="ite-order"),
        select(
            "ite-order",
            *(h("option", text.ORDERS[order], value=order) for order in ORDERS),
            cls="ite-input",
        ),
        cls="controls",
    ),
    # On a phone one check of the chain at a time; the odds, chart and log stay under it.
    *_stages(),
    h("p", text.CRIT_NOTE, cls="note"),
    h(
        "div",
        h(
            "div",
            button("ite-calc", text.CALC),
            " ",
            button("ite-roll", text.ROLL, cls="primary", data_main_action=True),
            " ",
            # after a critical: its new situation (seed 001 §5–6), filled and ready to roll
            h("span", button("ite-next", text.NEXT_SITUATION), id="ite-next-box", hidden=True),
            " ",
            roll_extras("ite-roll", text.TABLE_EXAMPLE),
            cls="controls",
        ),
        h("p", cls="error", role="alert", hidden=True),
        h("p", cls="muted", id="ite-status", aria_live="polite"),
        h("p", cls="result", id="ite-result", aria_live="polite"),
        cls="action-bar",
    ),
    h(
        "div",
        h(
            "div",
            h("h3", text.ODDS_TITLE),
            h(
                "div",
                h(
                    "table",
                    h("caption", text.ODDS_CAPTION),
                    h(
                        "thead",
                        h(
                            "tr",
                            h("th", text.CHECK, scope="col"),
                            h("th", text.REACHED, scope="col"),
                            h("th", text.SUCCESS, scope="col"),
                            h("th", text.SUCCESS_IF_REACHED, scope="col"),
                            h("th", text.HIGH_CRIT_SHORT, scope="col"),
                            h("th", text.LOW_CRIT_SHORT, scope="col"),
                        ),
                    ),
                    h("tbody", id="ite-odds"),
                ),
                cls="table-wrap",
            ),
            h("p", cls="result", id="ite-chain-odds"),
            h(
                "figure",
                h("div", cls="chart ite-chart", id="ite-chart"),
                h("figcaption", text.CHART_CAPTION),
                cls="chart-figure",
            ),
        ),
        h(
            "div",
            h("h3", text.ROLL_TITLE),
            h("p", cls="ite-crit-note", id="ite-new-situation", hidden=True),
            h(
                "div",
                h(
                    "table",
                    h("caption", text.ROLLS_CAPTION),
                    h(
                        "thead",
                        h(
                            "tr",
                            h("th", text.CHECK, scope="col"),
                            h("th", text.LEFT_SIDE, scope="col"),
                            h("th", text.RIGHT_SIDE, scope="col"),
                            h("th", text.CARRIED, scope="col"),
                            h("th", text.MARGIN, scope="col"),
                            h("th", text.OUTCOME, scope="col"),
                        ),
                    ),
                    h("tbody", id="ite-rolls"),
                ),
                cls="table-wrap",
            ),
            h("h3", common.LOG),
            h("p", cls="muted", id="ite-log-notice", role="status", hidden=True),
            h("p", common.NO_ROLLS_YET, cls="muted", id="ite-log-empty"),
            h("ol", cls="history", id="ite-log"),
            button("ite-log-clear", common.CLEAR_LOG),
        ),
        cls="ite-out",
    ),
)
