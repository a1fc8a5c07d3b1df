"""Dice notation's terms: a die's sides and the modifiers glued to it (every family that Roll20,
rpg-dice-roller and Foundry document), and the letters other tools glue to dice, refused with the
form this notation takes for them."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Protocol

from rules.notation_nodes import _Cond, _Dice, _Node, _RandomDice
from rules.notation_scan import _Scanner
from rules.notation_tree import _DIGITS_SET, round_half_away
from rules.notation_values import constant

__all__: list[str] = []

FUDGE, FUDGE_1, GENERIC_FUDGE, COIN = (-1, 0, 1), (-1, 0, 0, 0, 0, 1), (-2, -1, 0, 0, 1, 2), (0, 1)
# Letters other tools use for a modifier this notation spells differently: the form to write instead.
ALIASES = {
    "e": "!",  # Avrae, Dice Maiden: explode
    "ie": "!",  # Dice Maiden: explode indefinitely
    "ra": "xo",  # Avrae: reroll and add (one more die)
    "mi": "min",  # Avrae
    "ma": "max",  # Avrae
    "p": "d",  # Avrae: drop ("pl1", "ph1")
    "pl": "dl",
    "ph": "dh",
    "t": ">=",  # Dice Maiden: target number (6d10t7)
    "ir": "r",  # Dice Maiden: reroll indefinitely
}


class _TermReader(Protocol):
    """What a dice term needs of the whole parser: a parenthesized expression (computed sides)."""

    def paren_operand(self) -> _Node: ...


# --------------------------------------------------------------------------- sides


def sides(p: _Scanner, reader: _TermReader, /) -> tuple[tuple[int, ...], _Node | None]:
    """The faces of a die (``p.pos`` just after its letter), or a rolled number of sides."""
    lim = p.limits
    at = p.pos
    if p.eat("%"):
        return tuple(range(1, 101)), None
    if p.eat("gf"):
        return GENERIC_FUDGE, None
    if p.eat("f"):
        if p.peek() == "." and p.at(p.pos + 1) in ("1", "2"):
            p.pos += 2
            return (FUDGE_1 if p.text[p.pos - 1] == "1" else FUDGE), None
        return FUDGE, None
    if p.eat("c"):
        return COIN, None
    if p.peek() == "(":
        node = reader.paren_operand()
        value = constant(node, p.limits)
        if value is None:
            return (1,), node
        count = round_half_away(value)  # Roll20: a computed number is rounded to the nearest
        if count < 1:
            raise p.error("no_sides", at)
        if count > lim.max_sides:
            raise p.error("too_many_sides", at, max=lim.max_sides)
        return tuple(range(1, count + 1)), None
    if p.eat("{"):
        return custom_faces(p, at), None
    value = p.integer()  # die_follows() saw a digit here
    if value < 1:
        raise p.error("no_sides", at)
    if value > lim.max_sides:
        raise p.error("too_many_sides", at, max=lim.max_sides)
    return tuple(range(1, value + 1)), None


def custom_faces(p: _Scanner, at: int, /) -> tuple[int, ...]:
    lim = p.limits
    faces: list[int] = []
    entries = 0
    while True:
        p.skip()
        start = p.pos
        low = high = p.signed_integer()
        p.skip()
        if p.eat("..") or p.eat("…"):
            p.skip()
            high = p.signed_integer()
            if high < low:
                raise p.error("range_reversed", start, low=low, high=high)
        entries += 1
        if max(abs(low), abs(high)) > lim.max_sides * 100:
            raise p.error("face_too_large", at, max=lim.max_sides * 100)
        if entries > lim.max_custom_faces:
            raise p.error("too_many_faces", at, max=lim.max_custom_faces)
        if len(faces) + high - low >= lim.max_sides:
            raise p.error("too_many_faces", at, max=lim.max_sides)
        faces.extend(range(low, high + 1))
        p.skip()
        if p.eat("}"):
            return tuple(faces)
        if not p.eat(","):
            raise p.error("expected_face_separator")


# --------------------------------------------------------------------------- modifiers


def keep_op(p: _Scanner, /) -> tuple[str, int] | None:
    """``kh3``, ``k``, ``kl``, ``dh``, ``dl2``, ``d1`` (drop lowest) at ``p.pos``, else None."""
    at = p.pos
    spellings = (("kh", "kh"), ("kl", "kl"), ("k", "kh"), ("dh", "dh"), ("dl", "dl"), ("d", "dl"))
    word, kind = next(((w, k) for w, k in spellings if p.eat(w)), ("", ""))
    if not word:
        return None
    if word == "d" and p.peek() and not (p.peek() in _DIGITS_SET or not p.peek().isalnum()):
        p.pos = at  # d followed by a letter: not a drop
        return None
    if word == "d" and p.peek() in ("%", "{", "("):
        p.pos = at
        return None
    n = p.integer() if p.peek() in _DIGITS_SET else 1
    if n < 1:
        raise p.error("keep_zero", at, word=kind)
    if word == "d" and p.text[at] in "кК":  # «4к6к3»: к is d, so a drop; a keep is also meant by some
        p.read("cyrillic_drop", at, n=n)
    return kind, n


def _once(p: _Scanner, seen: set[str], kind: str, at: int, /) -> None:
    if kind in seen:
        raise p.error("modifier_twice", at, kind=kind)
    seen.add(kind)


def modifiers(p: _Scanner, pos: int, count: int, faces: tuple[int, ...], random_sides: bool, /) -> _Dice:
    """The modifiers glued to a die (any order; applied in the fixed order of ``_Dice``)."""
    clamp: dict[str, int] = {}
    mods: dict[str, Any] = {}
    seen: set[str] = set()
    words: list[str] = []  # what was written, for the checks below
    reroll: list[_Cond | None] = []
    cs: list[_Cond | None] = []
    cf: list[_Cond | None] = []
    failure_word = ""
    while True:
        at = p.pos
        if p.text[at : at + 1] in ("к", "К") and p.text[at + 1 : at + 2] in ("х", "Х", "л", "Л"):
            word = "kh" if p.text[at + 1] in "хХ" else "kl"  # «4к6кх3»: kh spelled in Cyrillic
            raise p.error("unknown_modifier", at, text=p.text[at : at + 2], instead=word)
        if p.eat("min") or p.eat("max"):
            kind = p.low[at : p.pos]
            _once(p, seen, kind, at)
            clamp[kind] = p.signed_integer()
        elif any(p.low.startswith(w, at) for w in ("mi", "ma", "ra")):
            word = p.low[at : at + 2]  # Avrae's mi/ma/ra (min and max were read above)
            raise p.error("unknown_modifier", at, text=p.text[at : at + 2], instead=ALIASES[word])
        elif p.eat("even") or p.eat("odd"):
            _once(p, seen, "success", at)
            mods["success"] = _Cond(p.low[at : p.pos], 0)
        elif p.eat("!") or p.eat("xo") or p.eat("x"):
            if "explode" in seen:
                raise p.error("not_supported", at, form="two_explosions", text=p.text[at : at + 3])
            seen.add("explode")
            word = p.low[at : p.pos]
            if word == "!":
                mods["compound"] = p.eat("!")
                mods["penetrate"] = p.eat("p")
                if p.peek() == "=":
                    p.read("explode_not_equal", at, value=p.low[p.pos + 1 : p.pos + 4])
            mods["explode_once"] = word == "xo"
            if word != "!" and p.peek() in _DIGITS_SET:
                start = p.pos
                cap = p.integer()
                if _one(p.peek(), "<>=≤≥≠!"):  # Foundry x5=10: at most 5 explosions, on 10
                    mods["explode_cap"] = cap
                else:
                    p.pos = start  # x10: explode on 10
            mods["explode"] = p.compare_point()
            words.append(word)
        elif p.eat("rr") or p.eat("ro") or p.eat("r"):
            word = p.low[at : p.pos]
            kind = "reroll once" if word == "ro" else "reroll"
            if ("reroll once" if kind == "reroll" else "reroll") in seen:
                raise p.error("modifier_twice", at, kind="reroll")
            seen.add(kind)
            start = p.pos
            if p.peek() in _DIGITS_SET:
                p.integer()
                if p.compare_op() is not None:
                    raise p.error("not_supported", at, form="reroll_cap", text=p.text[at : p.pos])
                p.pos = start
            cond = p.compare_point()
            reroll.append(cond)
            mods["reroll_once"] = word == "ro"
            if word == "r":
                p.read("reroll_until", at, point="" if cond is None else str(cond))
        elif p.eat("uo") or p.eat("u"):
            _once(p, seen, "unique", at)
            mods["has_unique"], mods["unique_once"] = True, p.low[at : p.pos] == "uo"
            mods["unique"] = p.compare_point()
        elif p.eat("cs") or p.eat("cf"):
            word = p.low[at : p.pos]
            cond = p.compare_point()
            (cs if word == "cs" else cf).append(cond)
            bare = f"={max(faces) if word == 'cs' else min(faces)}" if faces else ""  # the face it marks
            p.read("critical_marks", at, word=word, point=bare if cond is None else str(cond))
        elif p.eat("df") or p.eat("sf"):
            _once(p, seen, "failure", at)
            failure_word = p.low[at : p.pos]
            mods["failure"] = p.compare_point() or _Cond("else", 0)
            mods["failure_value"] = failure_word == "sf"
        elif p.eat("sa") or p.eat("sd") or p.eat("s"):
            _once(p, seen, "sort", at)
            mods["sort"] = "d" if p.low[at : p.pos] == "sd" else "a"
        elif p.eat("ms"):
            _once(p, seen, "margin", at)
            op = p.compare_op() or "="
            if p.peek() not in _DIGITS_SET:
                raise p.error("expected_compare", at, word="ms")
            mods["margin"] = ("-" if op in ("<", "<=") else "+", p.integer())
        elif p.eat("mt") or p.eat("m"):
            _once(p, seen, "matches", at)
            least = p.integer() if p.peek() in _DIGITS_SET else 2
            cond = p.compare_point(bare=False)
            if p.low[at : at + 2] == "mt":
                mods["matches"] = (max(2, least), cond)
            else:
                mods["show_matches"] = True
        elif faces == (0, 1) and p.peek() == "c" and p.at(p.pos + 1) in _DIGITS_SET:
            p.pos += 1  # Foundry's called coin: 3dcc1 counts heads
            _once(p, seen, "success", at)
            mods["success"] = _Cond("=", p.integer())
        elif p.peek() == "f" and "success" in seen:
            p.pos += 1
            _once(p, seen, "failure", at)
            failure_word = "f"
            mods["failure"] = p.compare_point()
            if mods["failure"] is None:
                raise p.error("expected_compare", at, word="f")
        elif (op := keep_op(p)) is not None:
            mods["keep"] = (*mods.get("keep", ()), op)
            words.append("keep")
        elif p.compare_op() is not None:
            p.pos = at  # a compare point glued to the dice: success counting (a bare number after it)
            if not success_here(p):
                break
            _once(p, seen, "success", at)
            mods["success"] = p.compare_point()
        else:
            break
    if max(len(reroll), len(cs), len(cf), len(mods.get("keep", ()))) > p.limits.max_conditions:
        raise p.error("too_many_conditions", pos, max=p.limits.max_conditions)
    if p.peek() == "f" and "failure" not in seen:
        raise p.error("not_supported", p.pos, form="failure_alone", text=p.text[p.pos : p.pos + 4])
    unknown_letters(p)
    faces = clamped(p, faces, clamp.get("min"), clamp.get("max"), pos)
    low, high = min(faces), max(faces)
    if reroll:
        mods["reroll"] = tuple(c or _Cond("=", low) for c in reroll)
    if "explode" in seen and mods["explode"] is None:
        mods["explode"] = _Cond("=", high)
    if failure_word in ("df", "sf") and mods["failure"].op == "else" and "success" not in seen:
        mods["failure"] = _Cond("=", low)  # no success counted: the lowest face fails (Foundry)
    mods["crit_success"] = tuple(c or _Cond("=", high) for c in cs)
    mods["crit_failure"] = tuple(c or _Cond("=", low) for c in cf)
    node = _Dice(pos, p.text[pos : p.pos], count, faces, **mods)
    check(p, node, random_sides)
    return node


def success_here(p: _Scanner, /) -> bool:
    """A compare point glued to dice counts successes when a bare number follows it and then no
    operand starts (``4d6>4d6`` and ``2d6>1max(…)`` compare); ``p.pos`` is at the compare point."""
    save = p.pos
    p.compare_op()
    if p.peek() in "-−" and p.at(p.pos + 1) in _DIGITS_SET:
        p.pos += 1
    if p.peek() not in _DIGITS_SET:
        p.pos = save
        return False
    p.integer()
    nxt = p.peek()
    if not nxt:
        ok = True
    elif nxt == "f":
        after = p.at(p.pos + 1)  # 4d6>4f<3: a failure follows (4d6>4fib compares with a named die)
        ok = _one(after, "<>=≤≥≠!0123456789") or not (after.isascii() and after.isalpha())
    elif any(p.low.startswith(name, p.pos) for name in p.names):
        ok = False  # 3fib>2fib compares two named dice
    elif p.modifier_here():
        ok = True
    else:
        ok = not (nxt == "(" or (nxt.isascii() and nxt.isalnum()))
    p.pos = save
    return ok


def _one(ch: str, chars: str, /) -> bool:
    return len(ch) == 1 and ch in chars


def unknown_letters(p: _Scanner, /) -> None:
    """Letters glued to a finished dice term: a modifier another tool spells differently, or none."""
    ch = p.peek()
    if not (ch.isascii() and ch.isalpha()) or (ch == "d" and p.die_follows(p.pos + 1)):
        return
    end = p.pos
    while end < len(p.low) and p.low[end].isascii() and p.low[end].isalpha():
        end += 1
    word = p.low[p.pos : end]
    instead = ALIASES.get(word, "")
    if not instead:
        instead = next((ALIASES[w] for w in sorted(ALIASES, key=len, reverse=True) if word.startswith(w)), "")
        word = next((w for w in sorted(ALIASES, key=len, reverse=True) if word.startswith(w)), word)
    raise p.error("unknown_modifier", p.pos, text=p.text[p.pos : p.pos + len(word)], instead=instead)


def clamped(
    p: _Scanner, faces: tuple[int, ...], low: int | None, high: int | None, pos: int, /
) -> tuple[int, ...]:
    if low is not None and high is not None and low > high:
        raise p.error("min_above_max", pos)
    if low is not None:
        faces = tuple(max(low, f) for f in faces)
    if high is not None:
        faces = tuple(min(high, f) for f in faces)
    return faces


def check(p: _Scanner, node: _Dice, random_sides: bool, /) -> None:
    """Refuse what never ends, and modifiers that do not combine (with the pair named)."""
    if random_sides and (node.reroll or node.explode or node.has_unique or node.matches or node.margin
                         or node.crit_success or node.crit_failure or node.show_matches):  # fmt: skip
        raise p.error("not_supported", node.pos, form="random_sides", text=node.text)
    values = set(node.faces)
    if node.reroll and not node.reroll_once and all(any(c(v) for c in node.reroll) for v in values):
        raise p.error("reroll_all", node.pos)
    explode = node.explode
    endless = explode is not None and not node.explode_once and node.explode_cap is None
    if explode is not None and endless and all(explode(v) for v in values):
        raise p.error("explode_all", node.pos)
    pairs = (
        (node.has_unique, "u", (node.explode is not None, "!"), (bool(node.keep), "k"), (bool(node.reroll), "r"),
         (node.matches is not None, "mt")),
        (node.matches is not None, "mt", (node.explode is not None, "!"), (bool(node.keep), "k")),
        (node.explode_cap is not None, "x", (bool(node.keep), "k")),
        (node.penetrate and not node.compound, "!p", (bool(node.keep), "k")),
        (len(node.keep) > 1, "k", (node.explode is not None and not node.compound, "!")),
    )  # fmt: skip
    for present, a, *others in pairs:
        for other, b in others:
            if present and other:
                raise p.error("not_supported", node.pos, form="combination", text=node.text, a=a, b=b)


def random_dice(
    pos: int, text: str, count: _Node | None, sides_node: _Node | None, template: _Dice, /
) -> _Node:
    if count is None and sides_node is None:
        return template
    return _RandomDice(pos, text, count, sides_node, replace(template, text=text))
