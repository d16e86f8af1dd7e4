"""Rule sets no game can be played under.

Each check reads a rule set and returns what is wrong, naming the keys involved and their
values, or None. ``canasta.rules.loading.check`` runs them in order (``CHECKS``) and refuses a
rule set with the first reason. What a side could make is counted over the whole pack, as if
that side held every card, so a check refuses only what no deal can ever allow.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from canasta.cards import ACE, BLACK_THREE, FOUR, JOKER, NATURAL_RANKS, SUITS, TWO, kind_counts
from canasta.rules.ruleset import RuleSet

Check = Callable[[RuleSet], str | None]

#: A new meld is laid as three cards ("meld K K K", "meld K K 2") and grows by additions
#: (docs/rules.md, "How the engine settles what the texts leave open": the turn as actions).
NEW_MELD_CARDS = 3
#: The natural ranks, 4 up to the ace. A side has one meld of each (docs/rules.md, "Melds"),
#: so at most this many canastas of ranks.
RANKS = len(NATURAL_RANKS)
#: Canastas that pay ``canastas.seven_canastas_bonus``.
SEVEN = 7


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


def _wilds_needed(rules: RuleSet, pack: Pack, least: int) -> int | None:
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
        need = _wilds_needed(rules, pack, 0)
        ranks = _rank_canastas(need, pack.wilds)
        wild = (pack.wilds - ranks * (need or 0)) // size if melds.wild_melds else 0
        sambas = len(SUITS) * rules.deck.decks * (RANKS // size) if melds.sequences else 0
        cards = (RANKS * pack.naturals + pack.wilds) // size
        return cls(
            canastas=min(ranks + wild + sambas, cards),
            natural=RANKS if pack.naturals >= size else 0,
            mixed=_rank_canastas(_wilds_needed(rules, pack, 1), pack.wilds),
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
    if _wilds_needed(rules, pack, 0) is not None and \
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


# ---------------------------------------------------------------------- issue 16: Italian and
# the details the presets left out (docs/rules.md, Presets: italian, cuban, brazilian)

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


AMERICAN_CHECKS: tuple[Check, ...] = (
    special_ranks_consistent,
    unfinished_wild_binds_needs_wild_melds,
    black_threes_as_bonus_cards,
    neutral_band_below_positive,
    bonus_piles_fit,
    discard_to_go_out,
)


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
    *AMERICAN_CHECKS,
    partners_at_pile_fits,
)


def first_problem(rules: RuleSet) -> str | None:
    """Why no game can be played under ``rules`` (the first reason found), or None."""
    for check in CHECKS:
        reason = check(rules)
        if reason is not None:
            return reason
    return None
