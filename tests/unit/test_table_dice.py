"""Dice from the table (rules.table_dice): a typed roll is built by the rollers' own code, so it equals
the rolled result with the same dice, for every roller and every face; bad dice are refused by code."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import product

import pytest

from rules import fudge, gauss, ite, notation
from rules.gauss import CombatSetup
from rules.table_dice import TableDice, TableDiceError


class D20Random(random.Random):
    """A generator that rolls the given d20 faces in order (roll_faces asks randrange(20))."""

    def __init__(self, faces: Sequence[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randrange(self, *args: object, **kwargs: object) -> int:
        return self.faces.pop(0) - 1


def test_every_gauss_triple_at_every_luck_equals_the_rolled_result():
    """All 8,000 d20 triples at all nine lucks: the typed roll is the GaussRoll of those dice."""
    for a, b, c in product(range(1, 21), repeat=3):
        base = gauss.from_3d20_total(a + b + c)
        for luck in range(gauss.LUCK_MIN, gauss.LUCK_MAX + 1):
            table = TableDice.parse(f"{a} {b} {c}")
            assert gauss.roll(table, luck) == gauss.GaussRoll(
                (a, b, c), luck, base, gauss.apply_luck(base, luck)
            )
            assert table.left == 0


def test_the_issue_example_17_5_2_at_luck_5_is_8():
    assert gauss.roll(TableDice.parse("17 5 2"), 5).value == 8
    assert gauss.roll(TableDice.parse("17, 5, 2"), 5).value == 8


def test_a_gauss_value_typed_as_is_takes_luck_and_has_no_dice():
    """``=N`` is round(3d20/3) before luck: luck still shifts it, as for three typed d20s."""
    for base in range(1, 21):
        for luck in range(gauss.LUCK_MIN, gauss.LUCK_MAX + 1):
            rolled = gauss.roll(TableDice.parse(f"={base}"), luck)
            assert (rolled.dice, rolled.base, rolled.value) == ((), base, gauss.apply_luck(base, luck))
    with pytest.raises(TableDiceError) as refused:
        gauss.roll(TableDice.parse("=21"))
    assert refused.value.code == "not_gauss"


def test_a_skill_check_from_the_table_is_the_tier_of_its_value():
    """The issue's example: ``4 6 2`` with no modifiers is a critical failure."""
    check = gauss.roll_check(TableDice.parse("4 6 2"))
    assert check.value == 4 and check.tier.key == "critical_failure"


def test_a_combat_exchange_takes_each_stage_in_order():
    """``;`` separates the stages; the exchange equals the one rolled with the same dice."""
    faces = [18, 18, 18, 19, 19, 19, 12, 12, 12, 14, 14, 14]
    typed = "18 18 18; 19 19 19; 12 12 12; 14 14 14"
    rolled = D20Random(faces)
    expected = gauss.resolve_exchange(rolled, CombatSetup())
    used = len(faces) - len(rolled.faces)
    table = TableDice.parse(typed)
    assert gauss.resolve_exchange(table, CombatSetup()) == expected
    assert table.typed - table.left == used


def test_fudge_dice_as_signs_or_numbers():
    """``+ - 0`` and ``1 -1 0`` are the same dF faces; the roll equals the rolled one."""
    by_sign = fudge.roll(TableDice.parse("+ - 0 0 + +"), "6dF")
    by_number = fudge.roll(TableDice.parse("1 -1 0 0 1 1"), "6dF")
    assert by_sign == by_number and by_sign.value == 2
    for faces in product((-1, 0, 1), repeat=4):
        typed = " ".join({1: "+", -1: "−", 0: "0"}[f] for f in faces)
        assert fudge.roll(TableDice.parse(typed), "4dF").value == sum(faces)


def test_signs_are_only_fudge_faces():
    """``+`` is not a d20's 1: a sign on any other die is refused."""
    with pytest.raises(TableDiceError) as refused:
        gauss.roll(TableDice.parse("17 + 5 + 2"))
    assert refused.value.code == "not_a_face" and refused.value.params["token"] == "+"


def test_an_ite_chain_takes_every_die_of_every_check():
    check = ite.Check(20, 2, 6, 0, 18)
    chain = (ite.Stage("T", check, carry=False),)
    for faces in product(range(1, 7), repeat=2):
        table = TableDice.parse(" ".join(map(str, faces)))
        result = ite.run_chain(table, chain, with_odds=False)
        assert result.stages[0].faces == faces and table.left == 0


def test_a_notation_roll_from_the_table_keeps_and_drops_as_rolled():
    table = TableDice.parse("6 5 1 3")
    result = notation.roll("4d6kh3", table)
    assert result.total == 14 and table.left == 0


@pytest.mark.parametrize(
    ("typed", "code", "params"),
    [
        ("", "empty", {}),
        ("   ", "empty", {}),
        ("17 x 2", "not_a_face", {"position": 2, "token": "x"}),
        ("21 5 2", "off_face", {"position": 1, "face": "21", "low": 1, "high": 20}),
        ("0 5 2", "off_face", {"position": 1, "face": "0", "low": 1, "high": 20}),
        ("17 5", "too_few", {"typed": 2}),
        ("17 =5 2", "gauss_here", {"position": 2, "face": "=5"}),
        (" ".join(["1"] * 501), "too_long", {"limit": 500}),
    ],
)
def test_dice_that_do_not_fit_are_refused_with_a_code(typed: str, code: str, params: dict[str, object]):
    with pytest.raises(TableDiceError) as refused:
        gauss.roll(TableDice.parse(typed))
    assert (refused.value.code, refused.value.params) == (code, params)


def test_left_over_dice_are_refused_by_finish():
    table = TableDice.parse("17 5 2 9")
    gauss.roll(table)
    with pytest.raises(TableDiceError) as refused:
        table.finish()
    assert (refused.value.code, refused.value.params) == ("too_many", {"typed": 4, "used": 3})


def test_nothing_draws_a_random_number_from_table_dice():
    """A draw that is not a die (the threat bag's pick, random()) is an error, never silently random."""
    table = TableDice.parse("1 2 3")
    with pytest.raises(TypeError):
        table.randrange(5)
    with pytest.raises(TypeError):
        table.random()
