"""Suits for the eye: a suit on every card, kept by the physical card from the deal to its meld
to the end of the deal, and telling no seat anything about cards it cannot see
(docs/presentation.md, "Suits for the eye").

The engine counts kinds (suits play no part in most rules), so the suits a player sees are the
presentation's. ``SuitLedger`` follows a game's states one action at a time (``play`` applies
an action and follows it, an action that ends a deal to the deal's end first) and keeps, for every
place a card can lie (each hand, each meld, each sequence, the red and black 3s laid out, a
taken pile's cards waiting for an opening's commit, the pile), the suits of the cards there.
Cards that move between places keep their suits: a decrease of a kind in one place and an
increase in another is a move. A card that comes out of hiding (dealt, drawn, a foot taken up)
gets the next suit of a shuffled pack of that kind's suits (two of each suit per rank in two
decks; hearts and diamonds for red 3s, spades and clubs for black 3s), one pack per deal, owner
(a seat, or the table for cards turned face up from the stock) and kind, shuffled by a key drawn
from the game's seed through SHA-256 with a label of its own: a stream of its own, which nobody
can compute before the seed is revealed. Where the rules tell suits apart (Samba's sequences) a
suited card keeps its real suit.

Why a seat learns nothing it cannot see: a suit shown to a seat is either one it saw already
(a card that moved in sight) or the next draw from a pack it cannot compute. The draws of one
pack are exchangeable: whichever of its owner's hidden copies is laid, the suit shown has the
same chance whatever the owner still holds. A hand lays first the copies its player picked
(``prefer``: the player's own choice, shown as they lay them), then the copies everyone knows
it holds (taken from the pile), then its oldest: which copies move is a matter of what the
seat could see too. ``seen_by`` hands a seat only the suits of the places it sees.
"""

from __future__ import annotations

import copy
import hashlib
import random
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from canasta.cards import (
    BLACK_THREE,
    FOUR,
    JOKER,
    RED_THREE,
    SUITED,
    SUITS,
    TWO,
    rank_of,
    suit_of,
    suited,
)
from canasta.engine.actions import Action
from canasta.engine.game import Game
from canasta.engine.state import State
from canasta.presentation.cards import meld_codes, side_melds
from canasta.presentation.facts import MeldFact, Suits
from canasta.rules import RuleSet

#: ("hand", seat, 0), ("meld", side, rank), ("waiting", seat, 0), ("pile", 0, 0) ...
Place = tuple[str, int, int]
PILE: Place = ("pile", 0, 0)
TABLE = -1  #: the owner of the cards turned face up from the stock (the upcard, a red 3)

_PACK_SUITS = {RED_THREE: "HD", BLACK_THREE: "SC", JOKER: ""}


@dataclass(slots=True)
class _Card:
    suit: str
    known: bool  # everyone saw it come into its place (a hand's card taken from the pile)
    new: bool = False  # came into its seat's hand this turn from the stock, a foot or the pile


def _places(state: State) -> dict[Place, list[int]]:
    """Every place's cards by code (the pile in order): hands (by suited code where the rules
    keep suits), the 3s laid out, melds, sequences, the pile."""
    places: dict[Place, list[int]] = {}
    for number, seat in enumerate(state.seats):
        if seat.cards is not None:
            codes = [k for k in range(FOUR) for _ in range(seat.hand[k])]
            codes += [c for c in range(SUITED, len(seat.cards)) for _ in range(seat.cards[c])]
        else:
            codes = [k for k, n in enumerate(seat.hand) for _ in range(n)]
        places["hand", number, 0] = codes
        places["red", number, 0] = [RED_THREE] * seat.red_threes
        places["black", number, 0] = [BLACK_THREE] * seat.black_threes
    for number, side in enumerate(state.sides):
        for meld in side.melds:
            if meld is not None:
                places["meld", number, meld.rank] = list(meld_codes(meld))
        runs = [(suit, *run) for suit, run in enumerate(side.runs) if run] + list(side.sambas)
        for index, (suit, low, high) in enumerate(runs):
            places["seq", number, index] = [suited(r, suit) for r in range(low, high + 1)]
    opening = state.turn.opening
    if opening is not None and opening.pending:  # a taken pile's cards, waiting for the commit
        places["waiting", state.turn.seat, 0] = list(opening.pending)
    places[PILE] = list(state.table.pile)
    return places


class SuitLedger:
    """The suits of every card in sight, following one game (``follow`` after each action)."""

    def __init__(self, rules: RuleSet, key: bytes) -> None:
        self.rules, self.key = rules, key
        self.deal = -1
        self._cards: dict[Place, dict[int, list[_Card]]] = {}
        self._pile: list[tuple[int, _Card]] = []
        self._packs: dict[tuple[int, int], list[str]] = {}
        self._drawn: dict[tuple[int, int], int] = defaultdict(int)
        self._picked: tuple[int, list[tuple[int, str]]] | None = None
        self._to_play: Place = ("hand", -1, 0)  # the hand that may hold new cards
        #: the cards the last ``follow`` brought onto the table, and the suit of the pile's
        #: top card if the pile was taken then
        self._laid: list[tuple[int, str]] = []
        self._taken = ""
        #: the ledger at the end of a deal the last action ended, before the next deal's
        #: cards, and every side's melds as the deal ended
        self._ended: SuitLedger | None = None
        self._end_melds: tuple[tuple[MeldFact, ...], ...] = ()

    def prefer(self, seat: int, picked: Sequence[tuple[int, str]]) -> None:
        """The cards (kind, suit) the seat picked for its next action: when that action takes
        cards of those kinds from its hand, the picked ones go (the player's choice, shown to
        all as they lay them); kept for the next ``follow`` only."""
        self._picked = (seat, list(picked))

    @classmethod
    def of_seed(cls, rules: RuleSet, seed: int) -> SuitLedger:
        """The ledger of a game dealt from ``seed`` (its suits' key is drawn from it)."""
        return cls(rules, hashlib.sha256(f"canasta suits for the eye:{seed}".encode()).digest())

    @classmethod
    def of_game(cls, game: Game, picks: Mapping[int, Sequence[tuple[int, str]]] | None = None
                ) -> SuitLedger:
        """The ledger of ``game``: one dealt from its seed (``Game(rules, seed)``, or read
        from a record), brought through its history, with ``picks``: the cards (kind, suit)
        the seat to act picked for an action, by the action's index (``prefer``); or one set
        up at a position (``Game.from_position``), before its first action."""
        eye = cls.of_seed(game.rules, game.seed)
        replay = Game(game.rules, game.seed) if game.history else game
        eye.follow(replay.state)
        for index, code in enumerate(game.history):
            eye.play(replay, code, picks.get(index, ()) if picks else ())
        return eye

    def play(self, game: Game, action: Action | int | str,
             picked: Sequence[tuple[int, str]] = ()) -> None:
        """Apply ``action`` to ``game`` and follow it, the cards (kind, suit) its player
        ``picked`` laid first (``prefer``). An action that ends a deal is followed to the
        deal's end, then into the next deal: ``move_seen_by`` shows the cards it laid and the
        pile's top as the deal ended. An illegal action raises ``IllegalAction`` and changes
        neither the game nor the ledger."""
        seat, before = game.current_player, game.state.copy()
        game.apply(action)
        if picked:
            self.prefer(seat, picked)
        self._ended, self._end_melds = None, ()
        if game.state.match.deal != self.deal:  # the deal ended: follow it to its end first
            ahead = game.clone()
            ahead.state = before
            before.match.one_hand = True  # a look-ahead that ends with the deal
            ahead.apply(action)
            self.follow(ahead.state)
            self._ended = self.copy()
            end, table = ahead.view(0), self.seen_by(None)  # the melds: public
            self._end_melds = tuple(side_melds(end, side, table) for side in range(end.sides))
        self.follow(game.state)

    def move_seen_by(self, seat: int | None) -> Suits:
        """The suits ``seat`` is shown just after the last action (``seen_by``), the deal's
        end if that action ended it: the suits its log lines name."""
        return (self._ended or self).seen_by(seat)

    def copy(self) -> SuitLedger:
        """A copy to follow a game on apart (sharing the rules, which nobody changes)."""
        return copy.deepcopy(self, {id(self.rules): self.rules})

    def _fresh(self, owner: int, code: int) -> str:
        """A card out of hiding: its real suit if it has one, else its owner's next suit."""
        if code >= SUITED:
            return SUITS[suit_of(code)]
        kind = rank_of(code)
        pack = self._packs.get((owner, kind))
        if pack is None:
            pack = list(_PACK_SUITS.get(kind, SUITS) * self.rules.deck.decks)
            digest = hashlib.sha256(self.key + f":{self.deal}:{owner}:{kind}".encode()).digest()
            random.Random(digest).shuffle(pack)
            self._packs[owner, kind] = pack
        if not pack:
            return ""
        drawn = self._drawn[owner, kind]
        self._drawn[owner, kind] = drawn + 1
        return pack[drawn % len(pack)]

    def follow(self, state: State) -> None:
        """Bring the ledger to ``state``, the game's state after its next action (or its
        start): cards that left a place go where cards of their kind arrived (the table's
        places first), the rest back into hiding; a new deal deals every card afresh. Cards
        that come into the hand of the seat to play from the stock, a foot or the pile are
        new to it until its turn ends (not the cards dealt, nor a meld taken back)."""
        places = _places(state)
        dealt = state.match.deal != self.deal
        top = self._pile[-1][1].suit if self._pile and not dealt else ""
        if dealt:
            self.deal = state.match.deal
            self._cards, self._pile = {}, []
            self._packs.clear()
            self._drawn.clear()
        pile = places.pop(PILE)
        kept = 0
        while kept < min(len(pile), len(self._pile)) and pile[kept] == self._pile[kept][0]:
            kept += 1
        pool: dict[int, list[_Card]] = defaultdict(list)
        left = self._pile[kept:]
        from_pile = {id(card) for _, card in left}
        # A pile taken: the cards under its top go to the taker (its hand, or its opening's
        # waiting cards), whatever the hand itself gave to the meld (the state shows only
        # each place's count: a hand that melds its two 10s with the top one and gets a 10
        # from under it holds one 10 fewer, but it is the pile's 10 that it holds).
        under: dict[int, list[_Card]] = defaultdict(list)
        taker: Place = ("", -1, 0)
        if left and state.turn.took and not dealt and len(pile) == kept:
            taker = ("waiting" if ("waiting", state.turn.seat, 0) in places else "hand",
                     state.turn.seat, 0)
            for code, card in left[:-1]:
                under[code].append(card)
            left = left[-1:]
        for code, card in reversed(left):  # the pile's top first
            pool[rank_of(code)].append(card)
        from_hands: dict[int, list[_Card]] = defaultdict(list)
        gains: list[tuple[Place, int, int]] = []
        shifted: Counter[tuple[int, str]] = Counter()  # cards that left a place on the table
        for place in sorted(set(self._cards) | set(places)):
            have = self._cards.setdefault(place, {})
            want: dict[int, int] = defaultdict(int)
            for code in places.get(place, []):
                want[code] += 1
            taking = place == taker
            for code in sorted(set(have) | set(want) | (set(under) if taking else set())):
                cards = have.setdefault(code, [])
                comes = under.pop(code, []) if taking else []
                if comes:
                    pool[rank_of(code)] += comes[want[code]:]  # more than it holds: elsewhere
                    comes = comes[:want[code]]
                extra = len(cards) + len(comes) - want[code]
                if extra > 0:
                    hand = place[0] == "hand"
                    picked = [suit for kind, suit in self._picked[1] if kind == code] \
                        if hand and self._picked and self._picked[0] == place[1] else []
                    leaving = _leaving(cards, extra, hand, picked)
                    (from_hands if hand else pool)[rank_of(code)].extend(leaving)
                    if place[0] == "waiting":  # the pile's, taken this turn
                        from_pile.update(id(card) for card in leaving)
                    elif not hand:
                        shifted.update((rank_of(code), card.suit) for card in leaving)
                elif extra < 0:
                    gains.append((place, code, -extra))
                if comes:  # seen in the pile
                    cards += [_Card(card.suit, True, True) for card in comes]
        for kind, cards in from_hands.items():
            pool[kind].extend(cards)
        gains.sort(key=lambda gain: gain[0][0] == "hand")  # the table's places take first
        to_play = ("hand", state.turn.seat, 0)
        self._laid = []
        for place, code, count in gains:
            new_from = from_pile if place == to_play and not dealt else None
            arrived = [self._take(pool, place, code, new_from) for _ in range(count)]
            self._cards[place][code].extend(arrived)
            for card in arrived if place[0] not in ("hand", "waiting") and not dealt else ():
                if shifted[rank_of(code), card.suit]:  # moved on the table (a sequence's
                    shifted[rank_of(code), card.suit] -= 1  # place), not laid
                else:
                    self._laid.append((code, card.suit))
        self._taken = top if kept < len(self._pile) else ""
        if self._to_play != to_play:  # a turn ended: its cards are new no more
            for cards in self._cards.get(self._to_play, {}).values():
                for card in cards:
                    card.new = False
            self._to_play = to_play
        self._pile = [*self._pile[:kept], *((c, self._take(pool, PILE, c)) for c in pile[kept:])]
        self._picked = None

    def _take(self, pool: dict[int, list[_Card]], place: Place, code: int,
              new_from: set[int] | None = None) -> _Card:
        """A card for ``place``: one that left another place in sight (of the right suit, for
        a suited code), else one out of hiding. With ``new_from`` (the ids of the cards that
        left the pile) the card is new if it came from there or out of hiding."""
        cards = pool[rank_of(code)]
        for index, card in enumerate(cards):
            if code < SUITED or card.suit == SUITS[suit_of(code)]:
                del cards[index]
                return _Card(card.suit, True, new_from is not None and id(card) in new_from)
        hand = place[0] == "hand"
        return _Card(self._fresh(place[1] if hand else TABLE, code), not hand,
                     new_from is not None)

    def seen_by(self, seat: int | None) -> Suits:
        """The suits ``seat`` is shown (None: a spectator): its own hand's and the table's."""
        hand: tuple[tuple[int, str], ...] = ()
        new: tuple[tuple[int, str], ...] = ()
        if seat is not None:
            held = [(code, card) for code, cards in self._cards.get(("hand", seat, 0), {}).items()
                    for card in cards]
            hand = tuple((code, card.suit) for code, card in held)
            new = tuple((code, card.suit) for code, card in held if card.new)
        melds = {}
        for (where, side, rank), by_code in self._cards.items():
            if where == "meld":
                # meld_codes' order: naturals, 2s, jokers (a meld of wild cards: 2s, jokers)
                order = (TWO, JOKER) if rank == JOKER else (rank, TWO, JOKER)
                melds[side, rank] = tuple(c.suit for code in order
                                          for c in by_code.get(code, []))
        seats = range(self.rules.players.count)
        red, black = (tuple(tuple(c.suit for c in self._cards.get((where, s, 0), {}).get(kind, []))
                            for s in seats)
                      for where, kind in (("red", RED_THREE), ("black", BLACK_THREE)))
        known = tuple(_known_by_kind(self._cards.get(("hand", s, 0), {})) for s in seats)
        return Suits(hand, melds, tuple(card.suit for _, card in self._pile), red, known, new,
                     tuple(self._laid), self._taken, self._end_melds, black)


def _known_by_kind(hand: dict[int, list[_Card]]) -> dict[int, tuple[str, ...]]:
    """The suits of a hand's cards everyone knows it holds, by kind (a hand of suited codes,
    Samba's, folded to its kinds: the view counts the known cards by kind)."""
    known: dict[int, list[str]] = defaultdict(list)
    for code, cards in hand.items():
        known[rank_of(code)] += [card.suit for card in cards if card.known]
    return {kind: tuple(suits) for kind, suits in known.items()}


def _leaving(cards: list[_Card], count: int, hand: bool,
             picked: Sequence[str] = ()) -> list[_Card]:
    """The ``count`` cards that leave a place: from a hand the ones its player picked, then
    the ones everyone knows it holds, then the oldest; from the table the last laid."""
    if hand:
        wanted = list(picked)
        chosen = []
        for i, card in enumerate(cards):
            if card.suit in wanted:
                wanted.remove(card.suit)
                chosen.append(i)
        order = sorted(range(len(cards)),
                       key=lambda i: (i not in chosen, not cards[i].known, i))[:count]
    else:
        order = list(range(len(cards) - count, len(cards)))
    leaving = [cards[i] for i in order]
    for i in sorted(order, reverse=True):
        del cards[i]
    return leaving


__all__ = ["TABLE", "SuitLedger"]
