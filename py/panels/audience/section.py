"""The players' screen's markup: the GM's panel (``SECTION``: settings, curtain, clear, a sample of
what the players see) and the players' window itself (``PLAYERS``, ``section#players``: only slots,
static/players.js writes every text the GM's page sends into them)."""

from kit import undo
from kit.markup import button, checkbox, h, main_button, select
from panels.audience import text
from panels.shell.section import about, panel, rules_link

OPEN_LINK = {"href": "#players", "target": "gm-players", "data_players_open": True}

SECTION = panel(
    "audience",
    h("h2", text.TITLE, id="audience-title"),
    rules_link("audience"),
    about("audience", h("p", text.HINT, cls="hint")),
    h("p", cls="notice", role="status", hidden=True),
    h(
        "div",
        h("div",
          h("a", text.OPEN, id="audience-open", cls="button-link", **OPEN_LINK),
          " ",
          main_button("audience-curtain", None),  # its words and aria-pressed: the view
          " ",
          button("audience-clear", text.CLEAR),
          cls="controls"),
        h("p", cls="error", role="alert", hidden=True),
        h("p", id="audience-status", cls="result", role="status"),
        cls="action-bar",
    ),
    undo.bar("audience"),
    h("p", text.FROM_FILE, id="audience-from-file", cls="muted", hidden=True),
    h(
        "fieldset",
        h("legend", text.SETTINGS),
        h("div",
          h("label", text.LANG, for_="audience-lang"),
          " ",
          select("audience-lang", h("option", text.LANG_RU, value="ru"), h("option", text.LANG_EN, value="en")),
          cls="controls"),
        h("div",
          h("label", text.BAG, for_="audience-bag"),
          " ",
          select(
              "audience-bag",
              h("option", text.BAG_NONE, value="none"),
              h("option", text.BAG_DARK, value="dark"),
              h("option", text.BAG_WHOLE, value="whole"),
          ),
          cls="controls"),
        h("div", checkbox("audience-names", checked=True), h("label", text.NAMES, for_="audience-names"),
          cls="controls"),
        data_enter="",
    ),
    h("h3", text.SAMPLE, id="audience-sample-title"),
    # static/players.js draws the message the page last sent here, as the players' window does.
    h("div", id="audience-preview", cls="players-view players-sample", role="region",
      aria_labelledby="audience-sample-title"),
)  # fmt: skip

PLAYERS = h(
    "section",
    h("h2", text.WINDOW_TITLE, id="players-title", cls="sr-only"),
    h("p", text.WAITING, id="players-waiting", cls="players-waiting"),
    h("div", id="players-view", cls="players-view", aria_live="polite"),
    id="players",
    cls="players-screen",
    aria_labelledby="players-title",
)
