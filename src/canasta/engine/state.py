"""The state of a game: one value, grouped as the game is (docs/architecture.md).

- ``Seat``: one player's hand (a count per card kind), its foot, its red 3s, the cards others
  know it holds;
- ``Side``: one partnership's melds (the meld table, by rank), its sequences, canastas, whether
  it has made its initial meld and what that needs;
- ``Table``: the stock, the discard pile and what freezes or blocks it;
- ``Turn``: whose turn, its phase, the partner's answers, what has been done this turn and the
  tentative opening;
- ``Match``: the seed, the scores, the deal, the dealer and every hand's result.

The rule families (``deal``, ``pile``, ``melds``, ``sequences``, ``opening``, ``going_out``,
``scoring``, ``turn``) read and change this value; nothing else holds game state. Hands are
counts per kind (``canasta.cards``); where the rules tell suits apart (sequences) a seat also
keeps its cards by suited code. Every class's ``copy()`` is made from its fields
(``copier``), so a new field can never be forgotten by ``Game.clone``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from enum import IntEnum, StrEnum
from typing import Any, NamedTuple, TypeVar, get_type_hints

from canasta.cards import JOKER

Kind = int  #: a card kind (``canasta.cards``: 0 joker ... 14 ace), or a suited card code
SeatNo = int  #: a seat number, 0 .. players-1
SideNo = int  #: a side number, 0 .. sides-1; seat s plays for side ``State.seat_sides[s]``

#: The meld table's index of the meld of wild cards alone (``melds.wild_melds``).
WILD = JOKER
#: In ``Turn.created``: a sequence of suit (value - SEQUENCE_MARK) started this turn.
SEQUENCE_MARK = 100
#: In ``Turn.created``: a sequence started this turn became a samba.
SAMBA_MARK = 200


T = TypeVar("T")
_COPY: dict[type, Callable[[Any], Any]] = {}


class Copyable:
    """A state class whose ``copy()`` is made from its fields (``copier``)."""

    __slots__ = ()

    def copy(self: T) -> T:
        """An independent copy: every field, lists copied, state objects copied in turn."""
        return _COPY[type(self)](self)  # type: ignore[no-any-return]


class Phase(IntEnum):
    """Where a turn is (docs/architecture.md, "The turn")."""

    DRAW = 0  # before the draw: ask, draw, take the pile
    ANSWER = 1  # the partner answers "may I go out?" (or "may I say acaba?")
    MELD = 2  # after the draw: meld, add, commit or retract an opening, discard
    OVER = 3  # the game is over


class Answer(IntEnum):
    """A partner's answer to "may I go out?" or "may I say acaba?" this turn."""

    NONE = 0  # not asked
    YES = 1
    NO = -1
    ASKED = 2  # asked, not answered yet (acaba only: the phase says so for going out)


class HandEnd(StrEnum):
    """How a hand ended (``HandResult.ended_by``); each value is the phrase shown."""

    GOING_OUT = "going out"
    STOCK_EXHAUSTED = "stock exhausted"
    RED_THREE_LAST = "red 3 was the last stock card"
    BLACK_THREE_LAST = "black 3 was the last stock card"  # red_threes.black_too
    TURN_CAP = "turn cap"
    CONCEDED = "conceded (acaba)"


class Meld(NamedTuple):
    """A meld on the table: its rank and how many naturals, 2s and jokers it holds.

    A meld of wild cards alone (``melds.wild_melds``) has the joker's kind as its rank; the
    black-3 set has the black 3's.
    """

    rank: Kind
    naturals: int
    twos: int = 0
    jokers: int = 0

    @property
    def size(self) -> int:
        return self.naturals + self.twos + self.jokers

    @property
    def wilds(self) -> int:
        return self.twos + self.jokers

    @property
    def is_wild_meld(self) -> bool:
        return self.rank == WILD


@dataclass(slots=True)
class Seat(Copyable):
    """One player's cards."""

    hand: list[int]  # count per kind
    size: int  # cards in hand
    cards: list[int] | None  # count per card code, suits kept (only where suits matter)
    foot: tuple[int, ...]  # count per kind of the foot not yet taken up (Hand and Foot)
    foot_size: int
    known: tuple[int, ...]  # count per kind: cards everyone knows are in the hand (from the pile)
    red_threes: int  # laid out in front of the player
    laid_before: bool  # laid cards on an earlier turn of this deal (concealed going out)
    black_threes: int = 0  # laid out in front of the player (red_threes.black_too)
    # What everyone at the table saw this seat do this deal, a bit per kind (``1 << kind``):
    # the kinds it discarded, and the kinds on top of the pile when it drew from the stock
    # instead of taking it, its side having made its opening (it passed on them). No rule
    # reads them; the bots read the hands by them (docs/bots.md, ``reads``).
    discarded: int = 0
    passed: int = 0


@dataclass(slots=True)
class Side(Copyable):
    """One side's table: its melds and what its opening needs."""

    melds: list[Meld | None]  # by rank: the side's meld of that rank (WILD: wild cards alone)
    runs: list[tuple[int, int] | None]  # by suit: the open sequence as (low, high) ranks
    sambas: tuple[tuple[int, int, int], ...]  # completed sequences as (suit, low, high)
    canastas: int  # completed canastas (sambas included)
    opened: bool  # has made its initial meld this deal
    minimum: int  # the initial-meld minimum set at the deal's start
    opening_canasta: int  # the opening must hold a canasta: 0 no, 1 any, 2 a natural one
    yes_failures: int  # times told "yes" without going out this deal
    black_threes_removed: int  # black 3s set aside from taken piles (Cuban)


@dataclass(slots=True)
class Table(Copyable):
    """The stock and the discard pile."""

    stock: list[int]  # top card last
    pile: list[int]  # bottom to top
    freezers: int  # cards in the pile that freeze it
    blocked: SeatNo  # the seat a black 3 on top blocks this turn, or -1
    turns: int  # turns played this deal
    cut_side: SideNo  # the side a perfect cut pays this deal, or -1
    # The starting pile's face-down cards under the pile (``deal.pile_by_upcard``), taken with
    # it; nobody sees them, so an information set keeps only their number.
    under: list[int]
    under_size: int
    bonus: tuple[tuple[int, ...], ...] = ()  # the bonus piles not yet taken, face down
    bonus_sizes: tuple[int, ...] = ()  # their sizes (what every seat sees of them)


@dataclass(slots=True)
class Opening(Copyable):
    """A tentative opening: laid this turn by a side that has not melded, not committed yet.

    ``retract`` puts back what it holds: the player's hand, the pile (if the opening took it)
    and the block on it. The side's melds before it were none (it had not melded).
    """

    pending: tuple[int, ...] | None  # a taken pile's cards, waiting for the commit
    hand: tuple[int, ...]  # the player's hand before the opening
    cards: tuple[int, ...] | None  # the same by card code, where suits matter
    known: tuple[int, ...]  # what others knew of the hand before
    pile: tuple[int, ...]  # the pile before
    blocked: SeatNo  # the black-3 block before


@dataclass(slots=True)
class Turn(Copyable):
    """The turn being played."""

    seat: SeatNo
    phase: Phase
    asker: SeatNo  # who asked the partner this turn, or -1
    permission: Answer  # "may I go out?"
    acaba: Answer  # "may I say acaba?" (British)
    asked: bool
    drew: bool  # drew from the stock
    took: bool  # took the pile
    retracts: int  # openings taken back this turn
    melded: bool  # laid cards this turn
    created: tuple[int, ...]  # melds started this turn: ranks, SEQUENCE_MARK + suit, SAMBA_MARK
    opening_points: int  # card points laid toward the opening this turn (kept after a commit)
    opening: Opening | None  # the tentative opening, until committed or taken back


@dataclass(slots=True)
class Match(Copyable):
    """The game beyond the deal."""

    seed: int
    scores: list[int]  # per side: the game totals
    deal: int  # the deal number, from 1
    dealer: SeatNo
    results: tuple[Any, ...]  # every finished hand's HandResult (canasta.engine.scoring)
    winner: SideNo  # -1 until the game is over
    over: bool
    one_hand: bool  # a look-ahead world: it ends with the current hand (determinize)


@dataclass(slots=True)
class State(Copyable):
    """The whole state of a game."""

    match: Match
    table: Table
    seats: list[Seat]
    sides: list[Side]
    turn: Turn
    # The side each seat plays for this deal: seat s for side s % sides (``Tables.seat_sides``),
    # except under ``players.partners_at_pile`` once the pile was first taken (``partners``).
    seat_sides: tuple[SideNo, ...] = ()


# ---------------------------------------------------------------------- copies from the fields

def _copy_expr(name: str, hint: Any) -> str:
    """The expression that copies field ``name`` of type ``hint``: a list is copied (element
    by element for a list of state objects), a state object by its copier, anything else
    (ints, enums, tuples) is immutable and shared."""
    value = f"o.{name}"
    args = getattr(hint, "__args__", ())
    optional = type(None) in args
    if optional:
        hint = next(a for a in args if a is not type(None))
        args = getattr(hint, "__args__", ())
    if hint in _CLASSES:
        expr = f"copy_{hint.__name__}({value})"
    elif getattr(hint, "__origin__", None) is list:
        expr = (f"[copy_{args[0].__name__}(x) for x in {value}]" if args and args[0] in _CLASSES
                else f"{value}[:]")
    else:
        return value
    return f"(None if {value} is None else {expr})" if optional else expr


def copier(cls: type, replace: dict[str, str] | None = None, args: str = "",
           **names: Any) -> Callable[..., Any]:
    """A copy function of ``cls``, built from its fields as ``dataclasses`` builds ``__init__``
    (one statement per field), so a new field is never left out of a copy.

    ``replace`` gives some fields another expression (reading the original as ``o``, the extra
    parameters ``args`` and the ``names`` given): how an information set leaves hidden cards
    out (``canasta.engine.view``). The copy is made without calling ``__init__``: the fields
    are set one by one, which is what ``__init__`` does, a call less."""
    replace = replace or {}
    hints = get_type_hints(cls)
    names_of = [f.name for f in fields(cls)]
    unknown = set(replace) - set(names_of)
    if unknown:
        raise TypeError(f"{cls.__name__} has no field {', '.join(sorted(unknown))}")
    body = "".join(f"    n.{name} = {replace.get(name) or _copy_expr(name, hints[name])}\n"
                   for name in names_of)
    scope: dict[str, Any] = {"new": object.__new__, "cls": cls, **names}
    scope.update({f"copy_{c.__name__}": _COPY[c] for c in _CLASSES if c in _COPY})
    params = f"o, {args}" if args else "o"
    exec(f"def copy({params}):\n    n = new(cls)\n{body}    return n\n", scope)
    return scope["copy"]  # type: ignore[no-any-return]


#: The state classes, nested ones first (each one's copier calls those of its fields).
_CLASSES = (Seat, Side, Table, Opening, Turn, Match, State)


def _make_copiers() -> None:
    for cls in _CLASSES:
        _COPY[cls] = copier(cls)


_make_copiers()
