"""The FUDGE panel's state: one frozen part per sub-tool, held together by ``State``.

The inputs that the odds depend on (``*Setup``) are kept here as the last valid reading of the
form, so that the view is a function of the state alone; a bad field leaves them as they were.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kit.msg import Renderable
from kit.undo import Undo
from panels.roster.shared import Cast
from rules import fudge
from rules.fudge_character import Character
from rules.roster import Entry

__all__ = [
    "ActionSetup",
    "ActionState",
    "AttackSetup",
    "AttackState",
    "BuilderState",
    "DiceState",
    "PoolsState",
    "ScaleState",
    "SideInput",
    "State",
    "WoundsState",
]


@dataclass(frozen=True)
class DiceState:
    """The chosen dice (every sub-tool rolls them) and the last roll of the dice sub-tool."""

    name: str = "6dF"
    last: fudge.FudgeRoll | None = None


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
