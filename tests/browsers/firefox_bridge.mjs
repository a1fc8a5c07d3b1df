// Firefox ESR driven over WebDriver BiDi by puppeteer-core, for the Python suite (engines.py).
// Reads one JSON command a line on stdin, answers one JSON line on stdout: {id, value} or {id, error}.
// Console errors, uncaught page errors and failed loads collect until a "watch" command takes them.
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const [executablePath, prefsJson, preload] = process.argv.slice(2);
const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath,
  headless: true,
  defaultViewport: { width: 1280, height: 900 },
  extraPrefsFirefox: JSON.parse(prefsJson || "{}"),
});
const page = await browser.newPage();
// A script run in the page before its own, on every load (tools/bench_engines.py's first click).
if (preload) await page.evaluateOnNewDocument(preload);
const seen = [];
page.on("console", (message) => {
  if (message.type() === "error") seen.push(`console: ${message.text()}`);
});
page.on("pageerror", (error) => seen.push(`page error: ${error}`));
page.on("requestfailed", (request) => {
  // A load the page itself ended is no error, and Firefox logs none: a superseded navigation
  // (NS_BINDING_ABORTED), a body its reader stopped reading or that a reload cut off
  // (NS_BASE_STREAM_CLOSED). Any other failure (refused, unknown host, CORS) is one.
  const why = request.failure()?.errorText ?? "";
  if (!/NS_BINDING_ABORTED|NS_BASE_STREAM_CLOSED/.test(why)) seen.push(`failed: ${request.url()} ${why}`);
});
page.on("response", (response) => {
  if (response.status() >= 400) seen.push(`HTTP ${response.status()}: ${response.url()}`);
});

const commands = {
  version: () => browser.version(),
  goto: async ({ url }) => void (await page.goto(url, { waitUntil: "load", timeout: 120_000 })),
  reload: async () => void (await page.reload({ waitUntil: "load", timeout: 120_000 })),
  js: ({ expr }) => page.evaluate(expr),
  wait: async ({ expr, timeout }) =>
    (await page.waitForFunction(expr, { timeout, polling: 100 })).jsonValue(),
  click: ({ selector }) => page.click(selector),
  fill: ({ selector, text }) => page.locator(selector).fill(text),
  select: async ({ selector, value }) => void (await page.select(selector, value)),
  press: async ({ selector, key }) => {
    await page.focus(selector);
    await page.keyboard.press(key);
  },
  upload: async ({ selector, path }) => {
    const input = await page.$(selector);
    await input.uploadFile(path);
  },
  screenshot: async ({ path }) => void (await page.screenshot({ path })),
  resize: async ({ width, height }) => void (await page.setViewport({ width, height })),
  watch: () => seen.splice(0),
  close: async () => {
    await browser.close();
    process.exit(0);
  },
};

const answer = (reply) => process.stdout.write(JSON.stringify(reply) + "\n");
for await (const line of createInterface({ input: process.stdin })) {
  const { id, op, ...args } = JSON.parse(line);
  try {
    answer({ id, value: (await commands[op](args)) ?? null });
  } catch (error) {
    answer({ id, error: String(error && error.stack ? error.stack : error) });
  }
}
await browser.close();
