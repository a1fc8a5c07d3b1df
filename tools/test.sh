#!/usr/bin/env bash
# Install everything the tests need on a fresh machine, then run lint, the type checker, unit and e2e
# tests (Chromium, then Firefox ESR and WebKitGTK).
#   bash tools/test.sh [extra pytest args]
set -euo pipefail
cd "$(dirname "$0")/.."

# The browsers, from Debian (Playwright's own browser downloads do not work on these machines):
# Chromium for the e2e suite; Firefox ESR, WebKitGTK's WebDriver with its MiniBrowser library, the
# GObject bindings of WebKitGTK (tests/browsers/webkit_shell.py) and Xvfb for the cross-engine suite.
# Their drivers come pinned from npm (puppeteer-core, package-lock.json) and PyPI (selenium).
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
if [ ! -x /usr/bin/chromium ]; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
missing=()
for need in firefox-esr:/usr/bin/firefox-esr \
    webkit2gtk-driver:/usr/bin/WebKitWebDriver xvfb:/usr/bin/Xvfb \
    gir1.2-webkit2-4.1:/usr/lib/x86_64-linux-gnu/girepository-1.0/WebKit2-4.1.typelib \
    python3-gi:/usr/lib/python3/dist-packages/gi/__init__.py; do
  [ -e "${need#*:}" ] || missing+=("${need%%:*}")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "installing from Debian: ${missing[*]}"
  started=$SECONDS
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq -o DPkg::Lock::Timeout=300 \
    --no-install-recommends "${missing[@]}" >/dev/null
  echo "installed in $((SECONDS - started)) s"
fi

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-test.txt

# The pinned browser runtime (npm + PyPI, checked by hash) into static/vendor/.
.venv/bin/python tools/vendor.py

.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/pyright  # basic strictness on py/ and tools/ ([tool.pyright] in pyproject.toml)
if [ "$#" -gt 0 ]; then
  .venv/bin/python -m pytest --durations=25 "$@"
  exit
fi
# Everything, the slowest tests printed to keep CI under its budget. The unit tests and doctests
# are CPU-bound Python: they share the cores (pytest-xdist); the browser tests run one at a time:
# the Chromium e2e suite, then the cross-engine suite in Firefox ESR and WebKitGTK (one run, one
# build of the site). GM_ENGINES_REQUIRED: an engine that cannot start fails, never skips.
.venv/bin/python -m pytest -n 2 --durations=10 tests/unit py/rules py/kit py/panels
GM_ENGINES_REQUIRED=1 .venv/bin/python -m pytest --durations=25 tests/e2e tests/browsers
