"""The rule set: every number and switch the rule texts mention, as one frozen, typed value.

Each option is declared once, in ``canasta.rules.sections``, as a dataclass field whose metadata
carries its documentation (``doc``), its allowed range (``min``/``max``) or its allowed words
(``choices``). Loading (``canasta.rules.loading``), printing and diffing are generic over these
declarations, so a new option is one new field. Code branches on options, never on a preset name.

The defaults are the classic game of ``docs/rules.md``, with its rulings; each option's doc
names the ruling or the preset it comes from.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from canasta.rules.sections import (
    SECTIONS,
    Canastas,
    Deal,
    Deck,
    Draw,
    Game,
    GoingOut,
    InitialMeld,
    Limits,
    Melds,
    Pile,
    Players,
    Points,
    RedThrees,
    StockOut,
)


@dataclass(frozen=True, slots=True)
class RuleSet:
    """A complete, validated set of rules. Build one with ``canasta.rules.load``."""

    name: str = "classic"
    #: What players call the rules, for the faces ("Hand and Foot"); a file that names itself
    #: and gives no title is called by its name.
    title: str = "Classic Canasta"
    description: str = "Four players in two partnerships: the standard game."
    #: Options the preset's source text leaves blank, each with where its value comes from.
    unstated: tuple[tuple[str, str], ...] = ()
    players: Players = field(default_factory=Players)
    deck: Deck = field(default_factory=Deck)
    deal: Deal = field(default_factory=Deal)
    draw: Draw = field(default_factory=Draw)
    points: Points = field(default_factory=Points)
    melds: Melds = field(default_factory=Melds)
    pile: Pile = field(default_factory=Pile)
    initial_meld: InitialMeld = field(default_factory=InitialMeld)
    going_out: GoingOut = field(default_factory=GoingOut)
    red_threes: RedThrees = field(default_factory=RedThrees)
    canastas: Canastas = field(default_factory=Canastas)
    stock_out: StockOut = field(default_factory=StockOut)
    game: Game = field(default_factory=Game)
    limits: Limits = field(default_factory=Limits)

    def minimum_for(self, score: int, deal: int = 1) -> int:
        """The initial-meld minimum for a side whose score at the deal's start is ``score``
        (or, when ``initial_meld.by`` is "deal", for deal number ``deal``)."""
        key = deal if self.initial_meld.by == "deal" else score
        if key < 0:
            return self.initial_meld.below_zero
        minimum = self.initial_meld.below_zero
        for threshold, value in self.initial_meld.tiers:
            if key >= threshold:
                minimum = value
        return minimum

    def canasta_for(self, score: int) -> int:
        """Whether the opening must hold a canasta at this score: 0 no, 1 any, 2 natural."""
        needed = 0
        for threshold, value in self.initial_meld.canasta_tiers:
            if score >= threshold:
                needed = value
        return needed

    def wilds_allowed(self, naturals: int) -> int:
        """Most wild cards a rank meld of ``naturals`` natural cards may hold (docs/rules.md,
        ruling 7): ``melds.max_wilds``, and no more wilds than naturals under ``wild_ratio``
        "not_more", fewer under "fewer"; none at all below ``melds.min_naturals``."""
        melds = self.melds
        if naturals < melds.min_naturals:
            return 0
        cap = melds.max_wilds
        if melds.wild_ratio == "not_more":
            cap = min(cap, naturals)
        elif melds.wild_ratio == "fewer":
            cap = min(cap, naturals - 1)
        return max(cap, 0)

    def red_three_value(self, count: int) -> int:
        """What ``count`` red 3s of one side are worth before the sign rule."""
        values = self.red_threes.values
        return values[count] if count < len(values) else count * self.red_threes.points

    def to_dict(self) -> dict[str, Any]:
        """Every option as plain data (lists for tuples), sections in their declared order."""
        out: dict[str, Any] = {"name": self.name, "title": self.title,
                               "description": self.description}
        for section, _ in SECTIONS:
            value = getattr(self, section)
            out[section] = {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
        if self.unstated:
            out["unstated"] = dict(self.unstated)
        return out


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


__all__ = ["SECTIONS", "RuleSet"]
