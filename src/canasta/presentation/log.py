"""The move log: each action in the third person, as the seat watching it may know it
(docs/presentation.md, "The move log").

``describe_move(before, action, after, names)`` takes the *watching* seat's views just before
and just after ``action`` (played by ``before.current_player``). Everything said is read from
those two views, so the log cannot say what the seat may not know: another seat's draw is "Cy
drew from the stock", a red 3 it laid out is public, and only the seat's own draws name the
cards drawn. With the seat's suits after the action (``SuitLedger.move_seen_by``: at the
deal's end for the action that ends it) a discard, the cards laid and the seat's own draw name
the suits the cards show ("Cy discarded a king of spades"): the pile's top, the table's cards
and the hand's new cards, which the seat sees.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from canasta.cards import KIND_WORDS, SUITED, SUITS, TWO, kind_word, rank_of, suit_of
from canasta.engine.actions import Action, ActionType, Route, meld_cards, route_of, sequence_cards
from canasta.engine.view import PlayerView
from canasta.presentation.cards import eyed, hand_codes
from canasta.presentation.facts import Suits
from canasta.presentation.names import Chair, wins
from canasta.presentation.results import deal_breakdown
from canasta.presentation.suits import SuitLedger

if TYPE_CHECKING:
    from canasta.engine.game import Game


def a(word: str) -> str:
    """The word with its indefinite article: "a king", "an ace", "an 8"."""
    return ("an " if word[0] in "aeiou8" else "a ") + word


def count_of(n: int, singular: str, plural: str) -> str:
    """"a card", "2 cards"."""
    return a(singular) if n == 1 else f"{n} {plural}"


def listing(words: Sequence[str]) -> str:
    """"a 7", "a 7 and a king", "a 7, a 9 and a king"."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _plural(code: int) -> str:
    return KIND_WORDS[rank_of(code)][1]


class _Move:
    """One action seen from one seat: what the sentence builders read."""

    def __init__(self, before: PlayerView, action: Action, after: PlayerView,
                 chair: Chair, suits: Suits | None) -> None:
        self.before, self.action, self.after, self.chair = before, action, after, chair
        self.actor = before.current_player
        self.who = chair.who(self.actor)
        self.new_deal = len(after.results) > len(before.results)
        self.red = 0 if self.new_deal else \
            after.red_threes[self.actor] - before.red_threes[self.actor]
        #: the seat's suits after the action (at the deal's end if it ended the deal)
        self.suits = suits
        #: the suits of the cards the action laid on the table, not yet named
        self.laid = list(self.suits.laid) if self.suits else []

    def laid_suit(self, code: int, suit: str = "") -> str:
        """The suit of a laid card of ``code``'s kind (``suit`` if one of them shows it),
        named once: "" when none is left to name."""
        kind = rank_of(code)
        for pick in (suit, ""):
            for index, (laid, shown) in enumerate(self.laid):
                if rank_of(laid) == kind and (not pick or shown == pick):
                    del self.laid[index]
                    return shown
        return ""

    def laid_card(self, code: int) -> str:
        """"a 6 of hearts": a card laid, with its suit when the ledger named it."""
        return _with_suit(code, self.laid_suit(code))

    def laid_suits(self, code: int, count: int) -> str:
        """" (a heart and two clubs)": the suits of ``count`` laid cards of ``code``'s kind,
        or "" without them."""
        suits = [self.laid_suit(code) for _ in range(count)]
        return f" ({suit_counts(suits)})" if all(suits) else ""


_SUIT_NAMES = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
_NUMBERS = {2: "two", 3: "three", 4: "four"}


def suit_counts(suits: Sequence[str]) -> str:
    """Cards' suits counted: "both hearts", "all spades", "two spades and a diamond",
    "a heart, a club and a spade"."""
    counts = Counter(suits)
    if len(counts) == 1:
        return f"{('all', 'both')[len(suits) == 2]} {_SUIT_NAMES[suits[0]]}s"
    return listing([a(_SUIT_NAMES[s]) if n == 1 else f"{_NUMBERS.get(n, n)} {_SUIT_NAMES[s]}s"
                    for s, n in counts.items()])


def _with_suit(code: int, suit: str) -> str:
    """"a king of spades" ("a king" without a suit; a joker has none)."""
    return a(eyed(code, suit).words)


def _red_words(m: _Move) -> str:
    it = "it" if m.red == 1 else "them"
    return f"{count_of(m.red, 'red 3', 'red 3s')} and laid {it} out"


def _draw(m: _Move) -> str:
    if m.new_deal:
        return f"{m.who} drew from the stock"
    if m.actor == m.chair.seat:
        drawn = Counter(hand_codes(m.after)) - Counter(hand_codes(m.before))
        new: dict[int, list[str]] = {}
        for code, suit in m.suits.new if m.suits else ():
            new.setdefault(code, []).append(suit)
        cards = [_with_suit(c, new[c].pop() if new.get(c) else "")
                 for c in sorted(drawn.elements(), key=lambda c: (rank_of(c), c))]
        if m.red:
            tail = f", then {listing(cards)}" if cards else ""
            return f"You drew {_red_words(m)}{tail}"
        return f"You drew {listing(cards)}" if cards else "You drew from the stock"
    if m.red:
        return f"{m.who} drew {_red_words(m)}"
    drawn_count = m.before.stock_size - m.after.stock_size
    if drawn_count > 1:
        return f"{m.who} drew {drawn_count} cards from the stock"
    return f"{m.who} drew from the stock"


def _take(m: _Move) -> str:
    """The route, with the suits of the cards it laid: the pile's top card and the hand's
    cards laid with it ("with two 7s (a spade and a club)")."""
    top = m.before.pile_top
    taken = len(m.before.pile) - (0 if m.new_deal else len(m.after.pile))
    route, _ = route_of(m.action)
    word = eyed(top, m.laid_suit(top, m.suits.taken) if m.suits else "").words
    plural = _plural(top)
    how = {
        Route.PAIR: lambda: f"with two {plural}{m.laid_suits(top, 2)}",
        Route.WITH_TWO: lambda: f"with {m.laid_card(rank_of(top))} and {m.laid_card(TWO)}",
        Route.WITH_JOKER: lambda: f"with {m.laid_card(rank_of(top))} and a joker",
        Route.ONTO_MELD: lambda: f"by adding the {word} to {m.chair.whose(m.actor)} {plural}",
        Route.ONTO_SEQUENCE: lambda: f"by adding the {word} to {m.chair.whose(m.actor)} "
                                     "sequence",
    }[Route(route)]()
    return f"{m.who} took the pile {how}: {count_of(taken, 'card', 'cards')}"


def _meld(m: _Move) -> str:
    """"melded three 6s (a heart, a club and a spade) and a 2 of diamonds"."""
    naturals, wild = meld_cards(m.action)
    words = f"{('three', 'two')[len(naturals) == 2]} {_plural(naturals[0])}"
    if naturals[0] >= SUITED:  # the action names the suits
        words += f" ({suit_counts([SUITS[suit_of(c)] for c in naturals])})"
    else:
        words += m.laid_suits(naturals[0], len(naturals))
    if wild >= 0:
        words += f" and {m.laid_card(wild)}"
    return f"{m.who} melded {words}"


def _add(m: _Move) -> str:
    meld = "wild cards" if m.action.rank == 0 else _plural(m.action.rank)
    return f"{m.who} added {m.laid_card(m.action.arg)} to {m.chair.whose(m.actor)} {meld}"


def _discard(m: _Move) -> str:
    """The card and, with the seat's suits, the suit it shows on top of the pile."""
    suit = m.suits.pile[-1] if m.suits and m.suits.pile else ""
    return f"{m.who} discarded {_with_suit(m.action.rank, suit)}"


def _commit(m: _Move) -> str:
    return f"{m.who} made the initial meld ({m.before.opening_points} points)"


_SENTENCES: dict[ActionType, Callable[[_Move], str]] = {
    ActionType.DRAW: _draw,
    ActionType.TAKE: _take,
    ActionType.MELD: _meld,
    ActionType.ADD: _add,
    ActionType.COMMIT: _commit,
    ActionType.DISCARD: _discard,
    ActionType.MELD_WILD: lambda m: f"{m.who} melded three wild cards "
                                    f"({str(m.action)[5:]})",
    ActionType.MELD_BLACK_THREES: lambda m: f"{m.who} melded {m.action.arg} black 3s",
    ActionType.SEQUENCE: lambda m: f"{m.who} melded a sequence: " + ", ".join(
        kind_word(c) for c in sequence_cards(m.action)),
    ActionType.EXTEND: lambda m: f"{m.who} added the {kind_word(m.action.rank)} to "
                                 f"{m.chair.whose(m.actor)} sequence",
    ActionType.RETRACT: lambda m: f"{m.who} took back the opening",
    ActionType.LAY_RED_THREE: lambda m: f"{m.who} laid out a red 3",
    ActionType.ASK: lambda m: f"{m.who} asked: may I go out?",
    ActionType.YES: lambda m: f"{m.who} answered yes: going out is allowed",
    ActionType.NO: lambda m: f"{m.who} answered no: no going out this turn",
    ActionType.DECLINE: lambda m: f"{m.who} left the pile with the stock gone",
    ActionType.ASK_ACABA: lambda m: f"{m.who} asked: may I concede the hand (acaba)?",
    ActionType.ACABA: lambda m: f"{m.who} conceded the hand (acaba)",
}


@dataclass(frozen=True, slots=True)
class MoveSuits:
    """The suits an action's log lines may name (``describe_move``), kept to write them
    again without the ledger: the pile's top card's after it, the cards it laid on the table
    and the pile's top card it took (public), and the new cards of its player's hand (that
    seat's alone)."""

    seat: int
    top: str
    new: tuple[tuple[int, str], ...]
    laid: tuple[tuple[int, str], ...] = ()
    taken: str = ""

    @classmethod
    def of(cls, eye: SuitLedger, seat: int) -> MoveSuits:
        """What ``eye``, just after ``seat``'s action, shows (``SuitLedger.move_seen_by``)."""
        shown = eye.move_seen_by(seat)
        return cls(seat, shown.pile[-1] if shown.pile else "", shown.new, shown.laid,
                   shown.taken)

    def seen_by(self, receiver: int | None) -> Suits:
        """The part ``receiver`` (a seat, None for a spectator) sees, as
        ``SuitLedger.seen_by`` gives it."""
        return Suits(pile=(self.top,) if self.top else (),
                     new=self.new if receiver == self.seat else (), laid=self.laid,
                     taken=self.taken)


def describe_move(before: PlayerView, action: Action, after: PlayerView,
                  names: Sequence[str], suits: Suits | None = None) -> tuple[str, ...]:
    """The log lines for ``action``, played by ``before.current_player``, as the seat of
    ``before`` and ``after`` (its views just before and after) may know it; the end of a deal
    and of the game get lines of their own. ``suits``: the suits that seat is shown after the
    action (``SuitLedger.move_seen_by``), for a discard's, the cards laid and the seat's own
    draw's words."""
    if before.seat != after.seat:
        raise ValueError("describe_move needs one seat's views before and after the action")
    chair = Chair(before.seat, before.seat_sides, names, before.t.partners_at_pile)
    move = _Move(before, action, after, chair, suits)
    sentence = _SENTENCES[action.type](move)
    lines = []
    if move.new_deal:
        result = after.results[len(before.results)]
        if result.went_out == move.actor:
            sentence += " and went out"
        lines.append(_stop(sentence))
        lines.append(deal_breakdown(result, chair).words)
    else:
        if after.foot_sizes[move.actor] < before.foot_sizes[move.actor]:
            sentence += " and took up the foot"
        lines.append(_stop(sentence))
    if after.current_player < 0 and before.current_player >= 0:
        lines.append(game_over_words(after, chair))
    return tuple(lines)


def moves_log(start: Game, actions: Sequence[Action | int], seat: int, names: Sequence[str],
              last: int | None = None,
              picks: Mapping[int, Sequence[tuple[int, str]]] | None = None) -> tuple[str, ...]:
    """The log lines of ``actions`` played from ``start`` (which is not changed), as ``seat``
    sees them: ``describe_move`` of each action in turn, for the last ``last`` actions only
    (every action when None; the earlier ones are only applied), with the suits the cards
    show (``SuitLedger``; ``picks``: the cards picked, by the action's index in ``actions``,
    as ``SuitLedger.prefer`` takes them). What a face shows of a game it did not watch being
    played, such as a resumed record."""
    game = start.clone()
    eye = SuitLedger.of_game(game)
    told = 0 if last is None else max(0, len(actions) - last)
    lines: list[str] = []
    before = game.view(seat)
    for index, action in enumerate(actions):
        parsed = action if isinstance(action, Action) else Action.from_code(action)
        eye.play(game, parsed, picks.get(index, ()) if picks else ())
        if index >= told:
            after = game.view(seat)
            lines += describe_move(before, parsed, after, names, eye.move_seen_by(seat))
            before = after
        elif index + 1 == told:
            before = game.view(seat)
    return tuple(lines)


def _stop(sentence: str) -> str:
    return sentence if sentence.endswith("?") else sentence + "."


def game_over_words(view: PlayerView, chair: Chair) -> str:
    """"The game is over: your side wins, 5120 to 3020."""
    scores = view.scores
    best = view.state.match.winner
    board = " to ".join(str(s) for s in sorted(scores, reverse=True))
    return f"The game is over: {wins(chair.score_name(best))}, {board}."


__all__ = ["MoveSuits", "describe_move", "game_over_words", "moves_log"]
