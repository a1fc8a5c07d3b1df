"""A phone's action bar with a result showing (360 × 740, both languages): the verdict, the
result's first sentence, comes first and shows whole; the bar takes at most a third of the screen;
the whole line is one tap on it away.

Every roll button that has a bar is pressed in turn on one page per language.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page

from e2e_support import Watch, open_app

HEIGHT = 740
# Each bar's roll button, the sub-tool it sits in on a phone (None: the panel has none), its result.
BARS = (
    ("roller", None, "gauss-roll", "gauss-result"),
    ("checks", "skill", "chk-skill-roll", "chk-skill-result"),
    ("checks", "median", "chk-med-roll", "chk-med-result"),
    ("checks", "opposed", "chk-opp-roll", "chk-opp-result"),
    ("checks", "combat", "chk-cmb-roll", "chk-cmb-result"),
    ("ite", None, "ite-roll", "ite-result"),
    ("fudge", "dice", "fudge-roll-dice", "fudge-dice-result"),
    ("fudge", "action", "fudge-act-roll", "fudge-act-result"),
    ("fudge", "attack", "fudge-attack", "fudge-att-result"),
    ("threat", None, "threat-check", "threat-result"),
)

# The bar's height; the result's box and its first sentence's (a Range over the text up to the
# first «. »); and whether the result shows all of itself.
MEASURE = """(id) => {
  const result = document.getElementById(id);
  const bar = result.closest('.action-bar').getBoundingClientRect();
  const box = result.getBoundingClientRect();
  const node = [...result.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.data.trim());
  const end = node.data.search(/[.!?](\\s|$)/);
  const range = document.createRange();
  range.setStart(node, 0);
  range.setEnd(node, end < 0 ? node.data.length : end + 1);
  const verdict = range.getBoundingClientRect();
  return {bar: bar.height, barTop: bar.top, top: box.top, bottom: box.bottom, verdictTop: verdict.top,
          verdictBottom: verdict.bottom, verdict: range.toString(), whole: result.scrollHeight <= result.clientHeight + 1,
          text: result.textContent};
}"""


def _open_tool(page: Page, panel: str, tool: str | None) -> None:
    page.click(f'nav.tabs a[href="#{panel}"]')
    page.wait_for_function(f"document.getElementById('{panel}').checkVisibility()")
    if tool is not None:
        page.click(f"#{panel}-tab-{tool}")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_verdict_comes_first_whole_in_a_bar_of_a_third_of_the_screen(
    browser: Browser, site_url: str, lang: str
) -> None:
    watch = Watch()
    context, page = open_app(
        browser, site_url + "index.html?seed=3", watch, viewport={"width": 360, "height": HEIGHT}
    )
    try:
        if page.evaluate("document.documentElement.lang") != lang:
            page.click("#lang-switch")
        problems = []
        for panel, tool, button, result in BARS:
            _open_tool(page, panel, tool)
            page.click(f"#{button}")
            page.wait_for_function(f"document.getElementById('{result}').textContent.trim() !== ''")
            page.wait_for_timeout(100)  # static/prefs.js fits the line to its verdict
            seen = page.evaluate(MEASURE, result)
            if seen["bar"] > HEIGHT / 3:
                problems.append(f"#{button}: the bar is {seen['bar']:.0f} px of {HEIGHT}")
            if seen["verdictTop"] < seen["top"] - 1 or seen["verdictBottom"] > seen["bottom"] + 1:
                problems.append(f"#{result}: the verdict «{seen['verdict']}» is cut: {seen}")
            if not seen["whole"]:
                page.click(f"#{result}")  # a tap shows the whole line
                opened = page.evaluate(MEASURE, result)
                if not opened["whole"]:
                    problems.append(f"#{result}: a tap does not show the whole line")
                page.click(f"#{result}")  # and folds it again
                if page.evaluate(MEASURE, result)["bar"] > HEIGHT / 3:
                    problems.append(f"#{result}: a second tap does not fold the line")
        assert problems == [], f"{lang}: " + "\n".join(problems)
    finally:
        context.close()
    watch.assert_clean()
