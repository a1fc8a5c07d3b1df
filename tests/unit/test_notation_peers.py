"""The peer set (tests/unit/notation_peers.py): expressions from the documentation and test suites of
rpg-dice-roller, Roll20 and Foundry, each taken with exactly the distribution the reference model
computes by enumeration (or icepool called directly), at least 95 % of the set taken; the rest
refused with a code. Heavy lines are computed here with the compute worker's budget, as the page
routes them."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from notation_model import clean
from notation_peers import LEFT_OUT, PEERS, Peer

from rules import notation

WORKER = replace(notation.DEFAULT_LIMITS, max_work=10**12)  # panels.notation.jobs.WORKER_LIMITS


@pytest.mark.parametrize("peer", PEERS, ids=[p.text for p in PEERS])
def test_a_peer_expression_is_taken_with_its_exact_distribution(peer: Peer) -> None:
    """Parsed, and its distribution is exactly the model's (the product's reading where tools differ),
    inside the bounds the parse gave."""
    expr = notation.parse(peer.text, limits=WORKER)
    found = notation.distribution(expr)
    assert found == clean(peer.expected()), peer.source
    assert expr.minimum <= min(found) and max(found) <= expr.maximum


@pytest.mark.parametrize(("source", "text", "code", "why"), LEFT_OUT, ids=[t for _, t, _, _ in LEFT_OUT])
def test_a_left_out_expression_is_refused_with_a_code(source: str, text: str, code: str, why: str) -> None:
    """Each documented expression left out is refused with the code its reason names, never a crash."""
    with pytest.raises(notation.NotationError) as info:
        notation.distribution(text, limits=WORKER)
    assert info.value.code == code, (source, why, str(info.value))


def test_the_peer_set_is_large_varied_and_taken() -> None:
    """At least 150 expressions from the three tools, none twice, at least 95 % of them taken."""
    texts = [p.text for p in PEERS] + [t for _, t, _, _ in LEFT_OUT]
    assert len(texts) >= 150 and len(set(texts)) == len(texts)
    assert len(PEERS) / len(texts) >= 0.95
    tools = Counter(p.source.split()[0] for p in PEERS)
    assert {"rpg-dice-roller", "Roll20", "Foundry"} <= set(tools) and min(tools.values()) >= 40


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("3d6>3", "strict_compare"),
        ("10d20cs>10", "critical_marks"),
        ("10d20cf20", "critical_marks"),
        ("1d10r1", "reroll_until"),
        ("2d6!=5", "explode_not_equal"),
        ("{3d20+5}>21", "group_total"),
        ("1d20+5 Roll for Initiative", "trailing_label"),
    ],
)
def test_a_symbol_the_tools_read_differently_says_how_it_was_read(text: str, code: str) -> None:
    """Where tools disagree the line carries a reading naming the other meaning's explicit form."""
    readings = notation.parse(text).readings
    assert code in [r.code for r in readings]
    assert not notation.parse("3d6>=3").readings and not notation.parse("1d10ro1").readings
