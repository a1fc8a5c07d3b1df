"""A roll's outcome code in words (``kit.roll.Roll.outcome``; the codes are listed in
docs/rules.md, «Rolls as data»). The players' screen and the journal's statistics word an outcome
from the roll's data, never from its sentence, and the same way.

>>> from kit.msg import render
>>> render(outcome_word("gauss.combat", "pierced"), "ru"), render(outcome_word("fudge.roll", "2"), "en")
('Пробой защиты', '+2')
>>> render(outcome_word("threat.check", "event.2"), "ru"), outcome_word("notation", "17")
('Событие угрозы! №2', '17')
>>> render(outcome_word("gauss.skill", "good"), "en"), outcome_word("ite.chain", "unheard_of")
('good work («хорошая работа»)', 'unheard_of')
"""

from __future__ import annotations

from kit.msg import Cat, Msg, Renderable, signed
from panels.checks.seed import TIERS

__all__ = ["OUTCOMES", "outcome_word"]

# Worded codes; a skill check's tiers are the seed's own words (panels.checks.seed).
OUTCOMES = {
    "inside": Msg("outcome.inside", "В окне", "Inside the window"),
    "below": Msg("outcome.below", "Ниже окна", "Below the window"),
    "above": Msg("outcome.above", "Выше окна", "Above the window"),
    "held": Msg("outcome.held", "Защита выдержала", "The defence held"),
    "pierced": Msg("outcome.pierced", "Пробой защиты", "The defence is pierced"),
    "attack_failed": Msg("outcome.attack_failed", "Атака не удалась", "The attack failed"),
    "defence_best": Msg("outcome.defence_best", "Лучшая защита", "The best defence"),
    "defence_failed": Msg("outcome.defence_failed", "Защита провалена", "The defence failed"),
    "unblockable": Msg("outcome.unblockable", "Неотразимая атака", "An unblockable attack"),
    "undefended": Msg("outcome.undefended", "Без защиты", "Undefended"),
    "attack_best": Msg("outcome.attack_best", "Лучшая атака", "The best attack"),
    "failure": Msg("outcome.failure", "Провал", "Failure"),
    "success": Msg("outcome.success", "Успех", "Success"),
    "tie": Msg("outcome.tie", "Ничья", "Tie"),
    "miss": Msg("outcome.miss", "Промах", "Miss"),
    "graze": Msg("outcome.graze", "Задел", "Graze"),
    "hit": Msg("outcome.hit", "Попадание", "Hit"),
    "event": Msg("outcome.event", "Событие угрозы!", "Threat event!"),
    "dark": Msg("outcome.dark", "Тёмный, без события", "Dark, no event"),
    "light": Msg("outcome.light", "Светлый, без события", "Light, no event"),
}


def outcome_word(rule: str, code: str, /) -> Renderable:
    """``code`` of ``rule`` in words: a value as it is (FUDGE's with its sign), a worded code, a
    threat colour's place as «№2»; a code this table does not know as it is."""
    if code.lstrip("-").isdigit():
        return signed(int(code)) if rule == "fudge.roll" else code
    if rule == "gauss.skill" and code in TIERS:
        return TIERS[code]
    kind, _, place = code.partition(".")
    word = OUTCOMES.get(kind)
    if word is None:
        return code
    return Cat((word, f"№{place}"), " ") if place else word
