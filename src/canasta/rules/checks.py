"""Rule sets no game can be played under.

Each check reads a rule set and returns what is wrong, naming the keys involved and their
values, or None. ``canasta.rules.loading.check`` runs them in order (``CHECKS``) and refuses a
rule set with the first reason. What a side could make is counted over the whole pack, as if
that side held every card, so a check refuses only what no deal can ever allow.
"""

from __future__ import annotations

from collections.abc import Callable

from canasta.rules.capacity import RANKS, Capacity, Pack, meldable_points, wilds_needed
from canasta.rules.ruleset import RuleSet
from canasta.rules.variant_checks import (
    black_threes_as_bonus_cards,
    bonus_piles_fit,
    count_bonuses_valid,
    discard_to_go_out,
    neutral_band_below_positive,
    partners_at_pile_fits,
    sambas_grow_needs_sequences,
    special_ranks_consistent,
    twos_meld_needs_wild_melds,
    unfinished_wild_binds_needs_wild_melds,
    upcard_pile_fits,
)

Check = Callable[[RuleSet], str | None]

#: A new meld is laid as three cards ("meld K K K", "meld K K 2") and grows by additions
#: (docs/rules.md, "How the engine settles what the texts leave open": the turn as actions).
NEW_MELD_CARDS = 3
#: Canastas that pay ``canastas.seven_canastas_bonus``.
SEVEN = 7


# ---------------------------------------------------------------------- players and the deal


def sides_split(rules: RuleSet) -> str | None:
    """Every side has as many players as every other."""
    players, sides = rules.players.count, rules.players.sides
    if players % sides:
        return f"players.count = {players} cannot be split into players.sides = {sides} equal sides"
    return None


def stock_left(rules: RuleSet) -> str | None:
    """The deal leaves a card for the upcard and at least one for the stock."""
    deal, players = rules.deal, rules.players.count
    dealt = players * (deal.hand_size + deal.foot_size)
    pack = Pack.of(rules)
    if dealt + 2 <= pack.size:
        return None
    if deal.foot_size:
        what = (f"deal.hand_size + deal.foot_size = {deal.hand_size + deal.foot_size} for "
                f"{players} players deal")
    else:
        what = f"deal.hand_size = {deal.hand_size} for {players} players deals"
    return (f"{what} {dealt} cards, but the pack holds {pack.size} ({pack.words}): it must "
            "keep back at least 2, the upcard and a stock to draw from")


# ---------------------------------------------------------------------- melds and canastas


def meld_of_three(rules: RuleSet) -> str | None:
    """The wild-card limits allow a meld of three cards."""
    if rules.melds.min_naturals + rules.melds.max_wilds < NEW_MELD_CARDS:
        return "melds.min_naturals + melds.max_wilds must allow a meld of three cards"
    return None


def naturals_fit(rules: RuleSet) -> str | None:
    """A meld can hold the naturals it must hold: the pack has that many of a rank, a meld may
    hold that many cards, a canasta needs no more."""
    melds, pack = rules.melds, Pack.of(rules)
    need = melds.min_naturals
    if need > pack.naturals:
        return (f"melds.min_naturals = {need} is more natural cards of a rank than the pack "
                f"holds: {pack.naturals} ({pack.words})")
    if melds.max_size and need > melds.max_size:
        return (f"melds.min_naturals = {need} is more than melds.max_size = {melds.max_size}, "
                "the most cards a meld may hold")
    if need > melds.canasta_size:
        return (f"melds.min_naturals = {need} is more than melds.canasta_size = "
                f"{melds.canasta_size}: a meld would need more naturals than a canasta has cards")
    return None


def naturals_of_a_new_meld(rules: RuleSet) -> str | None:
    """A new meld is three cards, so it cannot be asked to hold more than three naturals."""
    need = rules.melds.min_naturals
    if need > NEW_MELD_CARDS:
        return (f"melds.min_naturals = {need}: a new meld is laid as {NEW_MELD_CARDS} cards "
                f"and grows by additions, so it can hold at most {NEW_MELD_CARDS} naturals "
                "(docs/rules.md, \"How the engine settles what the texts leave open\")")
    return None


def canasta_reachable(rules: RuleSet) -> str | None:
    """A meld of a rank can grow to ``melds.canasta_size`` cards within the wild-card limits."""
    melds, pack = rules.melds, Pack.of(rules)
    if wilds_needed(rules, pack, 0) is not None and \
            pack.naturals + pack.wilds >= melds.canasta_size:
        return None
    head = (f"melds.canasta_size = {melds.canasta_size} can never be reached: a meld holds at "
            f"most {pack.naturals} natural cards ({pack.words})")
    if melds.wild_limit_at_laydown_only:
        return f"{head} and the pack's {pack.wilds} wild cards"
    return (f"{head} and {rules.wilds_allowed(pack.naturals)} wild cards with them "
            f"(melds.max_wilds = {melds.max_wilds}, melds.wild_ratio = {melds.wild_ratio!r})")


def max_size_holds_a_canasta(rules: RuleSet) -> str | None:
    """A meld may grow to a canasta."""
    melds = rules.melds
    if melds.max_size and melds.max_size < melds.canasta_size:
        return f"melds.max_size = {melds.max_size} is below melds.canasta_size"
    return None


def wild_bonuses_need_wild_melds(rules: RuleSet) -> str | None:
    """The bonuses and penalty of wild canastas need melds of wild cards."""
    c = rules.canastas
    if not rules.melds.wild_melds and (c.wild_bonus or c.wild_twos_bonus or c.wild_jokers_bonus
                                       or c.unfinished_wild_penalty):
        return "canastas.wild_* are set but melds.wild_melds is off: no wild canasta can be made"
    return None


def sequences_without_feet(rules: RuleSet) -> str | None:
    """Sequences need suits, which feet do not hold yet."""
    if rules.melds.sequences and rules.deal.foot_size:
        return "melds.sequences with deal.foot_size is not supported: feet hold no suits yet"
    return None


def black_three_sets_fit(rules: RuleSet) -> str | None:
    """Every size of black-3 set can be laid: the pack holds that many, a meld that many."""
    melds, pack = rules.melds, Pack.of(rules)
    sizes = list(melds.black_three_sets)
    if any(n > pack.black_threes for n in sizes):
        return (f"melds.black_three_sets = {sizes}: the pack holds only {pack.black_threes} "
                "black 3s")
    if melds.max_size and any(n > melds.max_size for n in sizes):
        return (f"melds.black_three_sets = {sizes}: a meld holds at most melds.max_size = "
                f"{melds.max_size} cards")
    return None


# ---------------------------------------------------------------------- the initial meld


def tiers_rise(rules: RuleSet) -> str | None:
    """The tiers of the minimum start at 0 or more and rise strictly."""
    tiers = rules.initial_meld.tiers
    thresholds = [t for t, _ in tiers]
    if thresholds != sorted(thresholds) or len(set(thresholds)) != len(thresholds):
        return f"initial_meld.tiers = {list(tiers)}: scores must rise strictly"
    if thresholds and thresholds[0] < 0:
        return ("initial_meld.tiers: scores must be 0 or more (below zero is "
                "initial_meld.below_zero)")
    return None


def minimums_reachable(rules: RuleSet) -> str | None:
    """No minimum of the opening is more than the pack's meldable cards are worth."""
    im = rules.initial_meld
    minimums = [("initial_meld.tiers", value) for _, value in im.tiers]
    if im.by == "score" or not any(t <= 1 for t, _ in im.tiers):  # else deal 1 has a tier
        minimums.insert(0, ("initial_meld.below_zero", im.below_zero))
    worth = meldable_points(rules)
    for key, value in minimums:
        if value > worth:
            return (f"{key}: a minimum of {value} can never be met: every card of the pack "
                    f"that may count toward an opening is worth {worth} in all (points.*, "
                    f"{Pack.of(rules).words})")
    return None


def canasta_tiers_valid(rules: RuleSet) -> str | None:
    """Each canasta tier asks for none (0), any (1) or a natural (2) canasta, one that can be
    made (an opening that holds no wild card holds a natural canasta)."""
    im, pack, size = rules.initial_meld, Pack.of(rules), rules.melds.canasta_size
    for score, need in im.canasta_tiers:
        if need not in (0, 1, 2):
            return f"initial_meld.canasta_tiers: {need} is not 0 (none), 1 (any) or 2 (natural)"
        natural = need == 2 or (need == 1 and im.natural_only)
        if natural and pack.naturals < size:
            return (f"initial_meld.canasta_tiers asks for a natural canasta from {score}, but "
                    f"none can be made: melds.canasta_size = {size} is more than the "
                    f"{pack.naturals} natural cards of a rank the pack holds ({pack.words})")
    return None


# ---------------------------------------------------------------------- going out


def concealed_needs_a_canasta(rules: RuleSet) -> str | None:
    """Going out concealed without the minimum is an exemption of a side that has canastas."""
    if rules.going_out.canastas == 0 and rules.going_out.concealed_exemption:
        return "going_out.concealed_exemption needs going_out.canastas of at least 1"
    return None


def quotas_within_canastas(rules: RuleSet) -> str | None:
    """The natural, mixed and samba quotas are parts of ``going_out.canastas``."""
    go = rules.going_out
    quotas = [(key, n) for key, n in (("going_out.natural_canastas", go.natural_canastas),
                                      ("going_out.mixed_canastas", go.mixed_canastas),
                                      ("going_out.sambas", go.sambas)) if n]
    total = sum(n for _, n in quotas)
    if total > go.canastas:
        keys = " + ".join(key for key, _ in quotas)
        return f"{keys} = {total}: more than going_out.canastas = {go.canastas}"
    return None


def canastas_makeable(rules: RuleSet) -> str | None:
    """A side can make the canastas it needs to go out."""
    need, cap = rules.going_out.canastas, Capacity.of(rules)
    if need > cap.canastas:
        return (f"going_out.canastas = {need} is more canastas than a side can ever make: at "
                f"most {cap.canastas} of melds.canasta_size = {rules.melds.canasta_size} cards "
                f"from {Pack.of(rules).words}")
    return None


def natural_quota_makeable(rules: RuleSet) -> str | None:
    """A side can make the natural canastas it needs to go out."""
    need, cap = rules.going_out.natural_canastas, Capacity.of(rules)
    if need <= cap.natural:
        return None
    if cap.natural:
        return (f"going_out.natural_canastas = {need}: a side makes at most {cap.natural} "
                "natural canastas, one per rank from 4 to ace")
    pack = Pack.of(rules)
    return (f"going_out.natural_canastas = {need} can never be met: a natural canasta needs "
            f"melds.canasta_size = {rules.melds.canasta_size} natural cards of one rank and "
            f"the pack holds {pack.naturals} of each ({pack.words})")


def mixed_quota_makeable(rules: RuleSet) -> str | None:
    """A side can make the mixed canastas it needs to go out."""
    need, cap, melds = rules.going_out.mixed_canastas, Capacity.of(rules), rules.melds
    if need > cap.mixed:
        return (f"going_out.mixed_canastas = {need} is more mixed canastas than a side can ever "
                f"make: at most {cap.mixed} of melds.canasta_size = {melds.canasta_size} cards "
                f"with melds.max_wilds = {melds.max_wilds} and melds.wild_ratio = "
                f"{melds.wild_ratio!r} from {Pack.of(rules).words}")
    return None


def rank_quotas_fit(rules: RuleSet) -> str | None:
    """Natural and mixed canastas are canastas of ranks: together no more than the ranks."""
    go = rules.going_out
    total = go.natural_canastas + go.mixed_canastas
    if total > RANKS:
        return (f"going_out.natural_canastas + going_out.mixed_canastas = {total}: a side has "
                f"at most {RANKS} melds of ranks, one per rank from 4 to ace")
    return None


def samba_quota_makeable(rules: RuleSet) -> str | None:
    """A side can make the sambas it needs to go out."""
    need = rules.going_out.sambas
    if not need:
        return None
    if not rules.melds.sequences:
        return "going_out.sambas needs melds.sequences: without sequences there is no samba"
    cap = Capacity.of(rules)
    if need > cap.sambas:
        return (f"going_out.sambas = {need} is more sambas than a side can ever make: at most "
                f"{cap.sambas} runs of melds.canasta_size = {rules.melds.canasta_size} cards "
                f"in the suits from 4 to ace with deck.decks = {rules.deck.decks}")
    return None


def asking_possible(rules: RuleSet) -> str | None:
    """Going out only after the partner's yes needs a partner to ask and leave to ask."""
    go, players = rules.going_out, rules.players
    if not go.must_ask:
        return None
    if not go.ask_partner:
        return ("going_out.must_ask needs going_out.ask_partner: with no asking, no one could "
                "ever go out")
    if players.count == players.sides:
        return (f"going_out.must_ask with players.count = {players.count} in players.sides = "
                f"{players.sides}: no player has a partner to ask, so no one could ever go out")
    return None


# ---------------------------------------------------------------------- scoring and the end


def game_ends(rules: RuleSet) -> str | None:
    """The game ends at a target score or after a number of deals."""
    if not rules.game.target and not rules.game.deals:
        return "game.target = 0 needs game.deals: the game must end somehow"
    return None


def red_three_values_start_at_zero(rules: RuleSet) -> str | None:
    """No red 3s are worth nothing."""
    values = rules.red_threes.values
    if values and values[0] != 0:
        return f"red_threes.values = {list(values)}: the first entry (no red 3) must be 0"
    return None


def red_threes_can_count(rules: RuleSet) -> str | None:
    """A side can make the canastas its red 3s need to count for it."""
    need, cap = rules.red_threes.positive_needs_canastas, Capacity.of(rules)
    if need > cap.canastas:
        return (f"red_threes.positive_needs_canastas = {need} is more canastas than a side can "
                f"ever make (at most {cap.canastas}): red 3s could never count for a side")
    return None


def seven_canastas_makeable(rules: RuleSet) -> str | None:
    """A side can make the seven canastas that pay ``canastas.seven_canastas_bonus``."""
    bonus, cap = rules.canastas.seven_canastas_bonus, Capacity.of(rules)
    if bonus and cap.canastas < SEVEN:
        return (f"canastas.seven_canastas_bonus = {bonus} can never be paid: a side can make "
                f"at most {cap.canastas} canastas of melds.canasta_size = "
                f"{rules.melds.canasta_size} cards from {Pack.of(rules).words}")
    return None


#: Every check, in the order they are tried: the first reason found is the one reported.
CHECKS: tuple[Check, ...] = (
    sides_split,
    stock_left,
    meld_of_three,
    naturals_fit,
    naturals_of_a_new_meld,
    canasta_reachable,
    max_size_holds_a_canasta,
    tiers_rise,
    minimums_reachable,
    canasta_tiers_valid,
    concealed_needs_a_canasta,
    quotas_within_canastas,
    canastas_makeable,
    natural_quota_makeable,
    mixed_quota_makeable,
    rank_quotas_fit,
    samba_quota_makeable,
    asking_possible,
    game_ends,
    red_three_values_start_at_zero,
    red_threes_can_count,
    seven_canastas_makeable,
    wild_bonuses_need_wild_melds,
    sequences_without_feet,
    black_three_sets_fit,
    # issue 16
    upcard_pile_fits,
    twos_meld_needs_wild_melds,
    sambas_grow_needs_sequences,
    count_bonuses_valid,
    special_ranks_consistent,
    unfinished_wild_binds_needs_wild_melds,
    black_threes_as_bonus_cards,
    neutral_band_below_positive,
    bonus_piles_fit,
    discard_to_go_out,
    partners_at_pile_fits,
)


def first_problem(rules: RuleSet) -> str | None:
    """Why no game can be played under ``rules`` (the first reason found), or None."""
    for check in CHECKS:
        reason = check(rules)
        if reason is not None:
            return reason
    return None
