"""What one seat may know: the boundary of hidden information (DESIGN.md, principle 4).

A ``PlayerView`` holds the seat's own hand and everything public: melds, red 3s, hand sizes,
the discard pile (every card in it was seen face up), the stock's size (never its order),
scores and the turn's state. Bots, network clients and RL agents get views, never a ``Game``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from canasta.cards import NUM_KINDS, kind_name, rank_of
from canasta.engine.actions import Action
from canasta.engine.scoring import HandResult, Meld
from canasta.rules import RuleSet

if TYPE_CHECKING:
    from canasta.engine.game import Game


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One seat's view of a game. All fields are immutable."""

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


def view_of(game: Game, seat: int) -> PlayerView:
    """Build the view of ``seat``; raises ``ValueError`` for a seat not in the game."""
    from canasta.engine.game import PHASE_NAMES

    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.t.players:
        raise ValueError(f"seat {seat!r} is not in this game (0 to {game.t.players - 1})")
    side = game.side_of(seat)
    own_turn = game.current_player == seat
    snap = game.snap
    return PlayerView(
        seat=seat,
        side=side,
        rules=game.rules,
        players=game.t.players,
        sides=game.t.sides,
        deal_number=game.deal_number,
        dealer=game.dealer,
        current_player=game.current_player,
        phase=PHASE_NAMES[game.phase],
        hand=tuple(game.hands[seat]),
        hand_sizes=tuple(game.hsize),
        melds=tuple(tuple(game.melds(s)) for s in range(game.t.sides)),
        red_threes=tuple(game.red3),
        pile=tuple(game.pile),
        pile_frozen=game.pile_frozen_for(seat),
        blocked=game.blocked == seat,
        stock_size=len(game.stock),
        scores=tuple(game.scores),
        minimums=tuple(game.minimum_needed(s) for s in range(game.t.sides)),
        canastas=tuple(game.ncan),
        permission=("", "yes", "no")[game.permission],
        opening_points=game.op_points,
        pending_pile=len(game.pending) if game.pending is not None else 0,
        legal_actions=tuple(game.legal_actions()) if own_turn else (),
        results=tuple(game.results),
        known=tuple(tuple(k) for k in game.known),
        initial_done=tuple(game.initial_done),
        base_minimums=tuple(game.minimum),
        laid_before=tuple(game.laid_before),
        yes_failures=tuple(game.yes_failures),
        blocked_seat=game.blocked,
        turns=game.turns,
        asker=game.asker,
        asked=game.asked,
        drew=game.drew,
        took=game.took,
        retracts=game.retracts,
        melded_turn=game.melded_turn,
        created=tuple(game.created),
        opening=game.opening,
        pending=tuple(game.pending or ()),
        opening_pile=tuple(snap[6]) if snap else (),
        opening_known=tuple(snap[9]) if snap else (),
        opening_hand=tuple(snap[0]) if snap and own_turn else (),
        foot_sizes=tuple(game.footsz),
        removed_black_threes=tuple(game.removed3),
        opening_canasta=tuple(game.min_canasta),
        cut_side=game.cut_side,
        acaba=ACABA_STATES[game.acaba_perm],
        cards=tuple(game.cards[seat]) if game.cards is not None else (),
        opening_cards=tuple(snap[10]) if snap and own_turn and snap[10] is not None else (),
        sequences=tuple(tuple(game.sequences(s)) for s in range(game.t.sides)),
    )


#: The state of "may I say acaba?" by the engine's code: 0, 1 yes, -1 no, 2 asked.
ACABA_STATES = {0: "", 1: "yes", -1: "no", 2: "asked"}
