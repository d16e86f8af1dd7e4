"""The fact values the presentation layer gives the faces (docs/presentation.md).

Every fact is a frozen dataclass of plain values (str, int, bool, None, tuples and other
facts), so ``to_dict()`` is JSON-ready: the browser receives exactly what the terminal draws.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any, Union, get_args, get_origin, get_type_hints


class Fact:
    """A presentation value; ``to_dict()`` gives its JSON-ready form (tuples as lists)."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """The fact as nested dicts and lists of plain values (fresh ones). The first call on
        a class makes that class's own ``to_dict`` from its fields' types (``_converter``)."""
        cls = type(self)
        convert = _converter(cls)
        cls.to_dict = convert  # type: ignore[method-assign,assignment]
        return convert(self)


def _expr(value: str, hint: Any, depth: int = 0) -> str:
    """The expression giving the JSON-ready form of ``value`` (of type ``hint``): a fact's
    ``to_dict()``, a list for a tuple (of facts, of plain values or of such tuples), plain
    values as they are."""
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, types.UnionType) and type(None) in args:
        (inner,) = (a for a in args if a is not type(None))
        return f"(None if {value} is None else {_expr(value, inner, depth)})"
    if isinstance(hint, type) and issubclass(hint, Fact):
        return f"{value}.to_dict()"
    if origin in (tuple, list):
        item = args[0]
        if item in (int, str, bool):
            return f"list({value})"
        name = f"x{depth}"  # each depth of a nested list its own name
        return f"[{_expr(name, item, depth + 1)} for {name} in {value}]"
    if hint in (int, str, bool):
        return value
    raise TypeError(f"a fact field of type {hint} has no JSON form")


def _converter(cls: type) -> Callable[[Any], dict[str, Any]]:
    """``cls.to_dict``, written from the class's fields and their types (one expression per
    field, as ``dataclasses`` writes ``__init__``), so no field is left out or walked by
    type checks at run time."""
    hints = get_type_hints(cls)
    body = ", ".join(f"{f.name!r}: {_expr('o.' + f.name, hints[f.name])}" for f in fields(cls))
    scope: dict[str, Any] = {}
    exec(f"def to_dict(o):\n    return {{{body}}}\n", scope)
    return scope["to_dict"]  # type: ignore[no-any-return]


def plain(value: Any) -> Any:
    """Facts (one, or a list or tuple of them) as JSON-ready data; other values as they are."""
    if isinstance(value, Fact):
        return value.to_dict()
    if isinstance(value, tuple | list):
        return [plain(item) for item in value]
    return value


@dataclass(frozen=True, slots=True)
class CardFact(Fact):
    """One card as a face draws it.

    ``text`` is the engine's short form (``"K"``, ``"KH"``, ``"JK"``, ``"R3"``); ``rank`` its
    rank text; ``suit`` the suit letter (S H D C) where the rules tell suits apart, else "";
    ``colour`` is ``"red"`` (hearts, diamonds, red 3s), ``"black"`` (spades, clubs, black 3s),
    ``"wild"`` (jokers and 2s) or ``""`` (a natural whose suit plays no part); ``words`` the card
    in a sentence (``"king of hearts"``). ``eye`` is the suit the card shows: its real suit, or
    where the rules ignore suits its suit for the eye (``presentation.suits``); "" for a joker
    and where no suits were given. ``new``: a card of the seat's own hand that came to it this
    turn (drawn, taken with the pile, a foot taken up), where suits were given.
    """

    code: int
    text: str
    rank: str
    suit: str
    colour: str
    words: str
    eye: str = ""
    new: bool = False


@dataclass(frozen=True, slots=True)
class HandGroup(Fact):
    """Cards of the hand that belong together: ``"wild"`` (jokers and 2s), ``"black 3s"``,
    ``"red 3s"`` (held, where the rules let them be held) or one rank (``"K"``)."""

    label: str
    cards: tuple[CardFact, ...]


@dataclass(frozen=True, slots=True)
class MeldFact(Fact):
    """One meld of a side, as the table shows it.

    ``kind`` is ``"rank"``, ``"wild"`` (wild cards alone), ``"black 3s"`` or ``"sequence"``;
    ``label`` names it (``"kings"``, ``"sequence of hearts"``); ``rank`` the rank's text (the
    lowest card of a sequence); ``canasta`` is ``"natural"``, ``"mixed"``, ``"wild"``,
    ``"samba"``, ``"special"`` (a canasta of a special rank, ``melds.special_ranks``) or ``""``
    (not a canasta yet); ``points`` what the meld counts if the hand ended
    now (its card points, its canasta bonus, any penalty for an unfinished wild meld or a short
    sequence), as the engine's scoring counts it; ``penalty`` the part of ``points`` that is such
    a penalty (negative, 0 for none), which the meld sheds once completed (Modern American's
    sevens short of a canasta: ``points`` -2485, ``penalty`` -2500).
    """

    kind: str
    label: str
    rank: str
    cards: tuple[CardFact, ...]
    count: int
    naturals: int
    wilds: int
    canasta: str
    canasta_size: int
    card_points: int
    bonus: int
    points: int
    penalty: int


@dataclass(frozen=True, slots=True)
class SeatFact(Fact):
    """One seat at the table: ``relation`` is ``"you"``, ``"partner"`` or ``"opponent"``;
    ``known`` the cards everyone knows it holds (taken from the pile); ``who`` how the log's
    sentences name it ("You", "Bea (club, your partner)", "Cy")."""

    seat: int
    name: str
    side: int
    relation: str
    hand_size: int
    foot_size: int
    red_threes: int
    known: tuple[CardFact, ...]
    to_act: bool
    red_three_cards: tuple[CardFact, ...] = ()  # the red 3s laid out, with their suits
    who: str = ""
    #: the black 3s laid out (Modern American's bonus cards, Cuban's set aside from a taken
    #: pile), with their suits
    black_three_cards: tuple[CardFact, ...] = ()


@dataclass(frozen=True, slots=True)
class SideFact(Fact):
    """One side (partnership): ``name`` is ``"your side"`` or the names of its seats."""

    side: int
    name: str
    mine: bool
    seats: tuple[int, ...]
    score: int
    melds: tuple[MeldFact, ...]
    canastas: int
    red_threes: int
    opened: bool
    minimum: int
    black_threes: int = 0  # laid out, where they are bonus cards (Modern American)
    #: Where every seat keeps its own score (players.partners_at_pile, cutthroat): each of the
    #: side's seats' game totals, in seat order (``score`` is then its own seat's, or its
    #: lower seat's); () elsewhere.
    seat_scores: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class ActionFact(Fact):
    """A legal action: its stable ``code``, its ``text`` form (what ``Game.apply`` and the
    command palette accept) and its ``words`` for players."""

    code: int
    text: str
    words: str


@dataclass(frozen=True, slots=True)
class PileFact(Fact):
    """The discard pile.

    ``frozen`` is the engine's verdict for the seat's side and ``frozen_reason`` why (the cards
    that freeze it, the rules, or the side's missing initial meld); ``blocked`` says a black 3
    on top blocks the seat this turn. When the seat is to draw, ``takes`` are the engine's legal
    routes and, if there is none, ``take_refusal`` is the engine's reason a take is refused;
    ``take_cards`` are, for each take, the texts of the hand's cards it lays with the top card
    (a natural pair, or a natural and a wild card, suited where suits count: ``("7H", "7D")``;
    none for a take onto a meld or a sequence): texts, not card facts, since they are cards of
    ``hand``, which a face finds there.
    """

    size: int
    top: CardFact | None
    frozen: bool
    frozen_reason: str
    blocked: bool
    blocked_reason: str
    takes: tuple[ActionFact, ...]
    take_refusal: str
    #: The card that freezes the pile, drawn turned sideways under it: its rank text and the
    #: suit it shows ("" when nothing in the pile freezes it).
    frozen_rank: str = ""
    frozen_eye: str = ""
    take_cards: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class LayPreview(Fact):
    """What laying the selected cards would do, told before it is done (``preview_lay``):
    ``ok`` and its ``words`` ("meld three kings, then 2 more cards onto it"), or the
    engine's refusal (``words``) and the ``topic`` of its rule; for a side that has not
    opened, the opening's points with the cards laid (``opening``) and the ``minimum``."""

    ok: bool
    words: str
    topic: str = ""
    opening: int = 0
    minimum: int = 0


@dataclass(frozen=True, slots=True)
class OpeningFact(Fact):
    """The seat's side and its initial meld: ``minimum`` the points it needs (0 once made),
    ``so_far`` the points laid toward it this turn, ``pile_waiting`` the taken pile's cards that
    wait for the opening to be committed."""

    opened: bool
    minimum: int
    so_far: int
    pile_waiting: int


@dataclass(frozen=True, slots=True)
class TurnFact(Fact):
    """Whose turn it is: ``phase`` is ``"draw"``, ``"answer"``, ``"meld"`` or ``"over"``;
    ``words`` says it for the seat (``"Your turn: draw or take the pile"``)."""

    seat: int
    name: str
    mine: bool
    phase: str
    words: str


@dataclass(frozen=True, slots=True)
class HintFact(Fact):
    """The greedy bot's choice for the seat, and its reason."""

    action: ActionFact
    reason: str


@dataclass(frozen=True, slots=True)
class ScoreItem(Fact):
    """One item of a side's score for a deal (``"melded cards"``, 230)."""

    label: str
    points: int


@dataclass(frozen=True, slots=True)
class SideBreakdown(Fact):
    """One side's score for a deal, item by item, and its game total after it; ``melds``: its
    melds as the deal ended, where the face knows them (just after the deal ended, or at the
    game's end), else ()."""

    side: int
    name: str
    items: tuple[ScoreItem, ...]
    total: int
    game_total: int
    melds: tuple[MeldFact, ...] = ()


@dataclass(frozen=True, slots=True)
class DealBreakdown(Fact):
    """How a deal ended and what every side scored, from the engine's ``HandResult``."""

    deal: int
    ended_by: str
    went_out: str
    sides: tuple[SideBreakdown, ...]
    words: str


@dataclass(frozen=True, slots=True)
class DealLine(Fact):
    """One finished deal in the game's score sheet: each side's points for it, by side."""

    deal: int
    points: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ScoreLine(Fact):
    """One line of the scoreboard: a side's (or, where every seat keeps its own score, a
    seat's) name and game total."""

    name: str
    score: int


def scoreboard(seats: tuple[SeatFact, ...], sides: tuple[SideFact, ...]) -> tuple[ScoreLine, ...]:
    """Who has what game total: each side with a seat, by its name, or, where every seat keeps
    its own score (``SideFact.seat_scores``), each seat by its name."""
    if any(side.seat_scores for side in sides):
        return tuple(ScoreLine(seats[seat].name, score) for side in sides
                     for seat, score in zip(side.seats, side.seat_scores, strict=True))
    return tuple(ScoreLine(side.name, side.score) for side in sides if side.seats)


@dataclass(frozen=True, slots=True)
class TableFacts(Fact):
    """Everything one seat's face draws, from its ``PlayerView`` (see ``table_facts``), or a
    spectator's, from the public view (``spectator_facts``: ``seat`` and ``side`` -1, no hand,
    opening, dead ranks, actions or hint)."""

    rules: str
    deal: int
    seat: int
    name: str
    side: int
    partners: tuple[str, ...]
    turn: TurnFact
    stock: int
    pile: PileFact
    hand: tuple[HandGroup, ...]
    hand_text: str
    seats: tuple[SeatFact, ...]
    sides: tuple[SideFact, ...]
    opening: OpeningFact | None  # None for a spectator
    permission: str
    dead_ranks: tuple[str, ...]
    actions: tuple[ActionFact, ...]
    log: tuple[str, ...]
    hint: HintFact | None
    last_deal: DealBreakdown | None
    winner: str
    won: str  # the heading of a finished game ("You win", "Your side wins"), else ""
    bonus_piles: tuple[int, ...] = ()  # sizes of the face-down bonus piles (Modern American)
    deals: tuple[DealLine, ...] = ()  # every finished deal's points, the score sheet
    scoreboard: tuple[ScoreLine, ...] = ()  # every side's (or seat's) game total (``scoreboard``)

    @property
    def seated_sides(self) -> tuple[SideFact, ...]:
        """The sides a face draws: those with a seat. Where a player joins a partner's side
        for the deal (``players.partners_at_pile``, cutthroat) its own side is left empty:
        it keeps its score for the score sheet, and has nothing on the table."""
        return tuple(side for side in self.sides if side.seats)


@dataclass(frozen=True, slots=True)
class Suits:
    """The suits one receiver (a seat, or a spectator) is shown: its own hand's, as
    ``(code, suit)`` in no order; each meld's, by (side, rank), in ``meld_codes`` order; the
    pile's, bottom to top; the red 3s laid out, per seat; the suits of the cards everyone knows
    a seat holds, per seat and kind; the hand's cards new to it this turn (drawn, taken with
    the pile, a foot taken up), as ``(code, suit)``; the cards the last action laid on the
    table (melds, sequences, 3s laid out), as ``(code, suit)``, and the suit of the pile's top
    card if that action took the pile (both public: the log's words); if that action ended a
    deal, every side's melds as it left them, by side (public: the deal's breakdown shows
    them); the black 3s laid out, per seat."""

    hand: tuple[tuple[int, str], ...] = ()
    melds: dict[tuple[int, int], tuple[str, ...]] = field(default_factory=dict)
    pile: tuple[str, ...] = ()
    red_threes: tuple[tuple[str, ...], ...] = ()
    known: tuple[dict[int, tuple[str, ...]], ...] = ()
    new: tuple[tuple[int, str], ...] = ()
    laid: tuple[tuple[int, str], ...] = ()
    taken: str = ""
    deal_end: tuple[tuple[MeldFact, ...], ...] = ()
    black_threes: tuple[tuple[str, ...], ...] = ()

    def meld(self, side: int, rank: int) -> tuple[str, ...]:
        return self.melds.get((side, rank), ())
