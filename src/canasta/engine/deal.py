"""The deal and the stock: the first dealer, shuffling and dealing, the upcard, red 3s laid out
and replaced, drawing (docs/rules.md, "The game in brief": pack and deal; rulings 1, 2, 9, 16).

Chance is explicit and reproducible: the first dealer is cut from a pack shuffled by
``Random(f"{seed}:dealer")``, deal ``d`` is shuffled by ``Random(f"{seed}:{d}")`` and its cut
(the house sheet's perfect-cut bonus) drawn by ``Random(f"{seed}:{d}:cut")``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import lru_cache
from typing import TypeVar

from canasta.cards import BLACK_THREE, NUM_CODES, NUM_KINDS, RED_THREE, Card, physical_deck
from canasta.engine.hand import gain, spend
from canasta.engine.refusal import Refusal, Topic
from canasta.engine.state import HandEnd, Phase, Seat, SeatNo, Side, State, Table
from canasta.engine.tables import Tables
from canasta.rules import RuleSet

Cuts = tuple[tuple[tuple[int, str], ...], ...]
T = TypeVar("T")

# Enum members read once: a member looked up on its enum class costs five times a global.
_MELDING = Phase.MELD



def cut_for_dealer(rules: RuleSet, seed: int) -> tuple[SeatNo, Cuts]:
    """High card deals; ties redraw among the tied players (docs/rules.md, ruling 16).

    Returns the dealer and every round of cuts as ``((seat, card text), ...)``. The pack is
    shuffled by ``Random(f"{seed}:dealer")`` and cut from its top; an exhausted pack is
    shuffled again (``drawn`` makes only the steps of the shuffle for the cards cut).
    """
    rng = random.Random(f"{seed}:dealer")
    deck = _pack(rules.deck.decks, rules.deck.jokers)
    pack, left = drawn(rng, list(deck)), len(deck)
    contenders = list(range(rules.players.count))
    rounds = []
    while True:
        if left < len(contenders):
            for _ in pack:  # the rest of the shuffle, as if it had been made at once
                pass
            pack, left = drawn(rng, list(deck)), len(deck)
        cut = [(seat, next(pack)) for seat in contenders]
        left -= len(contenders)
        rounds.append(tuple((seat, str(card)) for seat, card in cut))
        best = max(card.cut_value for _, card in cut)
        contenders = [seat for seat, card in cut if card.cut_value == best]
        if len(contenders) == 1:
            return contenders[0], tuple(rounds)


@lru_cache(maxsize=16)
def _pack(decks: int, jokers: int) -> tuple[Card, ...]:
    """The physical pack in its fixed order (``physical_deck``), made once."""
    return tuple(physical_deck(decks, jokers))


# ---------------------------------------------------------------------- shuffling

def shuffle(rng: random.Random, cards: list[int]) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` does, drawing the same
    numbers from ``rng`` (``drawn`` to the end: CPython's Fisher-Yates without a call per
    card). ``tests/rules/test_deal.py`` holds the two equal."""
    for _ in drawn(rng, cards):
        pass


def drawn(rng: random.Random, cards: list[T]) -> Iterator[T]:
    """The cards in the order ``cards.pop()`` takes them after ``rng.shuffle(cards)``, the
    shuffle made step by step as they are taken: its step for a position fixes the card
    there, and the steps run from the top down. Once every card is taken, ``rng`` has drawn
    what the shuffle draws."""
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        bits = (i + 1).bit_length()
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]
        yield cards[i]
    if cards:
        yield cards[0]


def deal_hand(s: State, t: Tables) -> None:
    """Shuffle, deal the hands (and feet), turn the upcard and lay out the red 3s dealt
    (docs/rules.md, "The game in brief"; ruling 2). The turn is begun by ``turn``."""
    rules, match = t.rules, s.match
    players = t.players
    rng = random.Random(f"{match.seed}:{match.deal}")
    stock = list(t.stock)
    shuffle(rng, stock)
    hands = [[0] * NUM_KINDS for _ in range(players)]
    cards = [[0] * NUM_CODES for _ in range(players)] if t.suited else None
    order = [(match.dealer + 1 + i) % players for i in range(players)]
    rank = t.rank_of
    for seat, dealt in zip(order, _dealt(stock, players, rules.deal.hand_size), strict=True):
        hand = hands[seat]
        for card in dealt:
            hand[rank[card]] += 1
        if cards is not None:
            mine = cards[seat]
            for card in dealt:
                mine[card] += 1
    feet = [[0] * NUM_KINDS for _ in range(players)]
    for seat, dealt in zip(order, _dealt(stock, players, rules.deal.foot_size), strict=True):
        foot = feet[seat]
        for card in dealt:
            foot[card] += 1
    zeros = (0,) * NUM_KINDS
    s.seats = [Seat(hands[seat], rules.deal.hand_size, None if cards is None else cards[seat],
                    tuple(feet[seat]), rules.deal.foot_size, zeros, 0, False)
               for seat in range(players)]
    s.sides = [Side([None] * NUM_KINDS, [None] * 4, (), 0, False,
                    rules.minimum_for(score, match.deal), rules.canasta_for(score), 0, 0)
               for score in match.scores]
    # Bonus piles are set aside at the deal (Modern American), before the upcard; the Italian
    # face-down pile is counted from the upcard, turned after the red 3s are replaced.
    bonus = tuple(tuple(stock.pop() for _ in range(size)) for size in rules.deal.bonus_piles)
    by_upcard = rules.deal.pile_by_upcard
    s.table = Table(stock, [], 0, -1, 0, -1, [], 0, bonus, rules.deal.bonus_piles)
    s.seat_sides = t.seat_sides
    if by_upcard and not rules.red_threes.hold:  # red 3s first, then the upcard (Italian)
        for seat in order:
            lay_out_red_threes(s, t, seat)
    pile = s.table.pile
    pile.append(stock.pop())
    freezers = 1 if t.freezes[pile[-1]] else 0
    while pile[-1] in t.turn_again and stock:
        card = stock.pop()
        pile.append(card)
        freezers += t.freezes[card]
    s.table.freezers = freezers
    if by_upcard:
        count = min(UPCARD_COUNTS[t.rank_of[pile[-1]]], len(stock) - 1)
        s.table.under = [stock.pop() for _ in range(max(count, 0))]
        s.table.under_size = len(s.table.under)
    if rules.deal.perfect_cut_bonus:
        s.table.cut_side = perfect_cut(s, t)
    if not rules.red_threes.hold and not by_upcard:
        for seat in order:
            lay_out_red_threes(s, t, seat)


def _dealt(stock: list[int], players: int, rounds: int) -> list[list[int]]:
    """The cards ``rounds`` rounds of one card a player, dealt from the top of ``stock``
    (its end), give each player in the order dealt to; they leave the stock."""
    count = players * rounds
    if not count:
        return [[] for _ in range(players)]
    top = stock[-count:]
    del stock[-count:]
    return [top[count - 1 - p::-players] for p in range(players)]


#: Per kind: how many face-down cards an upcard sets under itself (``deal.pile_by_upcard``;
#: docs/rules.md, Presets: italian): ace 1, 4 to 10 their number, jack 11, queen 12, king 13,
#: black 3 3; a wild card or red 3 is covered by another card first (``upcard_turn_again``)
#: and, if it stays on top, counts as the cut does (joker 13, 2 and red 3 their number).
UPCARD_COUNTS = (13, 2, 3, 3, *range(4, 14), 1)


def perfect_cut(s: State, t: Tables) -> int:
    """The side of a perfect cut this deal, or -1 (docs/rules.md, Presets: house).

    The player on the dealer's right cuts; the part left behind is a uniform draw. It is
    perfect when it holds exactly the cards the deal needs: the upcard is forgiven (one
    spare), two spares if the first upcard froze the pile.
    """
    rules, match = t.rules, s.match
    rng = random.Random(f"{match.seed}:{match.deal}:cut")
    left = rng.randint(1, sum(t.pack) - 1)
    needed = t.players * (rules.deal.hand_size + rules.deal.foot_size)
    spares = 2 if t.freezes[s.table.pile[0]] else 1
    if needed <= left <= needed + spares:
        return t.seat_sides[(match.dealer - 1) % t.players]
    return -1


def lay_out_red_threes(s: State, t: Tables, seat: SeatNo) -> None:
    """Red 3s in hand (and black 3s, where they are bonus cards too: ``red_threes.black_too``)
    are laid out and replaced from the stock, again if a replacement is one (docs/rules.md,
    ruling 9); laid out too when the stock has no replacement left (a red 3 is never left in
    hand where they are laid at once: ruling 17), the hand a card shorter."""
    player, stock = s.seats[seat], s.table.stock
    hand = player.hand
    black = t.rules.red_threes.black_too
    while hand[RED_THREE] or (black and hand[BLACK_THREE]):
        n = hand[RED_THREE]
        hand[RED_THREE] = 0
        player.red_threes += n
        if black:
            player.black_threes += hand[BLACK_THREE]
            n += hand[BLACK_THREE]
            hand[BLACK_THREE] = 0
        if player.cards is not None:
            player.cards[RED_THREE] = 0
            if black:
                player.cards[BLACK_THREE] = 0
        for _ in range(n):
            if stock:
                gain(s, t, seat, stock.pop())
            else:
                player.size -= 1


def take_up_foot(s: State, t: Tables, seat: SeatNo) -> None:
    """The foot becomes the hand (docs/rules.md, Presets: hand_and_foot); red 3s in it are
    laid out."""
    player = s.seats[seat]
    player.hand = list(player.foot)
    player.size = player.foot_size
    player.foot = (0,) * NUM_KINDS
    player.foot_size = 0
    if not t.rules.red_threes.hold:
        lay_out_red_threes(s, t, seat)


# ---------------------------------------------------------------------- drawing from the stock

NO_STOCK = Refusal("the stock is empty: take the pile if you can, or the hand ends", Topic.TURN)


def draw_refusal(s: State) -> Refusal | None:
    """A draw needs a stock (docs/rules.md, "Stock exhausted")."""
    return None if s.table.stock else NO_STOCK


def draw(s: State, t: Tables) -> HandEnd | None:
    """Draw ``draw.stock_cards`` cards (docs/rules.md, ruling 1). Red 3s drawn are laid out and
    replaced; a red 3 as the last stock card ends the hand at once (rulings 9 and 13), and so
    does a black 3 where black 3s are bonus cards too (``red_threes.black_too``)."""
    seat = s.turn.seat
    player, stock = s.seats[seat], s.table.stock
    s.turn.drew = True
    s.turn.phase = _MELDING
    laid = t.laid_at_once
    for _ in range(t.rules.draw.stock_cards):
        if not stock:
            return None
        card = stock.pop()
        while card in laid:
            if card == RED_THREE:
                player.red_threes += 1
            else:
                player.black_threes += 1
            if not stock:
                return HandEnd.RED_THREE_LAST if card == RED_THREE else HandEnd.BLACK_THREE_LAST
            card = stock.pop()
        gain(s, t, seat, card)
        player.size += 1
    return None


# ---------------------------------------------------------------------- a held red 3 laid down

RED_THREES_AT_ONCE = Refusal("red 3s are laid out at once under these rules", Topic.THREES)
NO_RED_THREE = Refusal("you hold no red 3", Topic.THREES)
OPENING_FIRST = Refusal("commit or take back your opening before laying a red 3", Topic.OPENING)


def red_three_refusal(s: State, t: Tables) -> Refusal | None:
    """A held red 3 (``red_threes.hold``) may be laid down on an own turn, outside a tentative
    opening (docs/rules.md, Presets: house)."""
    if not s.seats[s.turn.seat].hand[RED_THREE]:
        return NO_RED_THREE if t.rules.red_threes.hold else RED_THREES_AT_ONCE
    if s.turn.opening is not None:
        return OPENING_FIRST
    return None


def cards_left_after_red_three(s: State) -> int:
    """Cards in hand after laying a red 3: the same, less one if the stock has no replacement
    (a waiting foot counted, as for every lay)."""
    player = s.seats[s.turn.seat]
    return player.size + player.foot_size - (0 if s.table.stock else 1)


def lay_red_three(s: State, t: Tables) -> bool:
    """Lay down a held red 3 and draw its replacement; True when that empties the hand."""
    seat = s.turn.seat
    player = s.seats[seat]
    spend(s, t, seat, RED_THREE)
    player.red_threes += 1
    if s.table.stock:
        gain(s, t, seat, s.table.stock.pop())
        return False
    player.size -= 1
    return player.size == 0


# ------------------------------------------------------------ bonus piles (Modern American)

def take_bonus_pile(s: State, t: Tables) -> None:
    """The first pile of bonus cards left comes into the hand of the player whose side just
    made its initial meld, unseen by the others; 3s among them are laid out and replaced
    (``deal.bonus_piles``; docs/rules.md, Presets: modern_american)."""
    table = s.table
    seat = s.turn.seat
    player = s.seats[seat]
    cards, table.bonus, table.bonus_sizes = table.bonus[0], table.bonus[1:], \
        table.bonus_sizes[1:]
    for card in cards:
        gain(s, t, seat, card)
    player.size += len(cards)
    if not t.rules.red_threes.hold:
        lay_out_red_threes(s, t, seat)
