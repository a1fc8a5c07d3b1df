"""The FUDGE panel's state: one frozen part per sub-tool, held together by ``State``.

The inputs that the odds depend on (``*Setup``) are kept here as the last valid reading of the
form, so that the view is a function of the state alone; a bad field leaves them as they were.

Each sub-tool is written on its own part and lifted onto ``State`` with ``kit.part`` (``LIFT``).
A sub-tool whose results land in another's state sees that state in its part: the wound tools
work on ``Wounded`` (the hand track and the roster holding each character's track), the
accumulators on ``Pooled`` (their pools and the wounds they are marked on), the attack on
``Attacking`` (the dice, its own state and the pools and wounds its hits feed), the action on
``Acting`` and the builder on ``Building``. Only the pickers and buying success (``cast``) work
on the whole state, as they fill and pay from characters of the shared roster.

>>> whole = State()
>>> part = LIFT["attack"].get(whole)
>>> part.dice, part.pooled.wounded.wounds == whole.wounds
('6dF', True)
>>> LIFT["attack"].put(whole, part) == whole
True
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from kit.msg import Renderable
from kit.part import Part, field_part
from kit.undo import Undo
from panels.roster.shared import Cast
from rules import fudge
from rules.fudge_character import Character
from rules.roster import Entry, Roster

__all__ = [
    "ACTING",
    "ATTACKING",
    "BUILDING",
    "LIFT",
    "POOLED",
    "WOUNDED",
    "Acting",
    "ActionSetup",
    "ActionState",
    "AttackSetup",
    "AttackState",
    "Attacking",
    "BuilderState",
    "Building",
    "DiceState",
    "Pooled",
    "PoolsState",
    "ScaleState",
    "SideInput",
    "State",
    "Wounded",
    "WoundsState",
]


@dataclass(frozen=True)
class DiceState:
    """The chosen dice (every sub-tool rolls them) and the last roll of the dice sub-tool."""

    name: str = "6dF"
    last: fudge.FudgeRoll | None = None
    from_table: bool = False  # the last roll's dice were typed (rolled by hand at the table)


@dataclass(frozen=True)
class SideInput:
    """One side of an action as typed: skill ``mode`` is "have", "required" or "free"."""

    attribute: int = 0
    mode: str = "have"
    value: int = 0
    adjustment: int = 0
    technique: int = 0
    modifier: int = 0


@dataclass(frozen=True)
class ActionSetup:
    mode: str = "one"  # "one": against a difficulty; "opp": against side B
    a: SideInput = SideInput()
    b: SideInput = SideInput()
    difficulty: int = 0


@dataclass(frozen=True)
class ActionState:
    """The setup, the last roll, and the margin to highlight (until the setup changes)."""

    setup: ActionSetup = ActionSetup()
    last: fudge.ActionResult | None = None
    hit: int | None = None
    bought: Renderable | None = None  # a success bought for the last roll (§1.9)
    from_table: bool = False  # the last roll's dice were typed (rolled by hand at the table)


@dataclass(frozen=True)
class AttackSetup:
    """Attack, defence and damage factors as typed; ``weapon`` is "m<i>" (melee) or "r<i>" (ranged),
    ``x``/``y`` the ranged model's multiplier and bonus; ``dtype``/``armour`` are seed names or ""."""

    total: int = 0
    metres: int | None = None
    dodge: int = 0
    no_dodge: bool = False
    min_hit: int = fudge.MIN_HIT_LEVEL
    graze_cap: int = 1
    bullets: int | None = None
    weapon: str = "m1"
    x: int = 1
    y: int = 0
    strength: int = 0
    dtype: str = ""
    attack_maneuver: int = 0
    attack_scale: int = 0
    armour: str = ""
    toughness: int = 0
    defence_maneuver: int = 0
    defence_scale: int = 0


@dataclass(frozen=True)
class AttackState:
    """The setup, the last result line, the damage to highlight and the wounds ready to mark."""

    setup: AttackSetup = AttackSetup()
    result: Renderable | None = None
    hit: int | None = None
    hit_dice: str = ""  # the dice ``hit`` was rolled with: the highlight shows on their odds only
    pending: tuple[int, ...] = ()
    target: str = ""  # the roster id whose wound track the pending wounds go to ("": by hand)
    bought: Renderable | None = None
    outcome: str = ""  # the last roll's fudge.FAILURE/TIE/SUCCESS ("": none, or damage computed)


@dataclass(frozen=True)
class WoundsState:
    """The track typed by hand, and whose track the wound tools show (a roster id, "": by hand)."""

    track: fudge.WoundTrack = field(default_factory=fudge.WoundTrack)
    said: Renderable | None = None  # what the last change did (shown before the status)
    who: str = ""
    # «Очистить все раны» taken back: whose track ("": by hand), the wounds it had, the journal
    # entry's id of the clear (``kit.form.LOG_ID``; the undo removes that line); never saved
    undo: Undo[tuple[str, fudge.WoundTrack, str]] | None = None


@dataclass(frozen=True)
class PoolsState:
    pools: fudge.DamagePools = field(default_factory=fudge.DamagePools)
    said: Renderable | None = None


@dataclass(frozen=True)
class ScaleState:
    bullets: int = 20
    wound: int = 3  # damage of the group wound (a key of rules.fudge.GROUP_WOUNDS)
    result: Renderable | None = None


@dataclass(frozen=True)
class BuilderState:
    """The character builder: the roster id being edited (None: a new sheet), the sheet as last
    read from the form (for derived values and problems) and what the last change did."""

    editing: str | None = None
    draft: Character | None = None
    status: Renderable = ""


@dataclass(frozen=True)
class State:
    dice: DiceState = field(default_factory=DiceState)
    action: ActionState = field(default_factory=ActionState)
    attack: AttackState = field(default_factory=AttackState)
    wounds: WoundsState = field(default_factory=WoundsState)
    pools: PoolsState = field(default_factory=PoolsState)
    scale: ScaleState = field(default_factory=ScaleState)
    cast: Cast = field(default_factory=Cast)  # the roster (synced) and the pickers' choices
    builder: BuilderState = field(default_factory=BuilderState)
    undo: Undo[tuple[Entry, int, bool]] | None = None  # a deleted sheet, its place, whether edited


# --------------------------------------------------------------------------- the sub-tools' parts


@dataclass(frozen=True)
class Wounded:
    """The wound tools' part: the hand track (and whose track is shown) and the roster, whose
    FUDGE characters keep their own tracks in their sheets."""

    wounds: WoundsState = field(default_factory=WoundsState)
    roster: Roster = field(default_factory=Roster)


@dataclass(frozen=True)
class Pooled:
    """The accumulators' part: the pools and the wounds their converted damage is marked on."""

    pools: PoolsState = field(default_factory=PoolsState)
    wounded: Wounded = field(default_factory=Wounded)


@dataclass(frozen=True)
class Acting:
    """The action's part: the chosen dice (its odds are theirs; a roll keeps the dice it used)."""

    dice: str = "6dF"
    action: ActionState = field(default_factory=ActionState)


@dataclass(frozen=True)
class Attacking:
    """The attack's part: the chosen dice, its own state, and the pools and wounds its hits feed."""

    dice: str = "6dF"
    attack: AttackState = field(default_factory=AttackState)
    pooled: Pooled = field(default_factory=Pooled)


@dataclass(frozen=True)
class Building:
    """The builder's part: what it edits, the roster it stores sheets in, a deletion to undo."""

    builder: BuilderState = field(default_factory=BuilderState)
    roster: Roster = field(default_factory=Roster)
    undo: Undo[tuple[Entry, int, bool]] | None = None


def _wounded(whole: State) -> Wounded:
    return Wounded(whole.wounds, whole.cast.roster)


def _put_wounded(whole: State, part: Wounded) -> State:
    return replace(whole, wounds=part.wounds, cast=whole.cast.synced(part.roster))


def _pooled(whole: State) -> Pooled:
    return Pooled(whole.pools, _wounded(whole))


def _put_pooled(whole: State, part: Pooled) -> State:
    return _put_wounded(replace(whole, pools=part.pools), part.wounded)


def _with_dice(whole: State, name: str) -> State:
    return whole if whole.dice.name == name else replace(whole, dice=replace(whole.dice, name=name))


WOUNDED: Part[State, Wounded] = Part(_wounded, _put_wounded)
POOLED: Part[State, Pooled] = Part(_pooled, _put_pooled)
ACTING: Part[State, Acting] = Part(
    lambda whole: Acting(whole.dice.name, whole.action),
    lambda whole, part: replace(_with_dice(whole, part.dice), action=part.action),
)
ATTACKING: Part[State, Attacking] = Part(
    lambda whole: Attacking(whole.dice.name, whole.attack, _pooled(whole)),
    lambda whole, part: _put_pooled(replace(_with_dice(whole, part.dice), attack=part.attack), part.pooled),
)
BUILDING: Part[State, Building] = Part(
    lambda whole: Building(whole.builder, whole.cast.roster, whole.undo),
    lambda whole, part: replace(
        whole, builder=part.builder, cast=whole.cast.synced(part.roster), undo=part.undo
    ),
)
# Each sub-tool's place in State (kit.part); the pickers and buying work on the whole.
LIFT: dict[str, Part[State, Any]] = {
    "dice": field_part("dice"),
    "action": ACTING,
    "attack": ATTACKING,
    "wounds": WOUNDED,
    "accumulators": POOLED,
    "scale": field_part("scale"),
    "builder": BUILDING,
}
