"""What a rule set's pack holds and the most one side could make of it, as the checks of
``canasta.rules.checks`` count them: over the whole pack, as if that side held every card.
"""

from __future__ import annotations

from dataclasses import dataclass

from canasta.cards import ACE, BLACK_THREE, FOUR, JOKER, NATURAL_RANKS, SUITS, TWO, kind_counts
from canasta.rules.ruleset import RuleSet

#: The natural ranks, 4 up to the ace. A side has one meld of each (docs/rules.md, "Melds"),
#: so at most this many canastas of ranks.
RANKS = len(NATURAL_RANKS)


@dataclass(frozen=True, slots=True)
class Pack:
    """What the pack of a rule set holds, as the checks count it."""

    size: int
    naturals: int  # cards of each natural rank, 4 to ace
    wilds: int  # 2s and jokers
    black_threes: int
    words: str  # the keys that make the pack, for messages

    @classmethod
    def of(cls, rules: RuleSet) -> Pack:
        """The pack of ``deck.decks`` decks and ``deck.jokers`` jokers."""
        deck = rules.deck
        counts = kind_counts(deck.decks, deck.jokers)
        return cls(sum(counts), counts[FOUR], counts[TWO] + counts[JOKER], counts[BLACK_THREE],
                   f"deck.decks = {deck.decks}, deck.jokers = {deck.jokers}")


def wilds_needed(rules: RuleSet, pack: Pack, least: int) -> int | None:
    """The fewest wild cards (``least`` at least) that make a canasta of a rank with every
    natural of that rank, or None when the wild-card limits never allow that many. Under
    ``melds.wild_limit_at_laydown_only`` the limits bind the three cards laid, not additions."""
    need = max(least, rules.melds.canasta_size - pack.naturals)
    if rules.melds.wild_limit_at_laydown_only or need <= rules.wilds_allowed(pack.naturals):
        return need
    return None


def _rank_canastas(need: int | None, wilds: int) -> int:
    """How many canastas of ranks the pack's wilds allow when each needs ``need`` of them."""
    if need is None:
        return 0
    return RANKS if need == 0 else min(RANKS, wilds // need)


@dataclass(frozen=True, slots=True)
class Capacity:
    """The most canastas one side could make if the whole pack were its own: one of each rank
    4 to ace, each holding every natural of its rank and the fewest wild cards that complete it
    (a natural one needs ``melds.canasta_size`` naturals of a rank); wild canastas from the
    wild cards left, with ``melds.wild_melds``; with ``melds.sequences``, sambas of
    ``melds.canasta_size`` cards in a row of one suit. No more, in all, than the naturals and
    wild cards of the pack can fill."""

    canastas: int  # of any kind: ranks, wild canastas (melds.wild_melds), sambas
    natural: int
    mixed: int
    sambas: int

    @classmethod
    def of(cls, rules: RuleSet) -> Capacity:
        """Count, for a rule set whose melds can start (``min_naturals`` of 3 or fewer)."""
        pack, melds = Pack.of(rules), rules.melds
        size = melds.canasta_size
        need = wilds_needed(rules, pack, 0)
        ranks = _rank_canastas(need, pack.wilds)
        wild = (pack.wilds - ranks * (need or 0)) // size if melds.wild_melds else 0
        sambas = len(SUITS) * rules.deck.decks * (RANKS // size) if melds.sequences else 0
        cards = (RANKS * pack.naturals + pack.wilds) // size
        return cls(
            canastas=min(ranks + wild + sambas, cards),
            natural=RANKS if pack.naturals >= size else 0,
            mixed=_rank_canastas(wilds_needed(rules, pack, 1), pack.wilds),
            sambas=sambas,
        )


def card_points(rules: RuleSet, kind: int) -> int:
    """The card points of a kind of card (``points.*``); red 3s have none."""
    p = rules.points
    if kind == JOKER:
        return p.joker
    if kind == TWO:
        return p.two
    if kind == BLACK_THREE:
        return p.black_three
    if kind == ACE:
        return p.ace
    if kind in NATURAL_RANKS:
        return p.four_to_seven if kind <= 7 else p.eight_to_king
    return 0


def meldable_points(rules: RuleSet) -> int:
    """What every card of the pack that may count toward an opening is worth together: the
    naturals, the wild cards unless ``initial_meld.natural_only``, the black 3s when a set of
    them may be laid."""
    counts = kind_counts(rules.deck.decks, rules.deck.jokers)
    kinds = [*NATURAL_RANKS]
    if not rules.initial_meld.natural_only:
        kinds += [TWO, JOKER]
    if rules.melds.black_three_sets:
        kinds.append(BLACK_THREE)
    return sum(counts[k] * max(0, card_points(rules, k)) for k in kinds)
