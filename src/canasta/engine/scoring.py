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
    """A meld on the table: its rank and how many naturals, 2s and jokers it holds.

    A meld of wild cards alone (``melds.wild_melds``) has the joker's kind as its rank.
    """

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

    @property
    def is_wild_meld(self) -> bool:
        return self.rank == JOKER


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
    wild_canastas: int = 0
    unfinished_wild: int = 0  # the penalty for a wild meld short of a canasta (negative)
    black_threes_removed: int = 0  # points for black 3s set aside from the pile
    extra: int = 0  # a perfect cut, seven canastas
    extra_label: str = ""
    sambas: int = 0
    short_sequences: int = 0  # the penalty for sequences of five cards or fewer (negative)

    def items(self) -> list[tuple[str, int]]:
        """The nonzero items of the score, in words, in the order they are usually counted."""
        wild = f" + {self.wild_canastas} wild" if self.wild_canastas else ""
        wild += f" + {self.sambas} sambas" if self.sambas else ""
        rows = [
            ("melded cards", self.melded),
            ("cards left in hand", self.in_hand),
            (f"{self.natural_canastas} natural + {self.mixed_canastas} mixed{wild} canastas",
             self.canasta_bonus),
            ("unfinished wild meld", self.unfinished_wild),
            ("short sequences", self.short_sequences),
            (f"{self.red_threes} red 3s", self.red_three_points),
            ("black 3s set aside", self.black_threes_removed),
            ("going out concealed" if self.concealed else "going out", self.going_out),
            ("'yes' without going out", self.penalty),
            (self.extra_label, self.extra),
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
    removed_black_threes: int = 0,
    extra: int = 0,
    extra_label: str = "",
    sequences: Sequence[tuple[int, int, int]] = (),
) -> SideScore:
    """Score one side's hand from its melds, its players' hands (kind counts, feet included)
    and its red 3s."""
    t = tables_for(rules)
    points = t.points
    bonus_rules = rules.canastas
    melded = 0
    natural = mixed = wild = 0
    bonus = unfinished = 0
    for meld in melds:
        melded += meld.naturals * points[meld.rank] + meld.twos * points[TWO] \
            + meld.jokers * points[JOKER]
        if meld.size < rules.melds.canasta_size:
            if meld.is_wild_meld:
                unfinished -= bonus_rules.unfinished_wild_penalty
            continue
        if meld.is_wild_meld:
            wild += 1
            bonus += wild_canasta_bonus(rules, meld)
        elif meld.wilds:
            mixed += 1
            bonus += bonus_rules.mixed_bonus
        else:
            natural += 1
            bonus += bonus_rules.natural_bonus
    sambas = short = 0
    for _, low, high in sequences:
        melded += sum(points[r] for r in range(low, high + 1))
        if high - low + 1 >= rules.melds.canasta_size:
            sambas += 1
            bonus += bonus_rules.samba_bonus
        elif high - low + 1 <= 5:
            short -= bonus_rules.short_sequence_penalty
    in_hand = -sum(n * t.in_hand[k] for hand in hands for k, n in enumerate(hand))
    red = rules.red_three_value(red_threes)
    counts_for = (made_initial_meld or not rules.red_threes.negative_without_initial_meld) and \
        natural + mixed + wild + sambas >= rules.red_threes.positive_needs_canastas
    if not counts_for:
        red = -abs(red)
    black = 0
    if removed_black_threes:
        black = rules.points.all_black_threes_removed if removed_black_threes == t.pack[3] \
            else removed_black_threes * rules.points.black_three_removed
    out = 0
    if went_out:
        out = rules.going_out.concealed_bonus if concealed else rules.going_out.bonus
    penalty = -yes_failures * rules.going_out.failed_yes_penalty
    total = melded + in_hand + bonus + unfinished + red + black + out + penalty + extra + short
    return SideScore(side, melded, in_hand, natural, mixed, bonus, red_threes, red, out,
                     concealed and went_out, penalty, total, wild, unfinished, black, extra,
                     extra_label, sambas, short)


def wild_canasta_bonus(rules: RuleSet, meld: Meld) -> int:
    """A canasta of wild cards alone: all 2s, four jokers, or any other (REFERENCE §9, §13)."""
    c = rules.canastas
    if meld.twos == meld.size and c.wild_twos_bonus:
        return c.wild_twos_bonus
    if meld.jokers >= 4 and c.wild_jokers_bonus:
        return c.wild_jokers_bonus
    return c.wild_bonus


@dataclass(frozen=True, slots=True)
class HandResult:
    """How one hand (deal) ended and what each side scored."""

    deal: int
    ended_by: str  # "going out", "stock exhausted", "red 3 was the last stock card", "turn cap"
    went_out: int  # the seat that went out, or -1
    sides: tuple[SideScore, ...]
    totals: tuple[int, ...]  # each side's game total after this hand
