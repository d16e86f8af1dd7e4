"""What one seat may know: the boundary of hidden information (DESIGN.md, principle 4).

A ``PlayerView`` holds the seat's own hand and everything public: melds, red 3s, hand sizes,
the discard pile (every card in it was seen face up), the stock's size (never its order),
scores and the turn's state. Bots, network clients and RL agents get views, never a ``Game``:
a view has no field for another seat's hand or the stock, pickles as its fields alone, and
lets go of the game it was taken from once that game moves on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from weakref import ref

from canasta.cards import NUM_KINDS, kind_name, rank_of
from canasta.engine.actions import Action
from canasta.engine.scoring import HandResult, Meld
from canasta.rules import RuleSet

if TYPE_CHECKING:
    from canasta.engine.game import Game


#: The state of "may I say acaba?" by the engine's code: 0, 1 yes, -1 no, 2 asked.
ACABA_STATES = {0: "", 1: "yes", -1: "no", 2: "asked"}


def _own_snap(index: int) -> Callable[[Game, int], tuple[int, ...]]:
    """A field of the tentative opening's snapshot that only the seat to act may see."""
    def read(g: Game, s: int) -> tuple[int, ...]:
        part: Any = g.snap[index] if g.snap and g.current_player == s else None
        return tuple(part) if part is not None else ()
    return read


def _public_snap(index: int) -> Callable[[Game, int], tuple[int, ...]]:
    """A public field of the tentative opening's snapshot."""
    def read(g: Game, s: int) -> tuple[int, ...]:
        part: Any = g.snap[index] if g.snap else ()
        return tuple(part)
    return read


#: How each field is read from the game, for seat ``s``: the one place a view's content is
#: defined. Fields are read on first use, and all of them before the game's next move.
_FIELDS: dict[str, Callable[[Game, int], Any]] = {
    "side": lambda g, s: g.side_of(s),
    "rules": lambda g, s: g.rules,
    "players": lambda g, s: g.t.players,
    "sides": lambda g, s: g.t.sides,
    "deal_number": lambda g, s: g.deal_number,
    "dealer": lambda g, s: g.dealer,
    "current_player": lambda g, s: g.current_player,
    "phase": lambda g, s: _phase_name(g.phase),
    "hand": lambda g, s: tuple(g.hands[s]),
    "hand_sizes": lambda g, s: tuple(g.hsize),
    "melds": lambda g, s: tuple(tuple(g.melds(x)) for x in range(g.t.sides)),
    "red_threes": lambda g, s: tuple(g.red3),
    "pile": lambda g, s: tuple(g.pile),
    "pile_frozen": lambda g, s: g.pile_frozen_for(s),
    "blocked": lambda g, s: g.blocked == s,
    "stock_size": lambda g, s: len(g.stock),
    "scores": lambda g, s: tuple(g.scores),
    "minimums": lambda g, s: tuple(g.minimum_needed(x) for x in range(g.t.sides)),
    "canastas": lambda g, s: tuple(g.ncan),
    "permission": lambda g, s: ("", "yes", "no")[g.permission],
    "opening_points": lambda g, s: g.op_points,
    "pending_pile": lambda g, s: len(g.pending) if g.pending is not None else 0,
    "legal_actions": lambda g, s: tuple(g.legal_actions()) if g.current_player == s else (),
    "results": lambda g, s: tuple(g.results),
    "known": lambda g, s: tuple(tuple(k) for k in g.known),
    "initial_done": lambda g, s: tuple(g.initial_done),
    "base_minimums": lambda g, s: tuple(g.minimum),
    "laid_before": lambda g, s: tuple(g.laid_before),
    "yes_failures": lambda g, s: tuple(g.yes_failures),
    "blocked_seat": lambda g, s: g.blocked,
    "turns": lambda g, s: g.turns,
    "asker": lambda g, s: g.asker,
    "asked": lambda g, s: g.asked,
    "drew": lambda g, s: g.drew,
    "took": lambda g, s: g.took,
    "retracts": lambda g, s: g.retracts,
    "melded_turn": lambda g, s: g.melded_turn,
    "created": lambda g, s: tuple(g.created),
    "opening": lambda g, s: g.opening,
    "pending": lambda g, s: tuple(g.pending or ()),
    "opening_pile": _public_snap(6),
    "opening_known": _public_snap(9),
    "opening_hand": _own_snap(0),
    "foot_sizes": lambda g, s: tuple(g.footsz),
    "removed_black_threes": lambda g, s: tuple(g.removed3),
    "opening_canasta": lambda g, s: tuple(g.min_canasta),
    "cut_side": lambda g, s: g.cut_side,
    "acaba": lambda g, s: ACABA_STATES[g.acaba_perm],
    "cards": lambda g, s: tuple(g.cards[s]) if g.cards is not None else (),
    "opening_cards": _own_snap(10),
    "sequences": lambda g, s: tuple(tuple(g.sequences(x)) for x in range(g.t.sides)),
}

_read_legal = _FIELDS["legal_actions"]

#: Every field of a view, in order.
FIELDS: tuple[str, ...] = ("seat", *_FIELDS)

_new = object.__new__
_set = object.__setattr__


class PlayerView:
    """One seat's view of a game: an immutable snapshot (see ``view_of``)."""

    __slots__ = (*FIELDS, "_game", "__weakref__")

    seat: int

    side: int
    rules: RuleSet
    players: int
    sides: int
    deal_number: int
    dealer: int
    current_player: int  # -1 once the game is over
    phase: str  # "draw", "answer", "meld" or "over"
    hand: tuple[int, ...]  # own hand: count per kind
    hand_sizes: tuple[int, ...]  # every seat's number of cards in hand
    melds: tuple[tuple[Meld, ...], ...]  # per side
    red_threes: tuple[int, ...]  # per seat
    pile: tuple[int, ...]  # bottom to top
    pile_frozen: bool  # frozen against this seat's side
    blocked: bool  # this seat may not take the pile this turn (a black 3)
    stock_size: int
    scores: tuple[int, ...]  # per side: the game totals so far
    minimums: tuple[int, ...]  # per side: its initial-meld minimum this deal, 0 once made
    canastas: tuple[int, ...]  # per side
    permission: str  # this turn's answer to "may I go out?" (asked aloud): "", "yes" or "no"
    opening_points: int  # points of the tentative opening on the table this turn
    pending_pile: int  # cards of a taken pile waiting for the opening to be committed
    legal_actions: tuple[Action, ...]  # empty unless this seat is to act
    results: tuple[HandResult, ...]  # every finished hand of the game
    # Public facts a bot needs to rebuild a consistent game (``canasta.engine.determinize``).
    known: tuple[tuple[int, ...], ...]  # per seat: cards all know it holds (taken from the pile)
    initial_done: tuple[bool, ...]  # per side
    base_minimums: tuple[int, ...]  # per side: the minimum set at the start of the deal
    laid_before: tuple[bool, ...]  # per seat: has laid cards on an earlier turn of this deal
    yes_failures: tuple[int, ...]  # per side
    blocked_seat: int  # the seat a black 3 blocks this turn, or -1
    turns: int  # turns played this deal
    asker: int
    asked: bool
    drew: bool
    took: bool
    retracts: int
    melded_turn: bool
    created: tuple[int, ...]  # ranks of melds started this turn
    opening: bool
    pending: tuple[int, ...]  # the taken pile waiting for the opening's commit
    opening_pile: tuple[int, ...]  # the pile as it was before a tentative opening took it
    opening_known: tuple[int, ...]  # the known cards of the player before the opening
    opening_hand: tuple[int, ...]  # own hand before the opening (only in the own seat's view)
    foot_sizes: tuple[int, ...]  # per seat: cards in the foot not yet taken up (Hand and Foot)
    removed_black_threes: tuple[int, ...]  # per side: black 3s set aside (Cuban)
    opening_canasta: tuple[int, ...]  # per side: the opening needs a canasta: 0, 1 any, 2 natural
    cut_side: int  # the side a perfect cut pays this deal, or -1
    acaba: str  # this turn's "may I concede?": "", "asked", "yes" or "no"
    cards: tuple[int, ...]  # own hand by card code, suits kept (empty where suits play no part)
    opening_cards: tuple[int, ...]  # own cards by code before the opening (own view, suited)
    sequences: tuple[tuple[tuple[int, int, int], ...], ...]  # per side: (suit, low, high)

    def hand_text(self) -> str:
        """The hand sorted by kind, e.g. ``"JK 2 2 5 5 9 K K A"`` (wilds first), with suits
        (``"5H 5S"``) where the rules tell suits apart."""
        if self.cards:
            return " ".join(kind_name(c) for c in sorted(
                range(len(self.cards)), key=lambda c: (rank_of(c), c)) for _ in range(
                self.cards[c] if c >= 4 else self.hand[c]))
        return " ".join(kind_name(k) for k in range(NUM_KINDS) for _ in range(self.hand[k]))

    @property
    def dead_ranks(self) -> tuple[int, ...]:
        """Ranks this seat's side can no longer make a canasta of: too many of their natural
        cards are buried in the pile or melded by other sides (seed 000, Modern American)."""
        from canasta.cards import NATURAL_RANKS
        from canasta.engine.tables import tables_for

        t = tables_for(self.rules)
        need = self.rules.melds.canasta_size - self.rules.melds.max_wilds
        dead = []
        for rank in NATURAL_RANKS:
            elsewhere = sum(m.naturals for side, melds in enumerate(self.melds)
                            if side != self.side for m in melds if m.rank == rank)
            if t.pack[rank] - elsewhere - self.pile.count(rank) < need:
                dead.append(rank)
        return tuple(dead)

    @property
    def pile_top(self) -> int:
        """The kind on top of the pile, or -1 when it is empty."""
        return self.pile[-1] if self.pile else -1

    # The snapshot's machinery: fields come from the game on first use (``__getattr__`` runs
    # only for a field not read yet), all of them before the game moves (``_fill``).
    if not TYPE_CHECKING:
        def __getattr__(self, name: str) -> Any:
            read = _FIELDS.get(name)
            game = object.__getattribute__(self, "_game") if read else None
            if game is None:
                raise AttributeError(f"'PlayerView' object has no attribute {name!r}")
            value = read(game, self.seat)
            _set(self, name, value)
            return value

    def _fill(self) -> None:
        """Read every field not read yet, then let go of the game."""
        for name in _FIELDS:
            getattr(self, name)
        _set(self, "_game", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a view is read-only: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a view is read-only: cannot delete {name!r}")

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in FIELDS)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PlayerView):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        return "PlayerView(" + ", ".join(
            f"{name}={getattr(self, name)!r}" for name in FIELDS) + ")"

    def __reduce__(self) -> tuple[Callable[..., PlayerView], tuple[Any, ...]]:
        return _rebuild, self._values()


def _rebuild(*values: Any) -> PlayerView:
    """A view from its fields in order (how views unpickle)."""
    view = _new(PlayerView)
    for name, value in zip(FIELDS, values, strict=True):
        _set(view, name, value)
    _set(view, "_game", None)
    return view


def view_of(game: Game, seat: int) -> PlayerView:
    """The view of ``seat``; raises ``ValueError`` for a seat not in the game.

    The snapshot is taken lazily: a field is read from the game the first time it is asked
    for, and every field not read yet is filled in before the game's next move
    (``Game.apply`` calls ``settle_views``), after which the view lets go of the game. A bot
    that reads only ``legal_actions`` (read at once: every bot needs it) pays only for that.
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.t.players:
        raise ValueError(f"seat {seat!r} is not in this game (0 to {game.t.players - 1})")
    view = _new(PlayerView)
    _set(view, "seat", seat)
    _set(view, "_game", game)
    _set(view, "legal_actions", _read_legal(game, seat))  # what every bot reads first
    views = game._views
    if len(views) >= 64:  # a game looked at often between moves: forget the views dropped
        views[:] = [r for r in views if r() is not None]
    views.append(ref(view))
    return view


def settle_views(views: list[ref[PlayerView]]) -> None:
    """Fill in the views of a game that is about to move, and forget them."""
    for r in views:
        view = r()
        if view is not None:
            view._fill()
    views.clear()


def _phase_name(phase: int) -> str:
    from canasta.engine.game import PHASE_NAMES

    return PHASE_NAMES[phase]

