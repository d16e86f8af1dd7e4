"""The public record of a game's play, for observers with perfect recall (docs/envs.md).

``Recall`` keeps, per seat, what every seat saw it discard and take from the pile in the
current deal, and the seat's own hands through the game; ``canasta.envs.observation`` writes it
into the tensor and the string of an observer that asks for it.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable

from canasta.cards import FOUR, NUM_CODES, NUM_KINDS, SUITED, kind_name, rank_of
from canasta.engine.actions import ALL_ACTIONS, ActionType
from canasta.engine.view import PlayerView

_NAMES = tuple(kind_name(k) for k in range(NUM_CODES))


class Recall:
    """The memory of a game's play, for observers with perfect recall.

    Public, per seat (absolute) and for the current deal: the cards it discarded, by kind (each
    discard names its card), and the cards that left the pile on its actions (taking the pile;
    a retracted opening puts them back), by kind, read from the pile every view shows.
    Private, per seat and for the whole game: its hand at each deal's start and after every
    action that brought cards into it (a draw, a take, the foot), as text; an observer shows
    a seat only its own.

    ``view_of(seat)`` gives a seat's view now (``Game.view``); the memory is updated after every
    action from the actor's view (and every seat's when a deal begins).
    """

    __slots__ = ("deal", "discarded", "hand_sizes", "log", "pile", "players", "taken")

    def __init__(self, view_of: Callable[[int], PlayerView], players: int) -> None:
        self.players = players
        self.deal = 0
        self.pile: list[int] = []
        self.discarded = [array("f", bytes(4 * NUM_KINDS)) for _ in range(players)]
        self.taken = [array("f", bytes(4 * NUM_KINDS)) for _ in range(players)]
        self.hand_sizes = [0] * players
        self.log: list[list[str]] = [[] for _ in range(players)]
        self._start(view_of)

    def _start(self, view_of: Callable[[int], PlayerView]) -> None:
        """Begin a deal: every seat's dealt hand, the pile's upcard(s)."""
        for seat in range(self.players):
            view = view_of(seat)
            self.hand_sizes[seat] = view.hand_sizes[seat]
            self.log[seat].append(f"deal {view.deal_number} [{hand_text(view)}]")
        self.deal = view.deal_number
        self.pile = list(view.state.table.pile)
        for rows in (self.discarded, self.taken):
            for row in rows:
                row[:] = array("f", bytes(4 * NUM_KINDS))

    def update(self, actor: int, code: int, view_of: Callable[[int], PlayerView],
               seat: int | None = None) -> None:
        """Record that ``actor`` played the action ``code`` (already applied), reading the
        public part from ``seat``'s view (the actor's by default: any seat's will do) and the
        actor's own view only when its hand grew."""
        view = view_of(actor if seat is None or seat < 0 else seat)
        if view.deal_number != self.deal:
            self._start(view_of)
            return
        pile = view.state.table.pile
        before = self.pile
        action = ALL_ACTIONS[code]
        added = 0
        if action.type == ActionType.DISCARD:
            self.discarded[actor][rank_of(action.rank)] += 1
            added = 1
        if len(pile) != len(before) + added or pile[:len(before)] != before:
            taken = self.taken[actor]
            for card in before:
                taken[rank_of(card)] += 1
            for card in pile[:len(pile) - added]:
                taken[rank_of(card)] -= 1
        self.pile = list(pile)
        size = view.state.seats[actor].size
        if size > self.hand_sizes[actor]:
            self.log[actor].append(f"{action} [{hand_text(view_of(actor))}]")
        self.hand_sizes[actor] = size

    def resampled(self, seat: int, view_of: Callable[[int], PlayerView]) -> Recall:
        """The memory of a game resampled for ``seat`` (``determinize``), ``view_of`` giving
        the sampled game's views: the public memory and ``seat``'s own hands as they are;
        the other seats' past hands are hidden from ``seat`` and were never sampled, so each
        one's private memory starts again from its sampled hand now (none of the real game's
        hidden cards stays in it)."""
        other = self.copy()
        for n in range(self.players):
            if n != seat:
                other.log[n] = [f"sampled [{hand_text(view_of(n))}]"]
        return other

    def copy(self) -> Recall:
        other = Recall.__new__(Recall)
        other.players, other.deal, other.pile = self.players, self.deal, self.pile[:]
        other.discarded = [row[:] for row in self.discarded]
        other.taken = [row[:] for row in self.taken]
        other.hand_sizes = self.hand_sizes[:]
        other.log = [entries[:] for entries in self.log]
        return other


def hand_text(view: PlayerView) -> str:
    """The seat's hand by kind, suited naturals by rank then suit (``S H D C``), as
    ``canasta.presentation.cards.hand_codes`` orders it."""
    seat = view.state.seats[view.seat]
    cards = seat.cards
    words: list[str] = []
    for kind, n in enumerate(seat.hand if cards is None else seat.hand[:FOUR]):
        if n:
            words += [_NAMES[kind]] * n
    if cards is not None:
        for code in range(SUITED, NUM_CODES):
            if cards[code]:
                words += [_NAMES[code]] * cards[code]
    return " ".join(words)


__all__ = ["Recall", "hand_text"]
