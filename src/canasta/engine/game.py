"""``Game``: the engine's public face, over one ``State`` and the rule families.

A game is fully determined by its rule set, its seed and the actions applied to it
(docs/architecture.md). ``Game`` holds the state, the rules' lookup tables and the history of
action codes, and answers the OpenSpiel-style questions bots and environments ask; every rule
lives in the family modules that ``turn`` puts together.

>>> game = Game("classic", seed=1)
>>> game.apply("draw")
>>> game.why_illegal("draw")
'you have already drawn or taken the pile this turn'
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from canasta.engine import position, position_read, turn
from canasta.engine.actions import CODE, NUM_ACTIONS, Action
from canasta.engine.deal import Cuts, cut_for_dealer
from canasta.engine.pile import frozen_for
from canasta.engine.refusal import Refusal
from canasta.engine.scoring import HandResult, Meld, leader, sequences_of
from canasta.engine.state import Phase, SeatNo, SideNo, State
from canasta.engine.tables import Tables, tables_for
from canasta.engine.view import PlayerView, view_of
from canasta.errors import CanastaError, IllegalAction
from canasta.rules import RuleSet, load

PHASE_NAMES = ("draw", "answer", "meld", "over")


class Game:
    """A game of Canasta under one rule set, from the first deal to the final score."""

    __slots__ = ("_legal", "history", "rules", "state", "t")

    def __init__(self, rules: RuleSet | str | Path = "classic", seed: int = 0) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise CanastaError(f"a game's seed is a whole number, not {seed!r}")
        self.rules: RuleSet = rules if isinstance(rules, RuleSet) else load(rules)
        self.t: Tables = tables_for(self.rules)
        self.state: State = turn.new_state(self.t, seed)
        self.history: list[int] = []  # every action's code, in order
        self._legal: list[Action] | None = None

    @classmethod
    def from_position(cls, rules: RuleSet | str | Path, text: str, *,
                      partial: bool = False) -> Game:
        """The game at a position, its history starting there; ``PositionError`` says why one
        is malformed or unreachable (``partial``: a part of a game; docs/positions.md)."""
        game = cls.__new__(cls)
        game.rules = rules if isinstance(rules, RuleSet) else load(rules)
        game.t = tables_for(game.rules)
        game.state = position_read.read(text, game.t, partial)
        game.history, game._legal = [], None
        return game

    # ------------------------------------------------------------------ the match

    @property
    def seed(self) -> int:
        return self.state.match.seed

    @property
    def scores(self) -> list[int]:
        """Each side's game total (a copy)."""
        return list(self.state.match.scores)

    @property
    def results(self) -> tuple[HandResult, ...]:
        """Every finished hand, in order."""
        return self.state.match.results

    @property
    def deal_number(self) -> int:
        return self.state.match.deal

    @property
    def dealer(self) -> SeatNo:
        return self.state.match.dealer

    @property
    def winner(self) -> SideNo:
        """The winning score column once the game is over, else -1 (``score_column``)."""
        return self.state.match.winner

    @property
    def leader(self) -> SideNo:
        """The score column ahead, -1 while level: who wins a game stopped after N deals."""
        return leader(self.state.match.scores)

    def score_column(self, seat: SeatNo) -> SideNo:
        """The seat's column in ``scores``: its side's (its own in cutthroat)."""
        return self.t.seat_sides[seat]

    @property
    def dealer_cuts(self) -> Cuts:
        """The cuts for the first dealer, as ``((seat, card text), ...)`` per round."""
        return cut_for_dealer(self.rules, self.seed)[1]

    @property
    def phase(self) -> Phase:
        return self.state.turn.phase

    # ------------------------------------------------------------------ the OpenSpiel surface

    @property
    def current_player(self) -> SeatNo:
        """The seat to act, or -1 once the game is over."""
        return -1 if self.state.match.over else self.state.turn.seat

    @property
    def num_players(self) -> int:
        return self.t.players

    def side_of(self, seat: SeatNo) -> SideNo:
        """The side (partnership) a seat plays for."""
        return self.state.seat_sides[seat]

    def is_terminal(self) -> bool:
        return self.state.match.over

    def returns(self) -> list[float]:
        """Per seat: 1 for the winner's seats (its score column's: the winning side, or the
        winning player in cutthroat), -1 for the others; 0 each while play goes on."""
        if not self.state.match.over:
            return [0.0] * self.t.players
        winner = self.state.match.winner
        return [1.0 if self.score_column(s) == winner else -1.0 for s in range(self.t.players)]

    def legal_actions(self) -> list[Action]:
        """Every action the player to act may take now: complete, and never empty mid-game."""
        legal = self._legal
        if legal is None:
            legal = self._legal = turn.legal_actions(self.state, self.t)
        return legal[:]

    def _legal_list(self) -> list[Action]:
        """The legal actions, cached until the next move (not a copy: read only)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = turn.legal_actions(self.state, self.t)
        return legal

    def legal_action_mask(self) -> list[bool]:
        """A mask over action codes ``0 .. NUM_ACTIONS-1`` (new; set from the cached list)."""
        mask = [False] * NUM_ACTIONS
        for action in self._legal_list():
            mask[CODE[action]] = True
        return mask

    def why_illegal(self, action: Action | int | str) -> str | None:
        """Why ``action`` (an action, its code or its text) is not legal now, in plain words;
        None when it is legal."""
        refusal = self.refusal(action)
        return None if refusal is None else refusal.words()

    def refusal(self, action: Action | int | str) -> Refusal | None:
        """Why ``action`` is not legal now: its ``words()`` (``why_illegal``'s) and the
        ``topic``, the part of the rules it applies; None when it is legal.

        >>> Game("classic", seed=1).refusal("discard K").topic
        <Topic.TURN: 'turn'>
        """
        action = Action.of(action)
        Action.from_code(action.code)  # a made-up value is no action at all
        return turn.refusal(self.state, self.t, action)

    def apply(self, action: Action | int | str) -> None:
        """Apply one action (an action, its code or its text). An illegal one raises
        ``IllegalAction`` naming the reason, and changes nothing."""
        if type(action) is not Action:
            action = Action.of(action)
        legal = self._legal
        if legal is None:
            legal = self._legal = turn.legal_actions(self.state, self.t)
        if action not in legal:
            action = Action.from_code(action.code)  # a made-up value is no action at all
            refusal = turn.refusal(self.state, self.t, action) or turn.FALLBACK
            raise IllegalAction(action, refusal.words(),
                                partial(position.write, self.state.copy(), self.t), refusal.topic)
        self._legal = None
        self.history.append(CODE[action])
        turn.TRANSITIONS[action.type](self.state, self.t, action)  # turn.play, one call less

    def view(self, seat: SeatNo) -> PlayerView:
        """What ``seat`` may know: its own hand and everything public (no other hand, no stock
        order, no seed)."""
        return view_of(self.state, self.rules, seat, self._legal_list(), self.t)

    def clone(self) -> Game:
        """An independent copy of the whole game."""
        game = Game.__new__(Game)
        game.rules, game.t, game._legal = self.rules, self.t, self._legal
        game.state = self.state.copy()
        game.history = self.history[:]
        return game

    # ------------------------------------------------------------------ the table

    def melds(self, side: SideNo) -> list[Meld]:
        """The side's melds on the table (tentative ones included), by rank."""
        return [m for m in self.state.sides[side].melds if m is not None]

    def sequences(self, side: SideNo) -> list[tuple[int, int, int]]:
        """The side's sequences as (suit, low, high): the open ones and the sambas."""
        return sequences_of(self.state, self.t, side)

    def minimum_needed(self, side: SideNo) -> int:
        """The side's initial-meld minimum this deal (0 once it has melded)."""
        mine = self.state.sides[side]
        return 0 if mine.opened else mine.minimum

    def pile_frozen_for(self, seat: SeatNo) -> bool:
        """Whether the pile is frozen against this seat's side (docs/rules.md, ruling 3)."""
        return frozen_for(self.state, self.t, self.state.seat_sides[seat])

    def card_count(self) -> int:
        """Every card in the game, wherever it lies (the pack size, always)."""
        s = self.state
        tentative = s.turn.opening
        return sum(p.size + p.red_threes + p.black_threes + p.foot_size for p in s.seats) \
            + sum(m.size for side in s.sides for m in side.melds if m is not None) \
            + sum(high - low + 1 for side in range(self.t.sides)
                  for _, low, high in self.sequences(side)) \
            + sum(side.black_threes_removed for side in s.sides) \
            + len(s.table.stock) + len(s.table.pile) + s.table.under_size \
            + sum(s.table.bonus_sizes) \
            + (len(tentative.pending) if tentative is not None and tentative.pending else 0)

    # ------------------------------------------------------------------ notation

    def position(self) -> str:
        """The whole state as one line of text (docs/positions.md)."""
        return position.write(self.state, self.t)

    def digest(self) -> str:
        """A SHA-256 of the position: equal digests mean equal states."""
        return position.digest(self.state, self.t)

    def __repr__(self) -> str:
        return (f"<Game {self.rules.name} seed={self.seed} deal={self.deal_number} "
                f"seat={self.current_player} phase={PHASE_NAMES[self.phase]} "
                f"scores={self.scores}>")


__all__ = ["PHASE_NAMES", "Game"]
