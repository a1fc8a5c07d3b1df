"""The 3D20 → GaussD20 converter (seed 000, the author's page) in the browser.

A paste over 20 000 characters converts in the compute worker. No test here asserts a speed: that
the worker converted is checked by its request being in flight (``gmCompute.busy()``) right after
the click, and a freeze by no main-thread task reaching ``FREEZE_MS`` (tests/e2e/test_compute.py).
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, expect

from e2e_support import FREEZE_MS, LONG_TASKS, Watch, open_app, wait_ready, watch_page, watched_context

PANEL = "converter"  # the module's page waits for this panel only (conftest.app)

BLOCK = 'Результат броска 3D20: 17 + 5 + 2 = 24 - "раз".\nболтовня игроков\n'
PASTE_JS = "text => { document.getElementById('convert-input').value = text; }"
NEXT_FRAME = "() => new Promise(done => requestAnimationFrame(() => setTimeout(done, 0)))"

SEED_INPUT = (
    "Результат броска 3D20: 4 + 6 + 2 = 12.\n"
    'Результат броска 3D20: 17 + 5 + 2 = 24 - "раз".\n'
    'Результат броска 3D20+1: 4 + 2 + 16 + 1 = 23 - "три".'
)
SEED_OUTPUT = (
    "Результат броска 3D20: 4 + 6 + 2 , GaussD20: 4\n"
    'Результат броска 3D20: 17 + 5 + 2 , GaussD20: 8 - "раз".\n'
    'Результат броска 3D20+1: 4 + 2 + 16 + 1 = 23 - "три".: неверный бросок. Невозможно конвертирование.'
)
CYRILLIC = re.compile("[А-Яа-яЁё]")


def _open_converter(app: Page) -> None:
    app.goto(app.url.split("#")[0] + "#converter")


def test_seed_example_converts_byte_exactly(app: Page) -> None:
    """The seed's three-line example converts byte-exactly through the UI."""
    _open_converter(app)
    app.fill("#convert-input", SEED_INPUT)
    app.click("#convert-run")
    assert app.input_value("#convert-output") == SEED_OUTPUT
    expect(app.locator("#convert-summary")).to_contain_text("Конвертировано бросков: 2")
    expect(app.locator("#convert-summary")).to_contain_text("неверные: 1")
    expect(app.locator("#convert-reasons li")).to_have_text(["Строка 3: модификатор в броске 3D20+1"])
    expect(app.locator("#convert-copy")).to_be_enabled()


def test_pasted_html_stays_text(app: Page) -> None:
    """Pasted <script>/HTML shows as plain text and never runs."""
    payload = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>'
    line = f"Результат броска 3D20: 1 + 2 = 3. {payload}"
    app.fill("#convert-input", line)
    app.click("#convert-run")
    expect(app.locator("#convert-reasons li")).to_have_count(1)
    assert app.evaluate("window.__pwned") is None
    assert app.locator("#converter img").count() == 0
    assert payload in app.input_value("#convert-output")


def test_megabyte_paste_converts(app: Page) -> None:
    """A 1 MB paste converts (in the worker), and the counts cover every roll line. The box shows
    the first thousand lines and a note says so; «Скачать .txt» gives every line converted."""
    text = BLOCK * (1_000_000 // len(BLOCK.encode()))
    app.evaluate(PASTE_JS, text)
    app.click("#convert-run")
    lines = text.count("3D20")
    expect(app.locator("#convert-summary")).to_contain_text(
        f"Конвертировано бросков: {lines:,}".replace(",", " "), timeout=60_000
    )
    box = app.input_value("#convert-output")
    assert box.count("\n") == 999 and box.count(', GaussD20: 8 - "раз".\n') == 500
    expect(app.locator("#convert-shown")).to_have_text(
        f"В поле — начало результата: строк 1 000 из {2 * lines:,}. ".replace(",", " ")
        + "«Копировать результат» и «Скачать .txt» берут весь текст."
    )
    with app.expect_download() as info:
        app.click("#convert-download")
    assert info.value.suggested_filename == "gaussd20-log.txt"
    output = Path(info.value.path()).read_text(encoding="utf-8")
    assert output.count(', GaussD20: 8 - "раз".\n') == lines and "= 24" not in output
    app.evaluate(PASTE_JS, SEED_INPUT)
    app.dispatch_event("#convert-input", "input")
    expect(app.locator("#convert-shown")).to_be_empty()
    app.click("#convert-run")
    expect(app.locator("#convert-shown")).to_be_hidden()
    assert app.input_value("#convert-output") == SEED_OUTPUT
    app.fill("#convert-input", SEED_INPUT)  # the same text typed again: emptied, then written back
    app.click("#convert-run")
    expect(app.locator("#convert-copy")).to_be_enabled()
    assert app.input_value("#convert-output") == SEED_OUTPUT


def _converter_page(
    browser: Browser, site_url: str, watch: Watch, query: str = ""
) -> tuple[BrowserContext, Page]:
    context, page = open_app(browser, site_url + f"index.html?seed=3{query}#converter", watch)
    assert page.evaluate("gmCompute.warm()") is True  # the worker started in the background
    return context, page


def test_a_long_paste_converts_in_the_worker_and_the_page_stays_usable(
    browser: Browser, site_url: str
) -> None:
    """A quarter-megabyte paste is converted by the worker (in flight right after the click, the
    progress line counting its lines, the summary saying it converts); meanwhile the roller's button
    answers; the result then shows, and no main-thread task reached a freeze. (The browser's own
    layout of a text area grows with its text, before and after this change alike, and the
    language switch lays out the whole page again: neither is timed here.)"""
    watch = Watch()
    context, page = _converter_page(browser, site_url, watch)
    text = BLOCK * 4000  # 8 000 lines, ~250 000 characters
    page.evaluate(PASTE_JS, text)
    page.evaluate(NEXT_FRAME)  # the paste itself is laid out before the observer starts
    page.evaluate(LONG_TASKS)
    page.click("#convert-run")
    assert page.evaluate("gmCompute.busy()") is True  # asked of the worker, not converted here
    busy, progress, summary, rolls = page.evaluate(
        """() => {
          const busy = gmCompute.busy();
          const progress = document.querySelector('#converter .compute-status').textContent;
          const summary = document.getElementById('convert-summary').textContent;
          document.getElementById('gauss-roll').click();  // another panel, while the worker converts
          return [busy, progress, summary, document.querySelectorAll('#gauss-log li').length];
        }"""
    )
    assert busy is True and rolls == 1
    assert "Считаю: конвертация 8 000 строк" in progress
    assert summary == "Конвертирую… Результат появится здесь."
    summary = page.locator("#convert-summary")
    expect(summary).to_contain_text(
        "Конвертировано бросков: 4 000. Помечено как неверные: 0.", timeout=60_000
    )
    assert page.input_value("#convert-output").startswith(
        'Результат броска 3D20: 17 + 5 + 2 , GaussD20: 8 - "раз".'
    )
    expect(page.locator("#convert-copy")).to_be_enabled()
    expect(page.locator("#converter .compute-status")).to_be_hidden()
    page.evaluate(NEXT_FRAME)
    assert [t for t in page.evaluate("window.longTasks") if t >= FREEZE_MS] == []
    page.click("#lang-switch")
    expect(summary).to_contain_text("Rolls converted: 4,000. Marked invalid («неверный бросок»): 0.")
    page.click("#lang-switch")
    context.close()
    watch.assert_clean()


# Notes what crosses between the page and its compute worker: each request's args ("text" or
# "bytes", and "+ fields" where arguments were read from their fields) and each answer's JSON.
CROSSINGS_JS = """(() => {
  window.crossings = [];
  const kind = (value) => (typeof value === "string" ? "text" : value instanceof Uint8Array ? "bytes" : typeof value);
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && "job" in message && "args" in message) { // the compute worker's, not the journal's
      window.crossings.push(["request", kind(message.args) + (message.texts ? " + fields" : "")]);
    }
    if (!this.noted) {
      this.noted = true;
      this.addEventListener("message", ({ data }) => {
        if (data && "json" in data) window.crossings.push(["answer", kind(data.json)]);
      });
    }
    return post.call(this, message, ...rest);
  };
})()"""


def test_cancel_stops_a_long_conversion_and_the_next_one_works(browser: Browser, site_url: str) -> None:
    """Cancel ends a 2 MB conversion: the kit says it was cancelled, no output stays and Copy is
    disabled; converting the seed's example then works at once."""
    watch = Watch()
    context, page = _converter_page(browser, site_url, watch)
    page.fill("#convert-input", SEED_INPUT)
    page.click("#convert-run")
    expect(page.locator("#convert-copy")).to_be_enabled()
    page.evaluate(PASTE_JS, BLOCK * 28_000)
    # Run and Cancel in one task: the progress line and its Cancel exist as soon as the click's
    # handler returns, and the worker cannot have answered yet (a quiet machine converts fast).
    cancelled = page.evaluate(
        """() => { document.getElementById('convert-run').click();
        const cancel = document.querySelector('#converter .compute-status button');
        cancel.click(); return cancel.textContent; }"""
    )
    assert cancelled == "Отменить"
    status = page.locator("#converter .compute-status")
    expect(status).to_be_hidden()
    expect(page.locator("#converter .error")).to_have_text("конвертация 56 000 строк: расчёт отменён.")
    expect(page.locator("#convert-summary")).to_have_text("Лог не конвертирован: конвертация остановлена.")
    assert page.input_value("#convert-output") == ""
    expect(page.locator("#convert-copy")).to_be_disabled()
    page.fill("#convert-input", SEED_INPUT)
    page.click("#convert-run")
    assert page.input_value("#convert-output") == SEED_OUTPUT
    context.close()
    watch.assert_clean()


def test_a_saved_long_paste_converts_after_a_reload(browser: Browser, site_url: str) -> None:
    """A paste over the inline limit but small enough to save comes back after a reload and is
    converted by the worker as the page starts. How it crosses: first from its text area
    (compute-client.js reads it there, so it never goes back out of Python), after the reload as
    UTF-8 bytes (it comes from the saved record); each answer as UTF-8 bytes the worker encoded;
    a short job as text both ways."""
    watch = Watch()
    context = watched_context(browser, watch)
    context.add_init_script(CROSSINGS_JS)
    page = watch_page(context.new_page(), watch)
    page.goto(site_url + "index.html?seed=3#converter")
    wait_ready(page, "converter")
    text = BLOCK * 1000  # 60 000 characters: saved, converted in the worker
    page.evaluate(PASTE_JS, text)
    page.click("#convert-run")
    summary = page.locator("#convert-summary")
    expect(summary).to_contain_text("Конвертировано бросков: 1 000", timeout=60_000)
    assert page.evaluate("window.crossings") == [["request", "text + fields"], ["answer", "bytes"]]
    page.reload()
    wait_ready(page, "converter")
    assert page.input_value("#convert-input") == text
    expect(summary).to_contain_text("Конвертировано бросков: 1 000", timeout=60_000)
    assert page.evaluate("window.crossings") == [["request", "bytes"], ["answer", "bytes"]]
    assert page.input_value("#convert-output").count("GaussD20: 8") == 500  # the box's 1 000 lines
    expect(page.locator("#convert-shown")).to_contain_text("строк 1 000 из 2 000")
    short = page.evaluate("gmCompute.request('converter.convert', '{\"source\": \"x\"}', 10000)")
    assert short.startswith('{"ok": true')
    assert page.evaluate("window.crossings")[2:] == [["request", "text"], ["answer", "text"]]
    context.close()
    watch.assert_clean()


def test_empty_converter_input_gets_message_and_clears_the_old_output(app: Page) -> None:
    """Converting an empty box explains what to paste; the previous output, summary and Copy go."""
    app.fill("#convert-input", SEED_INPUT)
    app.click("#convert-run")
    expect(app.locator("#convert-copy")).to_be_enabled()
    app.fill("#convert-input", "   ")
    app.click("#convert-run")
    expect(app.locator("#converter .error")).to_contain_text("Вставьте")
    assert app.input_value("#convert-output") == ""
    expect(app.locator("#convert-summary")).to_have_text("")
    expect(app.locator("#convert-reasons li")).to_have_count(0)
    expect(app.locator("#convert-copy")).to_be_disabled()


def test_too_long_input_is_refused_and_clears_the_old_output(app: Page) -> None:
    """More than 2 000 000 characters is refused with a message; no stale output stays live."""
    app.fill("#convert-input", SEED_INPUT)
    app.click("#convert-run")
    expect(app.locator("#convert-copy")).to_be_enabled()
    app.evaluate("() => { document.getElementById('convert-input').value = 'x'.repeat(2000001); }")
    app.click("#convert-run")
    expect(app.locator("#converter .error")).to_contain_text("слишком длинный текст (2000001 символов")
    assert app.input_value("#convert-output") == ""
    expect(app.locator("#convert-copy")).to_be_disabled()
    app.fill("#convert-input", "")


def test_example_fills_the_input_and_replaces_the_old_output(app: Page) -> None:
    """«Пример из поста» puts the post's lines into the input and shows their conversion; the old result is gone."""
    app.fill("#convert-input", "Результат броска 3D20: 1 + 1 = 2.")
    app.click("#convert-run")
    expect(app.locator("#convert-reasons li")).to_have_count(1)
    app.click("#convert-example")
    assert app.input_value("#convert-input") == SEED_INPUT
    assert app.input_value("#convert-output").startswith("Результат броска 3D20: 4 + 6 + 2 , GaussD20: 4\n")
    expect(app.locator("#convert-reasons li")).to_have_count(1)  # the post's 3D20+1 line
    expect(app.locator("#convert-copy")).to_be_enabled()


def test_input_and_result_survive_a_reload(app: Page) -> None:
    """A normal-size input and its conversion come back after a reload."""
    app.fill("#convert-input", SEED_INPUT)
    app.click("#convert-run")
    app.reload()
    wait_ready(app, "converter")
    assert app.input_value("#convert-input") == SEED_INPUT
    assert app.input_value("#convert-output") == SEED_OUTPUT
    expect(app.locator("#convert-summary")).to_contain_text("Конвертировано бросков: 2")
    expect(app.locator("#convert-copy")).to_be_enabled()


def test_english_has_no_russian_outside_quotes_and_back(app: Page) -> None:
    """Convert, hit a bad input, convert again, switch to English: the panel has no Cyrillic outside
    «…» (the converted forum text is data, in the output box's value, not its text) and no stale
    error; switching back gives Russian again."""
    _open_converter(app)
    app.fill("#convert-input", "Результат броска 2Д20: 4 + 2 = 6.\n" + SEED_INPUT)
    app.click("#convert-run")
    app.fill("#convert-input", "  ")
    app.click("#convert-run")
    expect(app.locator("#converter .error")).to_be_visible()
    app.click("#lang-switch")
    expect(app.locator("#converter .error")).to_have_text("Paste 3D20 roll lines into «3D20 roll log».")
    app.fill("#convert-input", "Результат броска 2Д20: 4 + 2 = 6.\n" + SEED_INPUT)
    app.click("#convert-run")
    expect(app.locator("#converter .error")).to_be_hidden()
    expect(app.locator("#convert-summary")).to_have_text(
        "Rolls converted: 2. Marked invalid («неверный бросок»): 2."
    )
    expect(app.locator("#convert-reasons li")).to_have_text(
        ["Line 1: a «2Д20» roll, not 3D20", "Line 4: a modifier in the roll «3D20+1»"]
    )
    shown = app.locator("#converter").inner_text()
    assert not CYRILLIC.search(re.sub(r"«[^»]*»", "", shown)), shown
    assert "Copy the result" in shown and "The post's example" in shown
    app.click("#lang-switch")
    expect(app.locator("#convert-summary")).to_have_text(
        "Конвертировано бросков: 2. Помечено как неверные: 2."
    )
    expect(app.locator("#convert-copy")).to_have_text("Копировать результат")
    expect(app.locator("#converter h2")).to_have_text("Конвертер 3D20 → GaussD20")


def test_copy_button_copies_the_converted_text(browser: Browser, site_url: str) -> None:
    """The converter's Copy button puts exactly the converted text on the clipboard and says so, in
    the page's language, until the next action."""
    watch = Watch()
    context, page = open_app(
        browser,
        site_url + "index.html#converter",
        watch,
        "converter",
        permissions=["clipboard-read", "clipboard-write"],
    )
    expect(page.locator("#convert-copy")).to_be_disabled()
    page.fill("#convert-input", SEED_INPUT)
    page.click("#convert-run")
    page.click("#convert-copy")
    expect(page.locator("#convert-copy-status")).to_have_text("Скопировано.")
    assert page.evaluate("navigator.clipboard.readText()") == SEED_OUTPUT
    page.click("#lang-switch")
    expect(page.locator("#convert-copy-status")).to_have_text("Copied.")
    page.click("#convert-example")  # a new input: "Copied." no longer speaks of what is shown
    expect(page.locator("#convert-copy-status")).to_have_text("")
    page.click("#lang-switch")
    context.close()
    watch.assert_clean()


def test_two_rolls_on_one_line_both_convert(app: Page) -> None:
    """A forum copy merged two rolls into one line; each converts in the seed's format
    (the seed's example, its lines joined, gives its output joined)."""
    _open_converter(app)
    app.fill("#convert-input", " ".join(SEED_INPUT.split("\n")))
    app.click("#convert-run")
    assert app.input_value("#convert-output") == " ".join(SEED_OUTPUT.split("\n"))
    expect(app.locator("#convert-summary")).to_contain_text(
        "Конвертировано бросков: 2. Помечено как неверные: 1."
    )
    expect(app.locator("#convert-reasons li")).to_have_text(
        ["Строка 1, бросок 3: модификатор в броске 3D20+1"]
    )


def test_a_reason_link_selects_its_line_and_scrolls_to_it(app: Page) -> None:
    """«Строка 45: …» is a link; pressing it selects line 45 in the input and scrolls the
    box to it, by mouse and by keyboard."""
    _open_converter(app)
    lines = [f'Результат броска 3D20: 1 + 1 + 1 = 3 - "ход {n}".' for n in range(1, 61)]
    lines[44] = "Результат броска 3D20: 4 + 6 + 2 = 13."
    lines[9] = "Результат броска 3D20: 4 + 6 = 10."
    app.fill("#convert-input", "\n".join(lines))
    app.click("#convert-run")
    links = app.locator("#convert-reasons li button")
    expect(links).to_have_text(["Строка 10: кубиков 2, а нужно 3", "Строка 45: сумма кубиков 12, а не 13"])
    selected = "() => { const f = document.getElementById('convert-input'); return [document.activeElement === f, f.value.slice(f.selectionStart, f.selectionEnd), f.scrollTop]; }"
    app.evaluate("document.getElementById('convert-input').scrollTop = 0")
    links.nth(1).click()
    focused, text, top = app.evaluate(selected)
    assert focused and text == lines[44] and top > 0
    shown = app.evaluate(
        "() => { const f = document.getElementById('convert-input'); const line = parseFloat(getComputedStyle(f).lineHeight);"
        " return [f.scrollTop, f.clientHeight, line]; }"
    )
    scroll, height, line_height = shown
    assert scroll <= 44 * line_height <= scroll + height  # line 45 is within the box
    links.nth(0).focus()
    app.keyboard.press("Enter")
    focused, text, _ = app.evaluate(selected)
    assert focused and text == lines[9]


def test_a_purpose_rolled_again_is_pointed_out(app: Page) -> None:
    """«скрытность» rolled on line 1 and again on line 3 after «перекину» is named in the
    summary with its lines."""
    _open_converter(app)
    app.fill(
        "#convert-input",
        'Результат броска 3D20: 4 + 6 + 2 = 12 - "скрытность".\nперекину\n'
        'Результат броска 3D20: 17 + 5 + 2 = 24 - "скрытность".\nРезультат броска 3D20: 1 + 1 + 1 = 3 - "атака".',
    )
    app.click("#convert-run")
    expect(app.locator("#convert-summary")).to_have_text(
        'Конвертировано бросков: 3. Помечено как неверные: 0. Повтор: "скрытность", строки 1 и 3.'
    )


def test_editing_the_input_clears_the_stale_output_and_ctrl_enter_converts(app: Page) -> None:
    """Once the input is edited, the old result, its reasons and Copy go at once (and stay
    gone when the field is left); Ctrl+Enter converts the new text, which stays after the field is left."""
    _open_converter(app)
    app.fill("#convert-input", SEED_INPUT)
    app.click("#convert-run")
    expect(app.locator("#convert-copy")).to_be_enabled()
    app.focus("#convert-input")
    app.keyboard.press("End")
    app.keyboard.type("\nРезультат броска 3D20: 1 + 1 + 1 = 3.")
    assert app.input_value("#convert-output") == ""
    expect(app.locator("#convert-copy")).to_be_disabled()
    expect(app.locator("#convert-reasons li")).to_have_count(0)
    expect(app.locator("#convert-summary")).to_have_text("")
    app.keyboard.press("Tab")  # the field is left: the state follows, nothing comes back
    expect(app.locator("#convert-copy")).to_be_disabled()
    assert app.input_value("#convert-output") == ""
    app.focus("#convert-input")
    app.keyboard.press("Control+Enter")
    expect(app.locator("#convert-summary")).to_contain_text("Конвертировано бросков: 3")
    assert app.input_value("#convert-input") == SEED_INPUT + "\nРезультат броска 3D20: 1 + 1 + 1 = 3."
    app.keyboard.press("Tab")
    expect(app.locator("#convert-copy")).to_be_enabled()
    assert app.input_value("#convert-output").endswith("Результат броска 3D20: 1 + 1 + 1 , GaussD20: 1")
