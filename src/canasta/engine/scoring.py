"""Scoring a hand, item by item (seed 000, "Goal & scoring"; RULINGS 9, 14, 19).

A side scores the card points of everything it melded, less the card points of every card left
in its players' hands, plus 500 per natural canasta and 300 per mixed one, 100 for going out
(200 concealed), and 100 per red 3 (800 for every red 3 in the pack) — counted against a side
that never made its initial meld.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from canasta.cards import JOKER, TWO
from canasta.engine.tables import tables_for
from canasta.rules.ruleset import RuleSet


@dataclass(frozen=True, slots=True)
class Meld:
    """A meld on the table: its rank and how many naturals, 2s and jokers it holds."""

    rank: int
    naturals: int
    twos: int = 0
    jokers: int = 0

    @property
    def size(self) -> int:
        return self.naturals + self.twos + self.jokers

    @property
    def wilds(self) -> int:
        return self.twos + self.jokers


@dataclass(frozen=True, slots=True)
class SideScore:
    """One side's score for one hand, broken down for display."""

    side: int
    melded: int
    in_hand: int
    natural_canastas: int
    mixed_canastas: int
    canasta_bonus: int
    red_threes: int
    red_three_points: int
    going_out: int
    concealed: bool
    penalty: int
    total: int

    def items(self) -> list[tuple[str, int]]:
        """The nonzero items of the score, in words, in the order they are usually counted."""
        rows = [
            ("melded cards", self.melded),
            ("cards left in hand", self.in_hand),
            (f"{self.natural_canastas} natural + {self.mixed_canastas} mixed canastas",
             self.canasta_bonus),
            (f"{self.red_threes} red 3s", self.red_three_points),
            ("going out concealed" if self.concealed else "going out", self.going_out),
            ("'yes' without going out", self.penalty),
        ]
        return [(label, value) for label, value in rows if value]


def score_side(
    rules: RuleSet,
    side: int,
    melds: Sequence[Meld],
    hands: Sequence[Sequence[int]],
    red_threes: int,
    made_initial_meld: bool,
    went_out: bool = False,
    concealed: bool = False,
    yes_failures: int = 0,
) -> SideScore:
    """Score one side's hand from its melds, its players' hands (kind counts) and red 3s."""
    t = tables_for(rules)
    points = t.points
    melded = 0
    natural = mixed = 0
    for meld in melds:
        melded += meld.naturals * points[meld.rank] + meld.twos * points[TWO] \
            + meld.jokers * points[JOKER]
        if meld.size >= rules.melds.canasta_size:
            if meld.wilds:
                mixed += 1
            else:
                natural += 1
    in_hand = -sum(n * t.in_hand[k] for hand in hands for k, n in enumerate(hand))
    bonus = natural * rules.canastas.natural_bonus + mixed * rules.canastas.mixed_bonus
    red = red_threes * rules.red_threes.points
    if red_threes and red_threes == t.red_threes:
        red = rules.red_threes.all_points
    if not made_initial_meld and rules.red_threes.negative_without_initial_meld:
        red = -red
    out = 0
    if went_out:
        out = rules.going_out.concealed_bonus if concealed else rules.going_out.bonus
    penalty = -yes_failures * rules.going_out.failed_yes_penalty
    total = melded + in_hand + bonus + red + out + penalty
    return SideScore(side, melded, in_hand, natural, mixed, bonus, red_threes, red, out,
                     concealed and went_out, penalty, total)


@dataclass(frozen=True, slots=True)
class HandResult:
    """How one hand (deal) ended and what each side scored."""

    deal: int
    ended_by: str  # "going out", "stock exhausted", "red 3 was the last stock card", "turn cap"
    went_out: int  # the seat that went out, or -1
    sides: tuple[SideScore, ...]
    totals: tuple[int, ...]  # each side's game total after this hand
