"""Sampling a full game consistent with one seat's view (for search bots).

A bot never sees the state. To search, it deals the cards it cannot see at random — among the
cards not accounted for by its information set (``PlayerView.state``: its own hand, the table,
the pile and what other players are known to hold) — and plays on from the result. The sampled
game's ``view(seat)`` equals the view it was sampled from.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from canasta.cards import BLACK_THREE, FOUR, NUM_CODES, NUM_KINDS, RED_THREE, SUITED, rank_of
from canasta.engine.discard import discard_actions
from canasta.engine.game import Game
from canasta.engine.state import WILD, Answer, Phase, State, Turn
from canasta.engine.tables import Tables, tables_for
from canasta.engine.view import PlayerView, view_of
from canasta.errors import CanastaError


def unseen_cards(view: PlayerView) -> list[int]:
    """The kind counts of cards the seat cannot place: other hands (beyond what is known of
    them), the feet, the face-down cards under the pile, the bonus piles and the stock."""
    t = tables_for(view.rules)
    s = view.state
    left = list(t.pack)
    for n, player in enumerate(s.seats):
        held = player.hand if n == view.seat else player.known
        for kind, count in enumerate(held):
            left[kind] -= count
        left[RED_THREE] -= player.red_threes
        left[BLACK_THREE] -= player.black_threes
    for side in s.sides:
        left[BLACK_THREE] -= side.black_threes_removed
        for meld in side.melds:
            if meld is not None:
                if meld.rank != WILD:
                    left[meld.rank] -= meld.naturals
                left[1] -= meld.twos
                left[0] -= meld.jokers
    tentative = s.turn.opening
    for card in (*s.table.pile, *(tentative.pending or () if tentative else ())):
        left[rank_of(card)] -= 1
    for runs in view.sequences:
        for _, low, high in runs:
            for rank in range(low, high + 1):
                left[rank] -= 1
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

    Hidden cards are dealt uniformly at random, but for the kinds laid out as soon as they
    come to a hand (``Tables.laid_at_once``: red 3s), which no hand is dealt while other cards are
    left (they are in the stock, a foot, under the pile); future deals use a seed drawn from
    ``rng``.
    With ``one_hand`` the game ends with the current hand instead of dealing the next one
    (over, with no winner unless the hand ends the game): what a search that looks no
    further than the hand needs, without the cost of a deal nobody plays.

    ``likely`` weights the other hands by what their play suggests: a card dealt to a hand is
    kept with that probability, else put back and another drawn (after ``TRIES`` draws the
    card is kept). Every card still goes somewhere, so the game agrees with the view either way.
    """
    t = tables_for(view.rules)
    s = view.state.copy()
    laid = t.laid_at_once
    pool = [k for k, n in enumerate(unseen_cards(view)) for _ in range(n)]
    aside = [k for k in pool if k in laid]  # no hand holds these while other cards are left
    pool = [k for k in pool if k not in laid] if aside else pool
    rng.shuffle(pool)
    for seat, player in enumerate(s.seats):
        if seat == view.seat:
            continue
        hand = player.hand
        for _ in range(player.size - sum(hand)):
            if not pool:  # only those are left: a hand kept one when the stock ran out
                pool, aside = aside, []
                rng.shuffle(pool)
            hand[pool.pop() if likely is None else _draw(pool, rng, seat, hand, likely)] += 1
    if aside:  # the feet, the cards under the pile, the bonus piles and the stock hold them
        pool += aside
        rng.shuffle(pool)
    for player in s.seats:
        foot = [0] * NUM_KINDS
        for _ in range(player.foot_size):
            foot[pool.pop()] += 1
        player.foot = tuple(foot)
    s.table.under = [pool.pop() for _ in range(s.table.under_size)]
    s.table.bonus = tuple(tuple(pool.pop() for _ in range(size)) for size in s.table.bonus_sizes)
    if len(pool) != view.stock_size:
        raise CanastaError("the view's hand sizes and stock size do not fit the pack")
    s.table.stock = pool
    s.match.seed = rng.randrange(2**63)
    s.match.one_hand = one_hand
    if t.suited:
        _deal_suits(view, s, t, rng)
    tentative = s.turn.opening
    if tentative is not None and s.turn.seat != view.seat:
        _rebuild_opening(s, t)
    game = Game.__new__(Game)
    game.rules, game.t, game.state, game.history, game._legal = view.rules, t, s, [], None
    return game


def _draw(pool: list[int], rng: random.Random, seat: int, hand: list[int],
          likely: Likelihood) -> int:
    """Take a card for ``seat`` from the shuffled ``pool``, redrawing unlikely ones."""
    for _ in range(TRIES):
        i = rng.randrange(len(pool))
        if rng.random() < likely(seat, pool[i], hand):
            break
    pool[i], pool[-1] = pool[-1], pool[i]
    return pool.pop()


def _deal_suits(view: PlayerView, s: State, t: Tables, rng: random.Random) -> None:
    """Suits for every other hand's natural cards and the stock's, consistent with the view.

    The seat knows its own cards, the pile's and the sequences' suits; melded rank cards keep
    no suit on the table, so they take random suits from what is left, like hidden cards.
    """
    left = list(t.codes)
    for code, n in enumerate(view.cards):
        if code >= SUITED:
            left[code] -= n
    tentative = s.turn.opening
    for code in (*s.table.pile, *(tentative.pending or () if tentative else ())):
        left[code] -= 1
    for runs in view.sequences:
        for suit, low, high in runs:
            for rank in range(low, high + 1):
                left[SUITED + (rank - FOUR) * 4 + suit] -= 1
    by_rank: dict[int, list[int]] = {}
    for code in range(SUITED, NUM_CODES):
        by_rank.setdefault(rank_of(code), []).extend([code] * left[code])
    for codes in by_rank.values():
        rng.shuffle(codes)
    for side in s.sides:  # melded naturals take their suits first
        for meld in side.melds:
            if meld is not None and meld.rank >= FOUR:
                del by_rank[meld.rank][:meld.naturals]
    for seat, player in enumerate(s.seats):
        if seat == view.seat:
            continue
        cards = [0] * NUM_CODES
        for kind in range(FOUR):
            cards[kind] = player.hand[kind]
        for rank in range(FOUR, NUM_KINDS):
            for _ in range(player.hand[rank]):
                cards[by_rank[rank].pop()] += 1
        player.cards = cards
    s.table.stock = [by_rank[code].pop() if code >= FOUR else code for code in s.table.stock]
    s.table.under = [by_rank[code].pop() if code >= FOUR else code for code in s.table.under]
    s.table.bonus = tuple(tuple(by_rank[code].pop() if code >= FOUR else code for code in pile)
                          for pile in s.table.bonus)


def _rebuild_opening(s: State, t: Tables) -> None:
    """The hand a tentative opening returns to on ``retract``, for another seat's opening:
    the hand now, plus the cards melded this turn (the side had no melds before), less the
    pile's top card if it was taken."""
    seat = s.turn.seat
    tentative = s.turn.opening
    assert tentative is not None
    player = s.seats[seat]
    side = s.sides[s.seat_sides[seat]]
    before = list(player.hand)
    for meld in side.melds:
        if meld is not None:
            if meld.rank != WILD:
                before[meld.rank] += meld.naturals
            before[1] += meld.twos
            before[0] += meld.jokers
    for _, low, high in (*((x, r[0], r[1]) for x, r in enumerate(side.runs) if r),
                         *side.sambas):
        for rank in range(low, high + 1):
            before[rank] += 1
    if s.turn.took:
        before[rank_of(tentative.pile[-1])] -= 1
    tentative.hand = tuple(before)
    if player.cards is not None:  # suits of the cards melded this turn are not kept: any do
        cards = list(player.cards)
        for rank in range(FOUR, NUM_KINDS):
            cards[SUITED + (rank - FOUR) * 4] += before[rank] - player.hand[rank]
        tentative.cards = tuple(cards)


def before_discard(game: Game, back: int = 1) -> PlayerView | None:
    """The view the seat ``back`` turns before the one to play (1: the seat before it) had
    just before its discard ended its turn, in ``game`` (a full game: a sampled world, or the
    real one), with the discard actions its hand then had; ``None`` where the turn since has
    changed more than the turn's seat (it drew a card at most: nothing laid, the pile not
    taken), the pile has been taken since that discard, or the state before cannot be told
    from the state after: the deal's first turns (the card is the upcard), feet or suits in
    play, the stock gone (the pile may have been turned over).
    With ``back=1`` the view is the one it had (the discard is the pile's top card). Further
    back, the turns between (each a draw, what it laid and a discard on the pile) are undone
    only as far as the pile shows them: their discards are taken off the pile, and what they
    laid stays on the table, their hands as they are now.
    What others know of the discarder's own hand may be a card short (a known card thrown);
    its own view does not need it. A search bot asks what a seat would have discarded in a
    sampled world (``ismcts``)."""
    s, t = game.state, game.t
    turn, table = s.turn, s.table
    seat = (turn.seat - back) % t.players
    if (not 1 <= back < t.players or table.turns < back or len(table.pile) < back
            or not table.stock or t.suited or t.rules.deal.foot_size or turn.took
            or turn.melded or turn.opening is not None or turn.created or s.match.over):
        return None
    s = s.copy()
    table, player = s.table, s.seats[seat]
    for _ in range(back):  # a pile taken since would hold fewer cards than turns since
        card = table.pile.pop()
        table.freezers -= t.freezes[card]
    player.hand[card] += 1
    player.size += 1
    table.blocked = -1
    table.turns -= back
    s.turn = Turn(seat, Phase.MELD, -1, Answer.NONE, Answer.NONE, False, True, False, 0, False,
                  (), 0, None)  # drawn, about to discard (what it laid this turn is laid)
    return view_of(s, game.rules, seat, discard_actions(s, t, player.size), t)
