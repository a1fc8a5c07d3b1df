"""rules.notation_cost: the bound of a line's work really bounds it, and routes the lines.

The measured work is what the bound claims to bound: Python-level calls (functions, methods and
builtins, as ``sys.setprofile`` sees them) of computing the line's summary from cold result
caches. No time is measured here (tools/bench.py prints the times); the bound only has to be at
least the count, on every line tried: the issue's heavy lines, everyday lines, every modifier, and
random lines from a seeded generator.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from kit import compute
from panels.notation import jobs, lab_digest
from rules import notation, notation_cost

WIDE = replace(notation.DEFAULT_LIMITS, max_work=10**13)  # measure what the worker would compute
LONG_TERM = "d10000>=5000"
LONG = "+".join([LONG_TERM] * 38)  # the issue's 493-character line


def _cold(call_count: Callable[..., int], fn: Callable[[], object]) -> int:
    """Calls made by ``fn()`` (the ``call_count`` fixture), from cold notation caches (icepool imported before)."""
    notation.summary("d6+d6>=3")
    notation._distribution_items.cache_clear()
    notation._single_items.cache_clear()
    return call_count(fn)


def _measured(call_count: Callable[..., int], line: str) -> tuple[int, int]:
    """(calls measured, the bound) of the summary of ``line`` (an array line: also its positions)."""
    expr = notation.parse(line, limits=WIDE)

    def work() -> None:
        notation.summary(expr)
        if expr.repeat:
            notation.array(expr)

    bound = notation_cost.steps(expr)
    if expr.repeat:
        bound += notation_cost.array_steps(expr, expr.repeat)
    return _cold(call_count, work), bound


EVERYDAY = [
    "d6", "3d6", "d20+5", "2d20kh1", "2d20kl1", "4d6kh3", "4d6dl1", "d%", "dF", "4dF", "d{1,1,2,3,5,8}",
    "gauss", "gauss(3)+2", "1+2", "d20>=15", "3d6>=d20", "abs(d6-d6)", "max(d20,d20,d20)", "-3d6",
    "2d6*3", "round(3d20/3)", "floor(2d6/3)", "ceil(d10/d4)", "6x4d6kh3", "3x d20", "10d10kh3",
    "5d10>=8", "d6r1", "d20ro<3", "10d20r<5", "d6!", "d10!", "d6!!", "3d6!>=5", "d6!>=2", "4d6!kh3",
    "6d4!kl2", "4d20!!kh3", "5d6!>=5kh2>4", "20d20kl19>5", "20d100kh18>10", "d8min3max6",
    "d2000dl1", "3d6dh3", "d20kh1", "d20!>=2", "d1000", "2d1000kh2>=500",
]  # fmt: skip
ISSUE = ["200d6", "8d10!", "d1000*d100", "floor(200d6/7d6)", "d2000dl1"]
# the forms of Roll20, rpg-dice-roller and Foundry taken since (docs/rules/notation.md)
FORMS = [
    "3к6", "4d6u", "5d10uo", "4d6u=5", "10d4u<=2", "12dFu", "2d6!p", "3d6!!p", "d6x", "6d10xo10",
    "6d10x5=10", "6d10x2>=9", "6d10xo2>=9", "d20rr<3", "2d8r1r3", "d20ro<10", "4d6cs>5cf<2",
    "5d10>=8f1", "4d6df<3", "3d6sf<3", "3d6ms10", "6d6ms<20", "20d6mt", "5d6mt3>4", "5d6m", "4d6sd",
    "6d6even", "4dc", "3dcc1", "4d10dh1dl2", "3d10k1dh1", "{4d6+3d8}k4", "{4d6, 3d8}kh1",
    "{3d20+5}>21", "{4d6+2d8, 3d20+3, 5d10+1}>40f<10", "{1d20, 10}kh+5", "{4d6, 2d10, d4}s",
    "{7d%, 4*2d6, 7d10-2}k3", "(2d4)d8", "1d(1d20)", "(1d6)d(1d6)", "(1d20*2)d(1d10)", "3d20^4",
    "d15%2", "2*floor(4d10/3.4)", "sign(d6-d6)", "pow(d6,2)", "5d10>=8!", "d6!=5", "[[2d6]]d5",
    "2d6[fire]+3", "/roll 4dF+1 # x", "10dF.1", "5d10!!>=8kh2", "1d20x<10kh", "8d4kh4!",
    "450dF.1>0f!=1", "6d10!>=9>=8", "(4-2)d10", "3d(2*6)", "4d20max-12", "10d8dh2r!=5kl3",
]  # fmt: skip


@pytest.mark.parametrize("line", EVERYDAY + ISSUE + FORMS)
def test_the_bound_is_at_least_the_work_measured(line: str, call_count: Callable[..., int]) -> None:
    """Every modifier, function and operator, and the issue's heavy lines: the calls counted while
    computing never exceed the bound computed before."""
    calls, bound = _measured(call_count, line)
    assert calls <= bound, f"{line}: {calls:,} calls > bound {bound:,}"


def test_the_long_line_is_bounded_and_never_computed_on_the_page(call_count: Callable[..., int]) -> None:
    """The 38-term ``d10000>=5000`` line (2.9 s on the page once): its terms cost the same each, so
    its work is the 2-term line's plus 36 times what a third term adds (measuring all 38 terms under
    a profiler would take half a minute); that is within the bound, and the bound sends the line to
    the worker, and refuses it where no worker runs."""
    two, _ = _measured(call_count, "+".join([LONG_TERM] * 2))
    three, _ = _measured(call_count, "+".join([LONG_TERM] * 3))
    assert three - two > 400_000  # each term builds and maps a die of 10,000 faces
    bound = notation_cost.steps(notation.parse(LONG))
    assert two + 36 * (three - two) <= bound
    assert not jobs.is_light(LONG) and bound > compute.MAIN_THREAD_STEPS


def _random_line(rng: random.Random) -> str:
    """A line of 1-3 terms: dice of many kinds with modifiers, numbers, functions, a comparison."""

    def dice() -> str:
        n = rng.choice([1, 1, 2, 3, 4, 5, 8, 10, 20])
        sides = rng.choice(["4", "6", "6", "8", "10", "12", "20", "100", "F", "{1,1,2,3,5,8}", "{-2..2}"])
        mods = []
        if rng.random() < 0.2 and sides != "F":
            mods.append(rng.choice(["!", "!", "!!", "!>=5"]))
        if rng.random() < 0.2:
            mods.append(rng.choice(["r1", "ro<2"]))
        if rng.random() < 0.3 and n > 1 and not (mods and "!" in mods[0] and n > 5):
            mods.append(rng.choice(["kh", "kl", "dh", "dl"]) + str(rng.randint(1, n)))
        if rng.random() < 0.15:
            mods.append(">=" + str(rng.randint(2, 5)))
        if rng.random() < 0.2:  # the forms of the other tools: unique, penetrating, Foundry's own …
            mods.append(
                rng.choice(["u", "uo", "!p", "xo", "cs>4", "sd", "mt", "df<2", "sf<2", "ms5", "x2>=5"])
            )
        letter = rng.choice(["d", "d", "к", "К"])
        return f"{n}{letter}{sides}{''.join(mods)}"

    def term(depth: int = 0) -> str:
        r = rng.random()
        if r < 0.55 or depth > 1:
            return dice()
        if r < 0.65:
            return str(rng.randint(1, 9))
        if r < 0.75:
            return f"{rng.choice(['max', 'min'])}({term(depth + 1)},{term(depth + 1)})"
        if r < 0.8:
            return f"floor({term(depth + 1)}/{rng.choice(['2', 'd4', '2d6'])})"
        if r < 0.85:
            return (
                "{" + f"{term(depth + 1)}, {term(depth + 1)}" + "}" + rng.choice(["", "kh", "kl", ">5", "s"])
            )
        return "gauss" if r < 0.9 else f"-({term(depth + 1)})"

    line = term()
    for _ in range(rng.randint(0, 2)):
        line += rng.choice(["+", "-", "*", "+"]) + term()
    if rng.random() < 0.15:
        line += rng.choice([">=", ">", "<", "="]) + rng.choice(["10", "d20", "3d6"])
    if rng.random() < 0.08:
        line = f"{rng.randint(2, 6)}x " + line
    return line


def test_the_bound_is_at_least_the_work_on_random_lines(call_count: Callable[..., int]) -> None:
    """80 random lines (seeded) whose bound is at most 2 million calls: none exceeds its bound."""
    rng = random.Random(21)
    tried = 0
    while tried < 80:
        line = _random_line(rng)
        try:
            expr = notation.parse(line, limits=WIDE)
        except notation.NotationError:
            continue
        if notation_cost.steps(expr) > 2_000_000:
            continue
        tried += 1
        calls, bound = _measured(call_count, line)
        assert calls <= bound, f"{line}: {calls:,} calls > bound {bound:,}"


@pytest.mark.parametrize(
    "rows",
    [
        ("d6",),
        ("2d6 # two", "d12"),
        ("4d6kh3 # сила", "6x4d6kh3"),
        ("3d6", "4d6kh3", "2d20kh1", "d20+5", "8d10!"),
        ("6x 3d6", "6x4d6kh3", "3fib", "fib = d{1,1,2,3,5,8}"),
        ("20x d20",),
        ("50d6", "d20"),
        ("+".join([LONG_TERM] * 2),) * 3,
    ],
)
def test_the_lab_bound_is_at_least_the_work_of_its_digest(
    rows: tuple[str, ...], call_count: Callable[..., int]
) -> None:
    """The lab's digest (distributions, array positions, summaries, cells and pairwise odds) never
    makes more calls than ``jobs.lab_steps`` said."""
    calls = _cold(call_count, lambda: lab_digest.make(rows, WIDE))
    assert calls <= jobs.lab_steps(rows)


def test_everyday_lines_stay_on_the_page_and_heavy_ones_do_not() -> None:
    """The routing: a GM's usual lines are computed at once; the issue's heavy lines, and an 8-row
    lab of the long line, leave the main thread."""
    for line in ("d20+5", "4d6kh3", "3d6", "2d20kh1", "gauss", "d%", "3d6!r1 + 2d20kh1", "6x4d6kh3"):
        assert jobs.is_light(line), line
    for line in (LONG, "200d6", "8d10!", "d1000*d100", "floor(200d6/7d6)", "20d100kh10"):
        assert not jobs.is_light(line), line
    assert jobs.is_light_lab(("4d6kh3", "3d6", "d20"))
    assert not jobs.is_light_lab((LONG,) * 8)
    assert jobs.lab_steps((LONG,) * 8) > compute.MAIN_THREAD_STEPS


def test_a_wide_keep_is_refused_and_a_trivial_one_is_cheap() -> None:
    """``d2000dl1`` (every die dropped) is bounded like the die it builds, far below the page's limit."""
    assert notation_cost.steps(notation.parse("d2000dl1")) < compute.MAIN_THREAD_STEPS
    with pytest.raises(notation.NotationError):
        notation.parse("2d2000kh1")
