"""Print CPython timings of the exact distributions the dice panel's rows of tools/bench.py time in the page.

Usage: ``python3 tools/bench_notation.py`` (from the repository root).
Each figure is the best of five runs with the result cache cleared; the
one-off icepool import is timed separately.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from rules import notation

EXPRESSIONS = ("4d6 > 4d6", "10d20kh1", "20d6dl5", "8d10!")


def best_of(expression: str, runs: int = 5) -> float:
    """Best wall time of ``runs`` uncached exact distributions, in seconds."""
    times = []
    for _ in range(runs):
        notation._distribution_items.cache_clear()
        start = time.perf_counter()
        notation.distribution(expression)
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    start = time.perf_counter()
    import icepool  # noqa: F401

    print(f"{'icepool import (cold)':24} {time.perf_counter() - start:8.4f} s")
    for expression in EXPRESSIONS:
        dist = notation.distribution(expression)
        print(f"{expression:24} {best_of(expression):8.4f} s  ({len(dist)} outcomes)")
    print(f"Python {sys.version.split()[0]}, explode depth {notation.DEFAULT_LIMITS.explode_depth}")


if __name__ == "__main__":
    main()
