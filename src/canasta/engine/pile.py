"""The discard pile: when it is frozen, the ways to take it, taking it, leaving it
(docs/rules.md, "The game in brief": the pile; rulings 3, 4, 5 and 13).

A take is one action naming its route: ``take pair`` (two naturals of the top card's rank),
``take 2`` / ``take JK`` (one natural and a wild), ``take meld`` (the top card onto the side's
meld of its rank), ``take seq`` (onto the side's open sequence of its suit, Samba); where suits
matter the route names the suits of the hand's cards (``take pair S H``).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from canasta.cards import FOUR, JOKER, TWO, kind_name, suit_of, suited
from canasta.engine import going_out, partners
from canasta.engine.actions import (
    SUITED_TAKES,
    TAKE_ACTIONS,
    Action,
    Route,
    route_of,
)
from canasta.engine.canastas import (
    DEAD_RANK,
    TWOS_TAME,
    completed_ranks,
    in_meld,
    twos_tame,
    wild_cap,
    wild_rule_refusal,
)
from canasta.engine.going_out import Lookahead
from canasta.engine.hand import joining, receive, spend, take_under
from canasta.engine.opening import open_tentatively
from canasta.engine.refusal import Refusal, Topic, keep, refuse
from canasta.engine.sequences import extends, grow_sequence
from canasta.engine.state import Meld, Phase, Side, SideNo, State
from canasta.engine.tables import Tables

Why = dict[Action, Refusal] | None  #: where a generator records the refusals it meets

# Enum members read once: a member looked up on its enum class costs five times a global.
PAIR, WITH_TWO, WITH_JOKER, ONTO_MELD, ONTO_SEQUENCE = Route
_MELDING = Phase.MELD



class Frozen(StrEnum):
    """Why the pile is frozen against a side (``frozen_by``); each value is the reason's words
    (empty, and false, when it is not frozen)."""

    NOT = ""
    BY_CARDS = "it holds a wild card or a red 3"
    BY_RULES = "these rules say so"
    UNTIL_MELD = "your side has not made its initial meld"


_NOT_FROZEN, _BY_CARDS, _BY_RULES, _UNTIL_MELD = Frozen


def frozen_by(s: State, t: Tables, side: SideNo) -> Frozen:
    """Why the pile is frozen against ``side`` (docs/rules.md, ruling 3): a card in it freezes
    it, the rules freeze it always, or the side has not made its initial meld; in that order,
    the first that holds (a pile the rules freeze stays frozen once the side has melded)."""
    if s.table.freezers:
        return _BY_CARDS
    pile = t.rules.pile
    if pile.always_frozen:
        return _BY_RULES
    if pile.frozen_before_initial_meld and not s.sides[side].opened:
        return _UNTIL_MELD
    return _NOT_FROZEN


def frozen_for(s: State, t: Tables, side: SideNo) -> bool:
    """Whether the pile is frozen against ``side`` (``frozen_by``)."""
    return bool(frozen_by(s, t, side))


def freezers_in(t: Tables, cards: Sequence[int]) -> int:
    """How many of ``cards`` freeze the pile they lie in."""
    return sum(t.freezes[c] for c in cards)


def taken_count(t: Tables, pile_size: int) -> int:
    """How many cards a take takes: the whole pile, or its top ``pile.take_top``."""
    top = t.rules.pile.take_top
    return min(pile_size, top) if top else pile_size


# ---------------------------------------------------------------------- refusals

EMPTY = Refusal("the pile is empty", Topic.PILE)
BLOCKED = Refusal("a black 3 on top of the pile blocks you this turn", Topic.PILE)
NO_SEQUENCE_TAKE = Refusal("these rules take no pile onto a sequence", Topic.PILE)
FROZEN_SEQUENCE = Refusal("the pile is frozen: only two natural cards of its rank will take it",
                          Topic.PILE)
MELD_FIRST = Refusal("your side must make its initial meld before it may take the pile", Topic.PILE)
NO_WILD_TAKE = "these rules take the pile only with two natural {:kinds}"
NO_ADDING = Refusal("these rules do not let you take the pile by adding to a meld", Topic.PILE)


def _common_refusal(s: State, t: Tables) -> Refusal | None:
    """What stops every route: an empty or blocked pile, a top card without a rank, an
    unmelded side that may not take the pile now."""
    table, turn = s.table, s.turn
    if not table.pile:
        return EMPTY
    if table.blocked == turn.seat:
        return BLOCKED
    top = t.rank_of[table.pile[-1]]
    if top < FOUR:  # a wild card or a 3 has no rank to meld the top card with
        return refuse(Topic.PILE, "the pile's top card is a {:kind}, which cannot be melded with",
                      top)
    if t.rules.melds.completed_rank_dead and completed_ranks(s, t)[top]:
        return refuse(Topic.PILE, DEAD_RANK, top)
    if not s.sides[s.seat_sides[turn.seat]].opened:
        if t.rules.pile.initial_meld_before_taking:
            return MELD_FIRST
        if turn.retracts >= t.rules.limits.retracts_per_turn:
            return refuse(Topic.PILE, "you have taken back your opening {} times this turn; draw "
                          "from the stock instead", turn.retracts)
    return None


def _frozen_refusal(why: Frozen, top: int) -> Refusal:
    """Only a natural pair takes a frozen pile (ruling 5); ``why`` it is frozen."""
    return refuse(Topic.PILE, "the pile is frozen ({}): you need two natural {:kinds} in your "
                  "hand, melded with the top card", why.value, top)


def _route_refusal(s: State, t: Tables, route: int, frozen: Frozen, top: int,
                   meld: Meld | None, side: Side) -> Refusal | None:
    """Whether the seat to act (of ``side``, whose meld of the ``top`` rank is ``meld``) may
    take the pile by ``route`` (rulings 4, 5 and 7): the pile frozen, the cards the route needs
    in hand, then what the table decides (``table_refusal``)."""
    hand = s.seats[s.turn.seat].hand
    if route != PAIR and frozen:
        return _frozen_refusal(frozen, top)
    if route == PAIR:
        if hand[top] < 2:
            how = "" if frozen else ", or one and a wild card,"
            return refuse(Topic.PILE, "you need two natural {:kinds}{} in your hand to take the "
                          "pile", top, how)
    elif route != ONTO_MELD:
        wild_kind = TWO if route == WITH_TWO else JOKER
        if not t.rules.pile.take_with_wild:
            return refuse(Topic.PILE, NO_WILD_TAKE, top)
        if hand[top] < 1:
            return refuse(Topic.PILE, "you need a natural {:kind} in your hand to take the pile",
                          top)
        if not hand[wild_kind]:
            return refuse(Topic.PILE, "you have no {:kind} in your hand", wild_kind)
        if wild_kind == TWO and t.rules.melds.twos_tame_while_open and twos_tame(side, t):
            return TWOS_TAME
    return table_refusal(t, route, top, meld, side)


def table_refusal(t: Tables, route: int, top: int, meld: Meld | None,
                  side: Side | None = None) -> Refusal | None:
    """What the table decides of a route, whoever holds the cards: the routes the rules have,
    a meld to add the top card to, the wild-card limit of the meld it makes, its size; with
    the ``side``, the limits of ``canastas.wild_cap`` (Modern American)."""
    rules = t.rules
    if side is not None and t.wild_rules and route in (WITH_TWO, WITH_JOKER):
        nat0 = meld.naturals if meld else 0
        wild0 = meld.twos + meld.jokers if meld else 0
        limit = wild_cap(t, side.melds, side.opened, top, nat0 + 2, wild0)
        if wild0 + 1 > limit and limit < t.cap[nat0 + 2]:
            return wild_rule_refusal(t, side.melds, side.opened, top, nat0 + 2)
    nat = meld.naturals if meld else 0
    wild = meld.twos + meld.jokers if meld else 0
    free = rules.melds.wild_limit_at_laydown_only and nat > 0
    if route == PAIR:
        if not (free or wild <= t.cap[nat + 3]):
            return refuse(Topic.PILE, "your meld of {:kinds} already holds too many wild cards",
                          top)
        grown = nat + wild + 3
    elif route == ONTO_MELD:
        if not rules.pile.take_by_adding:
            return NO_ADDING
        if not nat:
            return refuse(Topic.PILE, "your side has no meld of {:kinds} to add the top card to",
                          top)
        if not rules.pile.canasta_opens_pile and nat + wild >= rules.melds.canasta_size:
            return refuse(Topic.PILE, "your {:kinds} are a completed canasta, which does not open "
                          "the pile", top)
        grown = nat + wild + 1
    else:
        if not rules.pile.take_with_wild:
            return refuse(Topic.PILE, NO_WILD_TAKE, top)
        if not (free or wild + 1 <= t.cap[nat + 2]):
            return refuse(Topic.PILE, "that would put too many wild cards in your meld of {:kinds}",
                          top)
        grown = nat + wild + 3
    if rules.melds.max_size and grown > rules.melds.max_size:
        return refuse(Topic.PILE, "a meld holds at most {} cards under these rules",
                      rules.melds.max_size)
    return None


def routes_open(s: State, t: Tables, side: SideNo, top: int) -> list[Route]:
    """The routes by which ``side`` could take the pile with ``top`` (a natural kind) on it,
    given cards enough in hand: what a player asks of the next player's chances (bots). None
    while the side may not take the pile at all (it must meld first, ruling 4 options)."""
    if not s.sides[side].opened and t.rules.pile.initial_meld_before_taking:
        return []
    if completed_ranks(s, t)[top]:
        return []
    frozen = frozen_by(s, t, side)  # false when not frozen
    meld = s.sides[side].melds[top]
    routes = []
    for route in (PAIR,) if frozen else _ROUTES:
        if table_refusal(t, route, top, meld, s.sides[side]) is None:
            routes.append(route)
    return routes


#: Per route: cards it takes from the hand, and the naturals and wilds it adds to the meld.
_USES: dict[int, tuple[int, int, int]] = {
    PAIR: (2, 3, 0), WITH_TWO: (2, 2, 1), WITH_JOKER: (2, 2, 1),
    ONTO_MELD: (0, 1, 0)}


def _left_after(s: State, t: Tables) -> int:
    """Cards in hand after a take, before the cards it melds from the hand leave it: the taken
    cards less the top, and the face-down ones under the pile, less the 3s laid out or set
    aside among them (``hand.joining``); counted card by card only when the hand holds fewer
    than four cards, the only case where they can decide whether a card is kept."""
    table, player = s.table, s.seats[s.turn.seat]
    taken = taken_count(t, len(table.pile))
    size = player.size + player.foot_size
    if size >= 4:  # a take spends two cards at most: at least two stay, whatever it brings
        return size + taken - 1 + table.under_size
    return size + joining(t, table.pile[len(table.pile) - taken:-1]) + joining(t, table.under)


def _suits_refusal(s: State, t: Tables, action: Action, top: int) -> Refusal | None:
    """A suited route names cards of the hand: it must hold them."""
    cards = s.seats[s.turn.seat].cards
    if cards is not None and action in held_takes(cards, top):
        return None
    return refuse(Topic.PILE, "you do not hold those cards: {}",
                  _Cards(suited(top, suit) for suit in route_of(action)[1]))


class _Cards(tuple[int, ...]):
    """Cards named in a refusal, put into words when it is."""

    def __format__(self, spec: str) -> str:
        return " ".join(kind_name(c) for c in self)


def held_takes(cards: list[int], top: int) -> tuple[Action, ...]:
    """The suited pile routes whose cards of the top's rank the hand holds (by its count of
    that rank in each suit)."""
    base = suited(top, 0)
    return _HELD[(min(cards[base], 2), min(cards[base + 1], 2), min(cards[base + 2], 2),
                  min(cards[base + 3], 2))]


def _held_table() -> dict[tuple[int, ...], tuple[Action, ...]]:
    table: dict[tuple[int, ...], tuple[Action, ...]] = {}
    for key in ((a, b, c, d) for a in range(3) for b in range(3) for c in range(3)
                for d in range(3)):
        table[key] = tuple(
            action for action in SUITED_TAKES if route_of(action)[1]
            and all(key[x] >= route_of(action)[1].count(x) for x in route_of(action)[1]))
    return table


_HELD = _held_table()


#: The rank routes, and where suits matter the route actions naming the hand's suits.
_ROUTES = (PAIR, WITH_TWO, WITH_JOKER, ONTO_MELD)
_SUITED_VARIANTS: dict[int, tuple[Action, ...]] = {
    route: tuple(a for a in SUITED_TAKES if route_of(a)[0] == route)
    for route in (PAIR, WITH_TWO, WITH_JOKER)}


def take_actions(s: State, t: Tables, look: Lookahead, why: Why = None) -> list[Action]:
    """The legal ways to take the pile now (rulings 4 and 5), in code order; with ``why``,
    the refusal of every other take action the rules could offer.

    Without ``why``, a route whose cards the hand does not hold (two of the top's rank, or
    one and the wild card; a meld to add to) is not looked at: no rule could allow it.
    """
    seat = s.turn.seat
    pile = s.table.pile
    side_no = s.seat_sides[seat]
    side = s.sides[side_no]
    hand = s.seats[seat].hand
    routes: list[Route]
    if why is None and pile:
        top = t.rank_of[pile[-1]]
        have = hand[top]
        routes = []
        if have >= 2:
            routes.append(PAIR)
        if have and hand[TWO]:
            routes.append(WITH_TWO)
        if have and hand[JOKER]:
            routes.append(WITH_JOKER)
        if side.melds[top] is not None:
            routes.append(ONTO_MELD)
        if not routes:  # no card of the top's rank, no meld or sequence it fits: no route
            suit = suit_of(pile[-1]) if t.suited else -1
            if suit < 0 or side.runs[suit] is None:
                return []
    else:
        routes = list(_ROUTES)
    common = _common_refusal(s, t)
    if common is not None:
        if why is not None:
            for action in _candidates(t):
                why[action] = common
        return []
    top_card = pile[-1]
    top = t.rank_of[top_card]
    meld = side.melds[top]
    unmelded = not side.opened
    frozen = frozen_by(s, t, side_no)  # false when not frozen
    left = 0 if unmelded else _left_after(s, t)  # stranding judges a melded side's takes
    out: list[Action] = []
    for route in routes:
        refusal = _route_refusal(s, t, route, frozen, top, meld, side)
        used, dn, dw = _USES[route]
        suited = t.suited and route != ONTO_MELD
        if not suited:
            variants: tuple[Action, ...] = (TAKE_ACTIONS[route],)
        elif why is not None:
            variants = _SUITED_VARIANTS[route]
        else:  # only the routes naming cards the hand holds: no other could pass
            cards = s.seats[seat].cards
            assert cards is not None
            variants = tuple(a for a in held_takes(cards, top) if route_of(a)[0] == route)
        for action in variants:
            verdict = refusal
            if verdict is None and suited and why is not None:  # else only routes held
                verdict = _suits_refusal(s, t, action, top)
            if verdict is None and not unmelded and left - used < 2:
                verdict = going_out.stranding(s, t, left - used, (top, dn, dw), 0, action, look)
            keep(out, why, action, verdict)
    if t.suited:
        action = TAKE_ACTIONS[ONTO_SEQUENCE]
        verdict = _sequence_refusal(s, t, top_card, frozen)
        if verdict is None and not unmelded:
            verdict = going_out.stranding(s, t, left, None, 0, action, look)
        keep(out, why, action, verdict)
    return out


def _sequence_refusal(s: State, t: Tables, top_card: int, frozen: Frozen) -> Refusal | None:
    """The top card onto the side's open sequence of its suit (Samba)."""
    if not t.rules.pile.take_onto_sequence:
        return NO_SEQUENCE_TAKE
    if frozen:
        return FROZEN_SEQUENCE
    if not extends(s.sides[s.seat_sides[s.turn.seat]], t, top_card):
        return refuse(Topic.PILE, "the {:kind} does not fit an end of your side's sequence",
                      top_card)
    return None


def _candidates(t: Tables) -> list[Action]:
    """Every take action the rules could ever offer (suited routes where suits matter)."""
    if t.suited:
        return [*SUITED_TAKES, TAKE_ACTIONS[ONTO_MELD]]
    return list(TAKE_ACTIONS[:ONTO_SEQUENCE])


def form_refusal(t: Tables, action: Action) -> Refusal | None:
    """A take written for other rules: suits named where they play no part, or missing where
    they do, or a sequence route without sequences."""
    route, suits = route_of(action)
    if route == ONTO_SEQUENCE:
        return None if t.suited else NO_SEQUENCE_TAKE
    if route != ONTO_MELD and t.suited != bool(suits):
        return Refusal("name the suits of the cards from your hand, e.g. 'take pair S H'"
                       if t.suited else "suits play no part in these rules: 'take pair'",
                       Topic.PILE)
    return None


# ---------------------------------------------------------------------- taking and leaving it

def take(s: State, t: Tables, action: Action) -> bool:
    """Take the pile: the top card is melded at once with the route's cards; the rest of the
    pile joins the hand, or waits beside the table until a tentative opening is committed
    (docs/rules.md, "Tentative openings"). True when the hand is left empty."""
    seat = s.turn.seat
    side = s.sides[s.seat_sides[seat]]
    player, table, turn = s.seats[seat], s.table, s.turn
    rules = t.rules
    route, suits = route_of(action)
    unmelded = not side.opened
    if unmelded:
        open_tentatively(s, t)
    count = taken_count(t, len(table.pile))
    taken = table.pile[-count:]
    del table.pile[-count:]
    top_card = taken.pop()
    top = t.rank_of[top_card]
    laid = t.points[top] if rules.initial_meld.top_card_counts else 0
    used = 0
    if route == ONTO_SEQUENCE:
        grow_sequence(s, t, side, top_card)
    else:
        meld = side.melds[top]
        nat, two, jok = (meld.naturals, meld.twos, meld.jokers) if meld else (0, 0, 0)
        before = nat + two + jok
        if not before:
            turn.created = (*turn.created, top)
        naturals = [suited(top, x) for x in suits] if suits else \
            [top] * (2 if route == PAIR else 1 if route != ONTO_MELD else 0)
        for card in naturals:
            spend(s, t, seat, card)
        nat += 1 + len(naturals)
        laid += t.points[top] * len(naturals)
        if route in (WITH_TWO, WITH_JOKER):
            wild = TWO if route == WITH_TWO else JOKER
            spend(s, t, seat, wild)
            if wild == TWO:
                two += 1
            else:
                jok += 1
            laid += t.points[wild]
        side.melds[top] = Meld(top, nat, two, jok)
        used = len(naturals) + (route in (WITH_TWO, WITH_JOKER))
        if before < rules.melds.canasta_size:
            if rules.melds.canasta_size <= nat + two + jok:
                side.canastas += 1
        elif t.canasta_top > before:  # a rank's next canastas (Samba: canastas_per_rank)
            side.canastas += in_meld(t, top, nat + two + jok) - in_meld(t, top, before)
    player.size -= used
    table.freezers = freezers_in(t, table.pile)
    table.blocked = -1
    turn.took = True
    turn.melded = True
    turn.phase = _MELDING
    if unmelded:
        opening = turn.opening
        assert opening is not None
        turn.opening_points += laid
        # a one-card pile leaves nothing waiting, unless face-down cards wait under it (they
        # stay on the table until the commit: deal.pile_by_upcard)
        opening.pending = tuple(taken) if taken or table.under_size else None
        return False
    if t.partners_at_pile:
        partners.form(s, t, seat)  # the first to take the pile plays alone (cutthroat)
    receive(s, t, seat, taken)
    take_under(s, t, seat)
    return player.size == 0

DECLINE_WITH_STOCK = Refusal("you may leave the pile only when the stock is empty; draw instead",
                             Topic.PILE)
COMPULSORY = Refusal("the stock is empty and the pile's top card fits your side's meld: taking "
                     "the pile is compulsory (docs/rules.md, \"Stock exhausted\")", Topic.PILE)


def decline_refusal(s: State, t: Tables, routes: list[Action]) -> Refusal | None:
    """With the stock gone a player may leave the pile (ending the hand) unless the top card
    fits a meld of the side: then the take is compulsory (ruling 13)."""
    if s.table.stock:
        return DECLINE_WITH_STOCK
    return COMPULSORY if TAKE_ACTIONS[ONTO_MELD] in routes else None
