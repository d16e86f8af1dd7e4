"""What one seat may know: the boundary of hidden information (docs/architecture.md).

A ``PlayerView`` holds the seat's *information set*: a copy of the state with every card the
seat cannot see taken out (``information_set``) — other hands keep only the cards everyone
knows they hold (taken from the pile) and their sizes, feet only their sizes, the stock only
its size; the seed is not there — and the seat's legal actions when it is to act. Bots,
network clients and RL agents get views, never a ``Game``. The fields a player reads
(``hand``, ``melds``, ``pile_frozen``, ...) are read from the information set; search bots
deal the missing cards into it (``canasta.engine.determinize``).

A view writes and reads its own wire form (``PlayerView.to_wire`` / ``PlayerView.from_wire``:
docs/protocol.md, "The seat's view"), the ``view`` field of a seat's frames in the server: the
information set in the position notation (docs/positions.md) with what the notation leaves to
the full state (hand sizes, foot sizes, the stock's size, the number of face-down cards under
the pile and the sizes of face-down bonus piles where the rules have them) and the legal
actions' codes beside it. It carries what the view holds and nothing more: other hands are
written empty (their known cards travel in the notation's ``known`` field), feet and stock
only their sizes, no seed. Read back it equals the view it was written from
(``tests/net/test_wire.py`` checks every seat of every preset along random games), so a bot or
an interface on the other end of a WebSocket works on the same object as one in the server.

A view is a snapshot: the game moving on does not change it. It is read-only and pickles as
the information set alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from canasta.cards import NATURAL_RANKS, NUM_KINDS
from canasta.engine.actions import Action
from canasta.engine.once import once
from canasta.engine.pile import frozen_for
from canasta.engine.position import _cards as cards_text  # the notation's hand form
from canasta.engine.position import write
from canasta.engine.position_read import read
from canasta.engine.scoring import HandResult, Meld, sequences_of
from canasta.engine.state import (
    Answer,
    Match,
    Opening,
    Phase,
    Seat,
    SeatNo,
    SideNo,
    State,
    Table,
    Turn,
    copier,
)
from canasta.engine.tables import Tables, tables_for
from canasta.errors import CanastaError
from canasta.rules import RuleSet

WIRE_FORMAT = "canasta-view 1"  #: the form of ``PlayerView.to_wire``'s dict (its ``format``)


class ViewError(CanastaError):
    """A view on the wire that is malformed or for other rules."""

_ANSWER_WORDS = {Answer.NONE: "", Answer.YES: "yes", Answer.NO: "no", Answer.ASKED: "asked"}
_PHASE_WORDS = ("draw", "answer", "meld", "over")
_NONE = (0,) * NUM_KINDS


# The information set's copiers: every field copied as ``State.copy`` copies it (a new field
# is never left out), except those holding what the seat may not see, which are replaced.
_match = copier(Match, {"seed": "0"})
_table = copier(Table, {
    "stock": "[]",
    "under": "[]",  # face down: only their number is known (deal.pile_by_upcard)
    "bonus": "()",  # face down: only their sizes are seen (Table.bonus_sizes)
})
_own_seat = copier(Seat, {"foot": "NONE"}, NONE=_NONE)
_other_seat = copier(Seat, {"hand": "list(o.known)", "cards": "None", "foot": "NONE"},
                     NONE=_NONE)
_other_opening = copier(Opening, {"hand": "NONE", "cards": "None"}, NONE=_NONE)
_turn = copier(Turn, {"opening": "None if o.opening is None else copy_Opening(o.opening) "
                                 "if o.seat == seat else other(o.opening)"},
               "seat", other=_other_opening)
_information_set = copier(State, {
    "match": "match(o.match)",
    "table": "table(o.table)",
    "seats": "[own(p) if n == seat else other(p) for n, p in enumerate(o.seats)]",
    "turn": "turn(o.turn, seat)",
}, "seat", match=_match, table=_table, own=_own_seat, other=_other_seat, turn=_turn)


def information_set(s: State, seat: SeatNo) -> State:
    """A copy of ``s`` holding only what ``seat`` may know: other hands only their known
    cards, no foot's cards, no stock, no face-down cards, no seed, another seat's tentative
    opening without the hand it came from. Built in one pass: what is hidden is never
    copied."""
    return _information_set(s, seat)  # type: ignore[no-any-return]


class PlayerView:
    """One seat's view of a game: its information set and, on its turn, its legal actions."""

    seat: SeatNo
    side: SideNo
    rules: RuleSet
    t: Tables  # the rule set's lookup tables
    state: State  # the information set: hidden cards removed (see the module's docstring)
    legal_actions: tuple[Action, ...]  # empty unless this seat is to act
    stock_size: int

    def __init__(self, seat: SeatNo, rules: RuleSet, state: State,
                 legal_actions: tuple[Action, ...], stock_size: int,
                 t: Tables | None = None) -> None:
        object.__setattr__(self, "__dict__", {
            "seat": seat, "rules": rules, "state": state, "legal_actions": legal_actions,
            "stock_size": stock_size, "t": tables_for(rules) if t is None else t,
            "side": state.seat_sides[seat]})

    # ------------------------------------------------------------------ who, where, when

    @property
    def players(self) -> int:
        return self.rules.players.count

    @property
    def sides(self) -> int:
        return self.rules.players.sides

    @property
    def seat_sides(self) -> tuple[SideNo, ...]:
        """Per seat: the side it plays for this deal (seat s for side s % sides, except
        under ``players.partners_at_pile`` once the pile was taken: docs/rules.md)."""
        return self.state.seat_sides

    def side_of(self, seat: SeatNo) -> SideNo:
        """The side ``seat`` plays for this deal."""
        return self.state.seat_sides[seat]

    @property
    def deal_number(self) -> int:
        return self.state.match.deal

    @property
    def dealer(self) -> SeatNo:
        return self.state.match.dealer

    @property
    def current_player(self) -> SeatNo:
        """The seat to act, or -1 once the game is over."""
        return -1 if self.state.match.over else self.state.turn.seat

    @property
    def phase(self) -> str:
        """"draw", "answer", "meld" or "over"."""
        return _PHASE_WORDS[self.state.turn.phase]

    @property
    def scores(self) -> tuple[int, ...]:
        """Per side: the game totals so far."""
        return tuple(self.state.match.scores)

    @property
    def results(self) -> tuple[HandResult, ...]:
        """Every finished hand of the game."""
        return self.state.match.results

    # ------------------------------------------------------------------ cards

    @once
    def hand(self) -> tuple[int, ...]:
        """The own hand: a count per kind."""
        return tuple(self.state.seats[self.seat].hand)

    @once
    def cards(self) -> tuple[int, ...]:
        """The own hand by card code, suits kept (empty where suits play no part)."""
        cards = self.state.seats[self.seat].cards
        return tuple(cards) if cards is not None else ()

    @once
    def hand_sizes(self) -> tuple[int, ...]:
        """Every seat's number of cards in hand."""
        return tuple(p.size for p in self.state.seats)

    @property
    def foot_sizes(self) -> tuple[int, ...]:
        """Per seat: cards in the foot not taken up yet (Hand and Foot)."""
        return tuple(p.foot_size for p in self.state.seats)

    @once
    def known(self) -> tuple[tuple[int, ...], ...]:
        """Per seat: the cards everyone knows it holds (taken from the pile), by kind."""
        return tuple(p.known for p in self.state.seats)

    @property
    def discarded(self) -> tuple[int, ...]:
        """Per seat: the kinds it discarded this deal, a bit per kind (``1 << kind``)."""
        return tuple(p.discarded for p in self.state.seats)

    @property
    def passed(self) -> tuple[int, ...]:
        """Per seat: the kinds on top of the pile when it drew from the stock this deal, its
        side having made its opening (it passed on them), a bit per kind."""
        return tuple(p.passed for p in self.state.seats)

    @property
    def red_threes(self) -> tuple[int, ...]:
        """Per seat: red 3s laid out."""
        return tuple(p.red_threes for p in self.state.seats)

    @property
    def black_threes(self) -> tuple[int, ...]:
        """Per seat: black 3s laid out, where they are bonus cards (``red_threes.black_too``)."""
        return tuple(p.black_threes for p in self.state.seats)

    @property
    def bonus_sizes(self) -> tuple[int, ...]:
        """The sizes of the piles of bonus cards not yet taken, face down, in the order the
        sides take them (``deal.bonus_piles``)."""
        return self.state.table.bonus_sizes

    @once
    def melds(self) -> tuple[tuple[Meld, ...], ...]:
        """Per side: its melds on the table, by rank."""
        return tuple(tuple(m for m in side.melds if m is not None) for side in self.state.sides)

    @once
    def sequences(self) -> tuple[tuple[tuple[int, int, int], ...], ...]:
        """Per side: its sequences as (suit, low, high), sambas included."""
        return tuple(tuple(sequences_of(self.state, self.t, side)) for side in range(self.sides))

    @property
    def canastas(self) -> tuple[int, ...]:
        """Per side: its canastas."""
        return tuple(side.canastas for side in self.state.sides)

    @property
    def initial_done(self) -> tuple[bool, ...]:
        """Per side: whether it has made its initial meld."""
        return tuple(side.opened for side in self.state.sides)

    @property
    def minimums(self) -> tuple[int, ...]:
        """Per side: its initial-meld minimum this deal, 0 once made."""
        return tuple(0 if side.opened else side.minimum for side in self.state.sides)

    # ------------------------------------------------------------------ the pile

    @once
    def pile(self) -> tuple[int, ...]:
        """The discard pile, bottom to top: every card in it was seen face up (the face-down
        cards under it are ``pile_face_down``)."""
        return tuple(self.state.table.pile)

    @property
    def pile_face_down(self) -> int:
        """How many face-down cards lie under the pile, taken with it and seen by nobody until
        then (``deal.pile_by_upcard``, Italian); 0 in every other preset."""
        return self.state.table.under_size

    @property
    def pile_top(self) -> int:
        """The card on top of the pile, or -1 when it is empty."""
        pile = self.state.table.pile
        return pile[-1] if pile else -1

    @property
    def pile_frozen(self) -> bool:
        """Whether the pile is frozen against this seat's side (docs/rules.md, ruling 3)."""
        return frozen_for(self.state, self.t, self.side)

    @property
    def blocked(self) -> bool:
        """This seat may not take the pile this turn (a black 3 on top)."""
        return self.state.table.blocked == self.seat

    # ------------------------------------------------------------------ the turn

    @property
    def permission(self) -> str:
        """This turn's answer to "may I go out?": "", "yes" or "no"."""
        return _ANSWER_WORDS[self.state.turn.permission]

    @property
    def acaba(self) -> str:
        """This turn's "may I concede?": "", "asked", "yes" or "no" (British)."""
        return _ANSWER_WORDS[self.state.turn.acaba]

    @property
    def opening_points(self) -> int:
        """Points of the tentative opening on the table this turn."""
        return self.state.turn.opening_points

    @property
    def pending_pile(self) -> int:
        """Cards of a taken pile waiting for the opening to be committed."""
        tentative = self.state.turn.opening
        return len(tentative.pending) if tentative is not None and tentative.pending else 0

    # ------------------------------------------------------------------ what the cards allow

    @property
    def dead_ranks(self) -> tuple[int, ...]:
        """Ranks this seat's side can no longer make a canasta of: too many of their natural
        cards are buried in the pile or melded by other sides (docs/rules.md, Presets:
        modern_american)."""
        t = self.t
        need = self.rules.melds.canasta_size - self.rules.melds.max_wilds
        dead = []
        for rank in NATURAL_RANKS:
            elsewhere = sum(m.naturals for side, melds in enumerate(self.melds)
                            if side != self.side for m in melds if m.rank == rank)
            if t.pack[rank] - elsewhere - self.pile.count(rank) < need:
                dead.append(rank)
        return tuple(dead)

    # ------------------------------------------------------------------ on the wire

    def to_wire(self) -> dict[str, Any]:
        """This view as JSON-ready data (the ``view`` field of a seat's frames)."""
        state = self.state.copy()
        for number, seat in enumerate(state.seats):
            if number != self.seat:  # what it holds that this seat may know is its ``known``
                seat.hand = [0] * len(seat.hand)
        out = {"format": WIRE_FORMAT, "seat": self.seat, "position": write(state, self.t),
               "hand_sizes": list(self.hand_sizes), "foot_sizes": list(self.foot_sizes),
               "stock": self.stock_size, "legal": [a.code for a in self.legal_actions]}
        if self.pile_face_down:  # only their number: nobody sees them (Italian)
            out["face_down"] = self.pile_face_down
        if self.bonus_sizes:  # face-down bonus piles (Modern American): their sizes only
            out["bonus_sizes"] = list(self.bonus_sizes)
        return out

    @classmethod
    def from_wire(cls, data: object, rules: RuleSet) -> PlayerView:
        """The view that ``to_wire`` wrote, under ``rules`` (the table's); ``ViewError`` for
        data that is not one (or is for other rules)."""
        if not isinstance(data, dict) or data.get("format") != WIRE_FORMAT:
            raise ViewError(f"a view on the wire is an object of format {WIRE_FORMAT!r}")
        seat, players = data.get("seat"), rules.players.count
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ViewError(f"the view's seat {seat!r} is not in this game")
        sizes = _wire_numbers(data, "hand_sizes", players)
        feet = _wire_numbers(data, "foot_sizes", players)
        stock, legal = _wire_numbers(data, "stock", None), data.get("legal")
        face_down = _wire_numbers(data, "face_down", None) if "face_down" in data else 0
        if not isinstance(legal, list):
            raise ViewError("the view's 'legal' is a list of action codes")
        try:
            t = tables_for(rules)
            state = information_set(read(str(data.get("position")), t, True), seat)
            actions = tuple(Action.from_code(code) for code in legal)
        except CanastaError as exc:
            raise ViewError(f"the view does not read: {exc}") from None
        for player, size, foot in zip(state.seats, sizes, feet, strict=True):
            player.size, player.foot_size = size, foot
        state.table.under_size = face_down
        piles = data.get("bonus_sizes", [])
        if not isinstance(piles, list) or len(piles) > len(rules.deal.bonus_piles) or any(
                isinstance(n, bool) or not isinstance(n, int) or n < 1 for n in piles):
            raise ViewError(f"the view's 'bonus_sizes' is not the sizes of at most "
                            f"{len(rules.deal.bonus_piles)} bonus piles")
        state.table.bonus_sizes = tuple(piles)
        assert isinstance(stock, int)
        return cls(seat, rules, state, actions, stock, t)

    # ------------------------------------------------------------------ a value

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a view is read-only: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a view is read-only: cannot delete {name!r}")

    def _key(self) -> tuple[Any, ...]:
        return (self.seat, self.rules, self.legal_actions, self.stock_size, self.state)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayerView):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.seat, self.legal_actions, self.stock_size, self.hand, self.pile,
                     self.hand_sizes, self.phase, self.deal_number))

    def __repr__(self) -> str:
        hand = cards_text(self.hand, self.cards or None)
        return (f"PlayerView(seat={self.seat}, phase={self.phase!r}, hand={hand!r}, "
                f"legal_actions={len(self.legal_actions)})")

    def __getstate__(self) -> dict[str, Any]:
        return {name: self.__dict__[name]
                for name in ("seat", "rules", "state", "legal_actions", "stock_size")}

    def __setstate__(self, values: dict[str, Any]) -> None:
        self.__init__(**values)  # type: ignore[misc]


def revealed(before: PlayerView, after: PlayerView) -> bool:
    """Whether cards hidden from the seat came into its sight between two of its views: drawn
    from the stock, a foot taken up, the face-down cards under the pile taken with it
    (``deal.pile_by_upcard``), a pile of bonus cards taken with an initial meld
    (``deal.bonus_piles``), or a new deal. An action that revealed a card cannot be taken back
    (the undo of one person playing bots: docs/protocol.md, ``undo``)."""
    return (before.stock_size != after.stock_size or before.foot_sizes != after.foot_sizes
            or before.pile_face_down != after.pile_face_down
            or before.bonus_sizes != after.bonus_sizes
            or before.deal_number != after.deal_number)


def _wire_numbers(data: dict[str, Any], key: str, count: int | None) -> Any:
    """``data[key]``: ``count`` whole numbers, or one where ``count`` is None."""
    value = data.get(key)
    items = value if count is not None else [value]
    if not isinstance(items, list) or (count is not None and len(items) != count) or any(
            isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in items):
        raise ViewError(f"the view's {key!r} is not "
                        + (f"{count} whole numbers" if count else "a whole number"))
    return value


def view_of(s: State, rules: RuleSet, seat: SeatNo, legal: Sequence[Action],
            t: Tables | None = None) -> PlayerView:
    """The view of ``seat`` of a game in state ``s`` whose legal actions are ``legal`` (``t``:
    the rules' tables, where the caller has them); ``ValueError`` for a seat not in the game."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(s.seats):
        players = rules.players.count
        raise ValueError(f"seat {seat!r} is not in this game (0 to {players - 1})")
    mine = tuple(legal) if not s.match.over and s.turn.seat == seat else ()
    return PlayerView(seat, rules, _information_set(s, seat), mine, len(s.table.stock), t)


__all__ = ["WIRE_FORMAT", "Phase", "PlayerView", "ViewError", "information_set", "revealed",
           "view_of"]
