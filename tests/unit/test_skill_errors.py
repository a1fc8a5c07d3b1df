"""A skill level off the seed's ladder says what is wrong, not «навыки: неверные данные»."""

from __future__ import annotations

import pytest

from kit.form import InputError
from kit.msg import render
from panels.roster import panel as roster_panel
from panels.roster.panel import FORM
from rules.roster import GaussSheet, RosterError


@pytest.mark.parametrize("level", [7, -2, 20, 1001])
def test_a_level_off_the_ladder_names_the_skill_and_the_ladder(level: int) -> None:
    """Seed 000 «Умения … +2 … +18»: an odd, negative or too high level names the skill, the level,
    and that levels are even from 0 to +18, in both languages."""
    with pytest.raises(InputError) as caught:
        roster_panel.save(
            roster_panel.State(), {**FORM, "roster-name": "Кац", "roster-g-skills": f"Меч: 8\nЛук: {level}"}
        )
    ru, en = render(caught.value.message, "ru"), render(caught.value.message, "en")
    assert "неверные данные" not in ru
    assert "«Лук»" in ru and str(level) in ru and "от 0 до +18" in ru and "через 2" in ru
    assert "«Лук»" in en and str(level) in en and "steps of 2 from 0 to +18" in en


def test_the_rule_error_carries_a_code_and_its_values() -> None:
    """The rules say it as data (code and values); the panel words it."""
    with pytest.raises(RosterError) as caught:
        GaussSheet(skills=(("Меч", 7),))
    assert caught.value.code == "off_ladder"
    assert caught.value.params == {
        "field": "skills",
        "name": "Меч",
        "value": 7,
        "low": 0,
        "high": 18,
        "step": 2,
    }
    with pytest.raises(RosterError) as caught:
        GaussSheet(skills=(("Меч", "7"),))  # type: ignore[arg-type]  # saved junk stays «bad_sheet»
    assert caught.value.code == "bad_sheet"
