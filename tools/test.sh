#!/usr/bin/env bash
# Install everything the tests need on a fresh machine, then run lint, the type checker, unit and e2e tests.
#   bash tools/test.sh [extra pytest args]
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian's Chromium: Playwright's own browser download does not work on these machines.
if [ ! -x /usr/bin/chromium ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
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
# are CPU-bound Python: they share the cores (pytest-xdist); the browser tests run one at a time.
.venv/bin/python -m pytest -n 2 --durations=10 tests/unit py/rules py/kit py/panels
.venv/bin/python -m pytest --durations=25 tests/e2e
