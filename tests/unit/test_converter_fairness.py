"""The forum's dice tested: a converted 3D20 log's d20 faces and totals (rules.forum_log) and the
converter's fairness view (#convert-fairness)."""

from __future__ import annotations

import random
import re
from collections import Counter

from kit.compute import settle
from kit.view import Node, texts
from panels.converter import panel as converter
from rules import forum_log

CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


def _log(rng: random.Random, rolls: int) -> tuple[str, Counter[int], Counter[int]]:
    """A forum log of ``rolls`` good rolls among refused ones and chatter, some lines holding two
    rolls, CRLF and LF; and the faces and totals it holds, counted here."""
    lines: list[str] = []
    faces: Counter[int] = Counter()
    sums: Counter[int] = Counter()
    made = 0
    while made < rolls:
        a, b, c = (rng.randint(1, 20) for _ in range(3))
        roll = f"Результат броска 3D20: {a} + {b} + {c} = {a + b + c}."
        kind = rng.random()
        if kind < 0.1:
            lines.append(f"Результат броска 3D20+1: {a} + {b} + {c} + 1 = {a + b + c + 1}.")  # refused
            continue
        if kind < 0.2:
            lines.append(f"Результат броска 3D20: {a} + {b} + {c} = {a + b + c + 1}.")  # a wrong sum: refused
            continue
        if kind < 0.3:
            lines.append("реплика игрока")
            continue
        if kind < 0.4 and made + 2 <= rolls:  # two rolls on one line (a forum copy merges lines)
            d, e, f = (rng.randint(1, 20) for _ in range(3))
            lines.append(f'{roll} - "раз". Результат броска 3D20: {d} + {e} + {f} = {d + e + f}.')
            faces.update((d, e, f))
            sums[d + e + f] += 1
            made += 1
        else:
            lines.append(roll + (' - "скрытность".' if kind < 0.6 else ""))
        faces.update((a, b, c))
        sums[a + b + c] += 1
        made += 1
    breaks = [rng.choice(("\n", "\r\n")) for _ in lines]
    return "".join(line + end for line, end in zip(lines, breaks, strict=True)), faces, sums


def test_a_converted_log_counts_its_faces_and_totals() -> None:
    rng = random.Random(41)
    for rolls in (1, 7, 300):
        text, faces, sums = _log(rng, rolls)
        conversion = forum_log.convert_text(text)
        assert conversion.converted == rolls
        assert conversion.faces == tuple(faces[f] for f in range(1, 21))
        assert conversion.sums == tuple(sums[s] for s in range(3, 61))
        assert sum(conversion.faces) == 3 * rolls and sum(conversion.sums) == rolls


def test_a_roll_keeps_its_dice_on_both_paths() -> None:
    """The forum's own line (the quick match) and a roll among others (every step checked)."""
    assert forum_log.convert_roll("Результат броска 3D20: 4 + 6 + 2 = 12.").dice == (4, 6, 2)
    careful = forum_log.convert_line(
        "текст Результат броска 3D20:  4+ 6 +2 = 12. Результат броска 3D20: 1 + 1 + 1 = 3"
    )
    assert [roll.dice for roll in careful.rolls] == [(4, 6, 2), (1, 1, 1)]
    assert forum_log.convert_roll("Результат броска 3D20: 4 + 6 = 10.").dice == ()


def _verdicts(nodes: tuple[Node, ...]) -> dict[str, str]:
    out: dict[str, str] = {}
    for node in nodes:
        attrs = dict(node.attrs)
        if node.cls == "fairness":
            verdict = next(
                dict(c.attrs)["data-verdict"] for c in node.children if c.cls == "fairness-verdict"
            )
            out[str(attrs["id"])] = str(verdict)
        out.update(_verdicts(node.children))
    return out


def _converted(source: str) -> converter.State:
    return settle(converter.convert(converter.State(), {"convert-input": source}))


def test_the_converter_shows_the_forum_s_dice_fairness() -> None:
    loaded = "\n".join(["Результат броска 3D20: 20 + 20 + 20 = 60."] * 20)
    view = converter.view(_converted(loaded))
    assert not view["convert-fairness"].hidden
    assert _verdicts(view["convert-fairness"].children or ()) == {
        "convert-fairness-faces": "suspicious",
        "convert-fairness-sums": "suspicious",
    }
    fair, _, _ = _log(random.Random(2026), 600)
    view = converter.view(_converted(fair))
    verdicts = _verdicts(view["convert-fairness"].children or ())
    assert set(verdicts) == {"convert-fairness-faces", "convert-fairness-sums"}
    assert "suspicious" not in verdicts.values()
    for shown in texts(view, "en"):
        if "Результат броска" not in shown and "«" not in shown:
            assert not CYRILLIC.search(shown), shown
    empty = converter.view(_converted("только чат, без бросков"))
    assert empty["convert-fairness"].hidden and empty["convert-fairness"].children == ()
    assert converter.view(converter.State())["convert-fairness"].hidden
