"""The checks of the variants' options (issue 16; docs/rules.md, Presets: italian, cuban,
brazilian, modern_american, cutthroat): rule sets no game can be played under, as in
``canasta.rules.checks``, which runs these after its own.
"""

from __future__ import annotations

from canasta.rules.capacity import Capacity, Pack
from canasta.rules.ruleset import RuleSet

# ---------------------------------------------------------------------- Italian and the details
# the presets left out (docs/rules.md, Presets: italian, cuban, brazilian)

#: The most cards an upcard can set under itself (a king, ``deal.pile_by_upcard``).
UPCARD_PILE_MOST = 13


def upcard_pile_fits(rules: RuleSet) -> str | None:
    """A pile sized by the upcard is taken whole, and the stock outlasts it."""
    if not rules.deal.pile_by_upcard:
        return None
    if rules.pile.take_top:
        return (f"deal.pile_by_upcard with pile.take_top = {rules.pile.take_top} is not "
                "supported: the face-down cards lie under the whole pile, taken with it")
    if rules.stock_out.mode == "turn_pile":
        return ("deal.pile_by_upcard with stock_out.mode = 'turn_pile' is not supported: the "
                "face-down cards would be turned into the stock unseen")
    deal = rules.deal
    dealt = rules.players.count * (deal.hand_size + deal.foot_size)
    pack = Pack.of(rules)
    if dealt + UPCARD_PILE_MOST + 2 > pack.size:
        return (f"deal.pile_by_upcard: the deal takes {dealt} cards and a king upcard "
                f"{UPCARD_PILE_MOST} more, but the pack holds {pack.size} ({pack.words}): it "
                "must keep back a stock to draw from")
    return None


def twos_meld_needs_wild_melds(rules: RuleSet) -> str | None:
    """A meld of 2s, and the rule that tames 2s while it is open, are melds of wild cards."""
    melds = rules.melds
    for key, on in (("melds.twos_meld", melds.twos_meld),
                    ("melds.twos_tame_while_open", melds.twos_tame_while_open)):
        if on and not melds.wild_melds:
            return f"{key} needs melds.wild_melds: the meld of 2s is the meld of wild cards"
    return None


def sambas_grow_needs_sequences(rules: RuleSet) -> str | None:
    """Only sequences make sambas to grow."""
    if rules.melds.sambas_grow_going_out and not rules.melds.sequences:
        return "melds.sambas_grow_going_out needs melds.sequences: there is no samba to grow"
    return None


def count_bonuses_valid(rules: RuleSet) -> str | None:
    """Each row of ``canastas.count_bonuses`` asks for canastas a side can make, its natural
    ones among them."""
    cap = Capacity.of(rules)
    for natural, total, points in rules.canastas.count_bonuses:
        row = [natural, total, points]
        if total < 1 or natural < 0 or natural > total:
            return (f"canastas.count_bonuses row {row}: needs 1 canasta or more, and no more "
                    "natural ones than canastas")
        if total > cap.canastas or natural > cap.natural:
            return (f"canastas.count_bonuses row {row} can never be paid: a side makes at most "
                    f"{cap.canastas} canastas, {cap.natural} of them natural")
    return None


# ---------------------------------------------------------------------- Modern American (issue 16)
# The options of docs/rules.md, Presets: modern_american.


def special_ranks_consistent(rules: RuleSet) -> str | None:
    """Wild cards within the opening are a privilege of special ranks; their bonuses and
    penalties need special ranks."""
    melds, c = rules.melds, rules.canastas
    extra = sorted(set(melds.special_wild_in_opening) - set(melds.special_ranks))
    if extra:
        return (f"melds.special_wild_in_opening names {', '.join(extra)}, which "
                "melds.special_ranks does not: only a special rank has that privilege")
    if not melds.special_ranks and (c.special_bonus or c.unfinished_special_penalty
                                    or rules.points.special_in_hand):
        return ("canastas.special_bonus, canastas.unfinished_special_penalty or "
                "points.special_in_hand is set but melds.special_ranks is empty")
    return None


def unfinished_wild_binds_needs_wild_melds(rules: RuleSet) -> str | None:
    """Only a meld of wild cards can be unfinished."""
    if rules.melds.unfinished_wild_binds and not rules.melds.wild_melds:
        return "melds.unfinished_wild_binds needs melds.wild_melds"
    return None


def black_threes_as_bonus_cards(rules: RuleSet) -> str | None:
    """Black 3s laid out at once are never melded, and red 3s are laid out as they are."""
    if not rules.red_threes.black_too:
        return None
    if rules.melds.black_three_sets:
        return ("red_threes.black_too lays black 3s out at once, so melds.black_three_sets "
                f"= {list(rules.melds.black_three_sets)} could never be laid: set it to []")
    if rules.red_threes.hold:
        return ("red_threes.black_too lays 3s out at once, red_threes.hold keeps them in hand: "
                "choose one")
    return None


def neutral_band_below_positive(rules: RuleSet) -> str | None:
    """Threes are neutral from ``neutral_canastas`` up to ``positive_needs_canastas``."""
    r3 = rules.red_threes
    if r3.neutral_canastas and r3.neutral_canastas >= r3.positive_needs_canastas:
        return (f"red_threes.neutral_canastas = {r3.neutral_canastas} must be below "
                f"red_threes.positive_needs_canastas = {r3.positive_needs_canastas}")
    return None


def bonus_piles_fit(rules: RuleSet) -> str | None:
    """The bonus piles come out of the stock, one per side at most, and not with feet."""
    piles = list(rules.deal.bonus_piles)
    if not piles:
        return None
    if len(piles) > rules.players.sides:
        return (f"deal.bonus_piles = {piles}: more piles than the {rules.players.sides} sides "
                "that could take them")
    if rules.deal.foot_size:
        return "deal.bonus_piles with deal.foot_size is not supported"
    dealt = rules.players.count * rules.deal.hand_size + sum(piles)
    size = Pack.of(rules).size
    if dealt + 2 > size:
        return (f"the deal and deal.bonus_piles = {piles} take {dealt} cards of the pack's "
                f"{size}: it must keep back at least 2, the upcard and a stock")
    return None


def discard_to_go_out(rules: RuleSet) -> str | None:
    """Going out with a discard cannot end on a black-3 set that must be the last cards."""
    if rules.going_out.needs_discard and rules.melds.black_three_set_last:
        return ("going_out.needs_discard with melds.black_three_set_last: a set that must be "
                "the last cards of the hand leaves nothing to discard")
    return None


# ---------------------------------------------------------------------- cutthroat (issue 16)


def partners_at_pile_fits(rules: RuleSet) -> str | None:
    """The partnership formed at the pile (``players.partners_at_pile``) is three players, each
    alone until then, on tables of ranks only, with nobody to ask before it forms."""
    if not rules.players.partners_at_pile:
        return None
    players, go = rules.players, rules.going_out
    if players.count != 3 or players.sides != 3:
        return (f"players.partners_at_pile needs players.count = 3 and players.sides = 3 (each "
                f"alone until the pile is taken), not {players.count} in {players.sides}")
    if rules.melds.sequences:
        return ("players.partners_at_pile with melds.sequences is not supported: two partners' "
                "sequences of one suit cannot be combined")
    if go.ask_partner or go.must_ask or go.acaba:
        return ("players.partners_at_pile needs going_out.ask_partner, must_ask and acaba off: "
                "a player has no partner to ask until the pile is taken")
    if rules.deal.foot_size:
        return "players.partners_at_pile with deal.foot_size is not supported"
    return None
