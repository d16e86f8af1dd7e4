"""Sampling a full game consistent with one seat's view (for search bots).

A bot never sees the state. To search, it deals the cards it cannot see at random — among the
cards not accounted for by its own hand, the table, the pile and what other players are known
to hold (cards they took from the pile) — and plays on from the result. The sampled game's
``view(seat)`` equals the view it was sampled from.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from canasta.cards import BLACK_THREE, NUM_CODES, NUM_KINDS, RED_THREE, SUITED, rank_of, suited
from canasta.engine.game import PHASE_NAMES, Game
from canasta.engine.tables import tables_for
from canasta.engine.view import ACABA_STATES, PlayerView
from canasta.errors import CanastaError


def unseen_cards(view: PlayerView) -> list[int]:
    """The kind counts of cards the seat cannot place: other hands (beyond what is known of
    them) and the stock."""
    t = tables_for(view.rules)
    left = list(t.pack)
    for kind, n in enumerate(view.hand):
        left[kind] -= n
    for melds in view.melds:
        for meld in melds:
            left[meld.rank] -= meld.naturals
            left[1] -= meld.twos
            left[0] -= meld.jokers
    left[RED_THREE] -= sum(view.red_threes)
    left[BLACK_THREE] -= sum(view.removed_black_threes)
    for card in (*view.pile, *view.pending):
        left[rank_of(card)] -= 1
    for runs in view.sequences:
        for _, low, high in runs:
            for rank in range(low, high + 1):
                left[rank] -= 1
    for seat, known in enumerate(view.known):
        if seat != view.seat:
            for kind, n in enumerate(known):
                left[kind] -= n
    if min(left) < 0:
        raise CanastaError("the view accounts for more cards than the pack holds")
    return left


#: How likely a hidden card is kept in a seat's hand when dealt to it (seat, kind, the seat's
#: cards so far, as kind counts); 1.0 everywhere deals uniformly.
Likelihood = Callable[[int, int, list[int]], float]

#: Redraws before a dealt card is kept whatever its likelihood.
TRIES = 4


def determinize(view: PlayerView, rng: random.Random, one_hand: bool = False,
                likely: Likelihood | None = None) -> Game:
    """A complete game that agrees with ``view`` in everything the seat can see.

    Hidden cards are dealt uniformly at random; future deals use a seed drawn from ``rng``.
    With ``one_hand`` the game ends with the current hand instead of dealing the next one
    (over, with no winner unless the hand ends the game): what a search that looks no
    further than the hand needs, without the cost of a deal nobody plays.

    ``likely`` weights the other hands by what their play suggests: a card dealt to a hand is
    kept with that probability, else put back and another drawn (after ``TRIES`` draws the
    card is kept). Every card still goes somewhere, so the game agrees with the view either way.
    """
    t = tables_for(view.rules)
    players = t.players
    pool = [k for k, n in enumerate(unseen_cards(view)) for _ in range(n)]
    rng.shuffle(pool)
    feet = []
    for seat in range(players):
        foot = [0] * NUM_KINDS
        for _ in range(view.foot_sizes[seat]):
            foot[pool.pop()] += 1
        feet.append(foot)
    hands = []
    for seat in range(players):
        if seat == view.seat:
            hands.append(list(view.hand))
            continue
        hand = list(view.known[seat])
        for _ in range(view.hand_sizes[seat] - sum(hand)):
            hand[pool.pop() if likely is None else _draw(pool, rng, seat, hand, likely)] += 1
        hands.append(hand)
    if len(pool) != view.stock_size:
        raise CanastaError("the view's hand sizes and stock size do not fit the pack")
    g = Game.__new__(Game)
    g.rules, g.t, g.seed = view.rules, t, rng.randrange(2**63)
    g.scores = list(view.scores)
    g.results = list(view.results)
    g.over = view.current_player == -1
    g.one_hand = one_hand
    g.winner = _winner(view) if g.over else -1
    g.deal_number, g.dealer, g.dealer_cuts = view.deal_number, view.dealer, ()
    g.history = []
    g._legal = None
    g._views = []
    g.hands, g.hsize = hands, list(view.hand_sizes)
    g.known = [list(k) for k in view.known]
    g.foot, g.footsz = feet, list(view.foot_sizes)
    g.removed3 = list(view.removed_black_threes)
    g.min_canasta = list(view.opening_canasta)
    g.cut_side = view.cut_side
    g.acaba_perm = next(code for code, text in ACABA_STATES.items() if text == view.acaba)
    g.red3 = list(view.red_threes)
    g.mnat = [[0] * NUM_KINDS for _ in range(t.sides)]
    g.mtwo = [[0] * NUM_KINDS for _ in range(t.sides)]
    g.mjok = [[0] * NUM_KINDS for _ in range(t.sides)]
    for side, melds in enumerate(view.melds):
        for meld in melds:
            g.mnat[side][meld.rank] = meld.naturals
            g.mtwo[side][meld.rank] = meld.twos
            g.mjok[side][meld.rank] = meld.jokers
    g.ncan = list(view.canastas)
    g.initial_done = list(view.initial_done)
    g.laid_before = list(view.laid_before)
    g.minimum = list(view.base_minimums)
    g.yes_failures = list(view.yes_failures)
    g.stock = pool
    g.pile = list(view.pile)
    g.freezers = sum(t.freezes[k] for k in g.pile)
    g.blocked, g.turns = view.blocked_seat, view.turns
    g.current = view.current_player if not g.over else 0
    g.phase = PHASE_NAMES.index(view.phase)
    g.asker, g.asked, g.drew, g.took = view.asker, view.asked, view.drew, view.took
    g.permission = {"": 0, "yes": 1, "no": -1}[view.permission]
    g.retracts, g.melded_turn, g.created = view.retracts, view.melded_turn, list(view.created)
    g.opening, g.op_points = view.opening, view.opening_points
    g.pending = list(view.pending) if view.opening and view.took else None
    g.seqs = [[None] * 4 for _ in range(t.sides)]
    g.sambas = [[] for _ in range(t.sides)]
    cs = view.rules.melds.canasta_size
    for side, runs in enumerate(view.sequences):
        for suit, low, high in runs:
            if high - low + 1 >= cs:
                g.sambas[side].append((suit, low))
            else:
                g.seqs[side][suit] = (low, high)
    g.cards = _deal_suits(view, g, rng) if t.suited else None
    g.snap = _snapshot(view, g) if view.opening else None
    return g


def _draw(pool: list[int], rng: random.Random, seat: int, hand: list[int],
          likely: Likelihood) -> int:
    """Take a card for ``seat`` from the shuffled ``pool``, redrawing unlikely ones."""
    for _ in range(TRIES):
        i = rng.randrange(len(pool))
        if rng.random() < likely(seat, pool[i], hand):
            break
    pool[i], pool[-1] = pool[-1], pool[i]
    return pool.pop()


def _deal_suits(view: PlayerView, g: Game, rng: random.Random) -> list[list[int]]:
    """Suits for every hand's natural cards and the stock's, consistent with the view.

    The seat knows its own cards, the pile's and the sequences' suits; melded rank cards keep
    no suit on the table here, so they take random suits from what is left, like hidden cards.
    """
    t = g.t
    left = list(t.codes)
    for code, n in enumerate(view.cards):
        if code >= SUITED:
            left[code] -= n
    for code in (*view.pile, *view.pending):
        left[code] -= 1
    for runs in view.sequences:
        for suit, low, high in runs:
            for rank in range(low, high + 1):
                left[suited(rank, suit)] -= 1
    by_rank: dict[int, list[int]] = {}
    for code in range(SUITED, NUM_CODES):
        by_rank.setdefault(rank_of(code), []).extend([code] * left[code])
    for codes in by_rank.values():
        rng.shuffle(codes)
    cards = []
    for seat in range(t.players):
        if seat == view.seat:
            cards.append(list(view.cards))
            continue
        mine = [0] * NUM_CODES
        for kind in range(4):
            mine[kind] = g.hands[seat][kind]
        cards.append(mine)
    for melds in view.melds:  # melded naturals take their suits first
        for meld in melds:
            if meld.rank >= 4:
                del by_rank[meld.rank][:meld.naturals]
    for seat in range(t.players):
        if seat != view.seat:
            for rank in range(4, 15):
                for _ in range(g.hands[seat][rank]):
                    cards[seat][by_rank[rank].pop()] += 1
    stock = []
    for code in g.stock:
        stock.append(by_rank[code].pop() if code >= 4 else code)
    g.stock = stock
    return cards


def _winner(view: PlayerView) -> int:
    best = max(view.scores)
    return view.scores.index(best)


def _snapshot(view: PlayerView, g: Game) -> tuple[list[int], int, list[int], list[int],
                                                   list[int], int, list[int], int, int,
                                                   list[int], list[int] | None,
                                                   list[tuple[int, int] | None],
                                                   list[tuple[int, int]]]:
    """The state a tentative opening returns to on ``retract``.

    Only a side that has not melded opens tentatively, so all its melds are this turn's: the
    hand before is the hand now plus those cards (less the pile's top card, if taken).
    """
    seat = g.current
    side = seat % g.t.sides
    if view.opening_hand:
        before = list(view.opening_hand)
    else:
        before = list(g.hands[seat])
        for meld in view.melds[side]:
            before[meld.rank] += meld.naturals
            before[1] += meld.twos
            before[0] += meld.jokers
        for _, low, high in view.sequences[side]:
            for rank in range(low, high + 1):
                before[rank] += 1
        if view.took:
            before[rank_of(view.opening_pile[-1])] -= 1
    zeros = [0] * NUM_KINDS
    pile = list(view.opening_pile) if view.took else list(view.pile)
    freezers = sum(g.t.freezes[k] for k in pile)
    blocked = -1 if view.took else view.blocked_seat  # nobody takes the pile while blocked
    cards = None
    if g.cards is not None:
        if view.opening_cards:
            cards = list(view.opening_cards)
        else:  # suits of the cards melded this turn are not kept: any will do in a sample
            cards = list(g.cards[seat])
            for rank in range(4, 15):
                cards[suited(rank, 0)] += before[rank] - g.hands[seat][rank]
    return (before, sum(before), zeros, zeros[:], zeros[:], 0, pile, freezers, blocked,
            list(view.opening_known), cards, [None] * 4, [])
