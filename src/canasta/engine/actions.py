"""Actions: small immutable values with a stable integer code and a text form.

A turn is a sequence of actions (docs/rules.md, "How the engine settles what the texts leave
open")::

    ask / yes / no          "may I go out?" and the partner's binding answer
    draw                    draw from the stock
    take pair|2|JK|meld     take the pile: with two naturals of the top card's rank, with one
                            natural and a 2 or a joker, or by adding the top card to a meld
    decline                 stock empty and the take is not compulsory: end the hand
    meld K K K|K K 2|K K JK a new meld of three cards (more are added one by one)
    meld B3 B3 B3[ B3]      the black-3 set, only when going out
    add K 2                 add one card (here a 2) to the side's meld of kings
    meld 2 2 JK, add W 2    a meld of wild cards alone (W), where the rules allow it
    lay R3                  lay down a red 3 held in hand (where red 3s may be held)
    ask acaba / acaba       British "Acaba": ask the partner, or concede the hand
    commit / retract        finish or take back an opening that is still tentative
    discard 7               discard one card, ending the turn (or going out)

Codes are indexes into ``ALL_ACTIONS``, whose order is fixed: they never depend on the state,
so a bot or an RL agent sees a fixed action space of ``NUM_ACTIONS`` with a mask. Only one
module (this one) encodes and decodes them.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum
from itertools import product
from typing import Final, NamedTuple

from canasta.cards import (
    BLACK_THREE,
    JOKER,
    NATURAL_RANKS,
    NUM_CODES,
    NUM_KINDS,
    RED_THREE,
    SUITED,
    SUITS,
    TWO,
    kind_name,
    kind_word,
    parse_code,
    parse_kind,
    rank_of,
    suit_of,
    suited,
)
from canasta.errors import ActionParseError, CardError


class ActionType(IntEnum):
    ASK = 0
    YES = 1
    NO = 2
    DRAW = 3
    DECLINE = 4
    TAKE = 5
    MELD = 6
    MELD_BLACK_THREES = 7
    ADD = 8
    DISCARD = 9
    COMMIT = 10
    RETRACT = 11
    MELD_WILD = 12
    LAY_RED_THREE = 13
    ASK_ACABA = 14
    ACABA = 15
    SEQUENCE = 16
    EXTEND = 17


class Route(IntEnum):
    """How the pile is taken (docs/rules.md, seed 000 "Taking the discard pile"; rulings 4, 5)."""

    PAIR = 0  # two naturals of the top card's rank from hand
    WITH_TWO = 1  # one natural and a 2
    WITH_JOKER = 2  # one natural and a joker
    ONTO_MELD = 3  # the top card onto the side's meld of its rank
    ONTO_SEQUENCE = 4  # the top card onto the side's open sequence of its suit (Samba)


class Base(IntEnum):
    """The three cards of a new meld: three naturals, or two naturals and a wild."""

    NATURAL = 0
    WITH_TWO = 1
    WITH_JOKER = 2


_ROUTE_TEXT: Final = ("pair", "2", "JK", "meld", "seq")
#: Suited meld bases and pile routes carry their suits in ``arg`` from these offsets on.
_SUITED_BASE: Final = 100
_SUITED_ROUTE: Final = 10
_SIMPLE: Final = {
    "acaba": ActionType.ACABA,
    "ask": ActionType.ASK,
    "yes": ActionType.YES,
    "no": ActionType.NO,
    "draw": ActionType.DRAW,
    "decline": ActionType.DECLINE,
    "commit": ActionType.COMMIT,
    "retract": ActionType.RETRACT,
}


class Action(NamedTuple):
    """One action. ``rank`` and ``arg`` are -1 where the type does not use them.

    - TAKE: ``arg`` is a ``Route`` (with the suits of the hand's cards, where suits count).
    - MELD: ``rank`` is the natural rank, ``arg`` a ``Base`` (with the naturals' suits).
    - SEQUENCE: ``rank`` is the lowest rank of three in a row, ``arg`` the suit.
    - EXTEND: ``rank`` is the suited card added to the open sequence of its suit.
    - MELD_BLACK_THREES: ``arg`` is the number of black 3s.
    - MELD_WILD: ``arg`` is the number of jokers among the three wild cards.
    - ADD: ``rank`` is the meld's rank (JOKER for the wild meld), ``arg`` the kind added.
    - DISCARD: ``rank`` is the kind discarded.
    """

    type: ActionType
    rank: int = -1
    arg: int = -1

    @property
    def code(self) -> int:
        """The stable integer code of this action."""
        try:
            return CODE[self]
        except KeyError:
            raise ActionParseError(f"{self!r} is not an action") from None

    @classmethod
    def from_code(cls, code: int) -> Action:
        """The action with this code; ``ActionParseError`` when there is none."""
        if isinstance(code, bool) or not isinstance(code, int) or not 0 <= code < NUM_ACTIONS:
            raise ActionParseError(f"{code!r} is not an action code (0 to {NUM_ACTIONS - 1})")
        return ALL_ACTIONS[code]

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse the text form, e.g. ``"take pair"``, ``"meld K K 2"``, ``"add 9 JK"``."""
        words = text.replace(":", " ").split()
        if not words:
            raise ActionParseError("an empty text is not an action")
        verb, rest = words[0].lower(), words[1:]
        reader = _READERS.get(verb)
        try:
            action = reader(rest) if reader is not None else None
        except CardError as exc:
            raise ActionParseError(f"{text!r} is not an action: {exc}") from None
        if action is None:
            raise ActionParseError(
                f"{text!r} is not an action; examples: draw, take pair, meld K K 2, add K JK, "
                "discard 7, commit, retract, ask, yes, no, decline")
        return action

    @classmethod
    def of(cls, action: Action | int | str) -> Action:
        """An action given as itself, its code or its text; ``ActionParseError`` otherwise."""
        if isinstance(action, Action):
            return action
        if isinstance(action, str):
            return cls.parse(action)
        if isinstance(action, int) and not isinstance(action, bool):
            return cls.from_code(action)
        raise ActionParseError(f"{action!r} is not an action")

    def __str__(self) -> str:
        return _FORMS[self.type][0](self)

    def describe(self) -> str:
        """The action in words, for players."""
        return _FORMS[self.type][1](self)


# ---------------------------------------------------------------------- each type's forms

_ROUTE_WORDS: Final = (
    "take the pile with a natural pair",
    "take the pile with a natural and a 2",
    "take the pile with a natural and a joker",
    "take the pile by adding its top card to your meld",
    "take the pile by adding its top card to your sequence",
)


def _take_text(a: Action) -> str:
    route, suits = route_of(a)
    return " ".join(["take", _ROUTE_TEXT[route], *(SUITS[s] for s in suits)])


_SUIT_WORD: Final = ("a spade", "a heart", "a diamond", "a club")


def _take_words(a: Action) -> str:
    """The route in words, with the suits of the hand's naturals where suits count: "take the
    pile with a natural pair (a diamond and a club)"."""
    route, suits = route_of(a)
    return _ROUTE_WORDS[route] + (f" ({' and '.join(_SUIT_WORD[s] for s in suits)})"
                                  if suits else "")


def _meld_text(a: Action) -> str:
    naturals, wild = meld_cards(a)
    return "meld " + " ".join([kind_name(c) for c in naturals] + ([] if wild < 0 else
                                                                  [kind_name(wild)]))


def _meld_words(a: Action) -> str:
    naturals, wild = meld_cards(a)
    extra = {-1: "", TWO: " and a 2", JOKER: " and a joker"}[wild]
    what = ("three", "two")[len(naturals) == 2]
    named = "" if naturals[0] < SUITED else f" ({', '.join(kind_word(c) for c in naturals)})"
    return f"meld {what} {kind_word(a.rank, 2)}{extra}{named}"


def _add_text(a: Action) -> str:
    return f"add {'W' if a.rank == JOKER else kind_name(a.rank)} {kind_name(a.arg)}"


def _add_words(a: Action) -> str:
    meld = "wild cards" if a.rank == JOKER else kind_word(a.rank, 2)
    return f"add {_a(kind_word(a.arg))} to your {meld}"


def _fixed(text: str, words: str) -> tuple[Callable[[Action], str], Callable[[Action], str]]:
    return (lambda a: text), (lambda a: words)


#: For each type: its text form and its words for players.
_FORMS: Final[dict[ActionType, tuple[Callable[[Action], str], Callable[[Action], str]]]] = {
    ActionType.ASK: _fixed("ask", "ask your partner: may I go out?"),
    ActionType.YES: _fixed("yes", "answer yes: your partner may go out (and must, if they can)"),
    ActionType.NO: _fixed("no", "answer no: your partner may not go out this turn"),
    ActionType.DRAW: _fixed("draw", "draw from the stock"),
    ActionType.DECLINE: _fixed("decline", "leave the pile: the stock is empty, so the hand ends"),
    ActionType.TAKE: (_take_text, _take_words),
    ActionType.MELD: (_meld_text, _meld_words),
    ActionType.SEQUENCE: (
        lambda a: "meld " + " ".join(kind_name(c) for c in sequence_cards(a)),
        lambda a: "meld a sequence: " + ", ".join(kind_word(c) for c in sequence_cards(a))),
    ActionType.EXTEND: (lambda a: f"extend {kind_name(a.rank)}",
                        lambda a: f"add the {kind_word(a.rank)} to your sequence"),
    ActionType.MELD_BLACK_THREES: (lambda a: "meld " + " ".join(["B3"] * a.arg),
                                   lambda a: f"meld {a.arg} black 3s and go out"),
    ActionType.ADD: (_add_text, _add_words),
    ActionType.MELD_WILD: (
        lambda a: "meld " + " ".join(["2"] * (3 - a.arg) + ["JK"] * a.arg),
        lambda a: f"meld three wild cards ({str(a)[5:]}) as a meld of their own"),
    ActionType.LAY_RED_THREE: _fixed("lay R3", "lay down a red 3 and draw a replacement"),
    ActionType.ASK_ACABA: _fixed("ask acaba", "ask your partner: may I concede the hand "
                                              "(acaba)?"),
    ActionType.ACABA: _fixed("acaba", "concede the hand (acaba): the other side scores, yours "
                                      "scores nothing"),
    ActionType.DISCARD: (lambda a: f"discard {kind_name(a.rank)}",
                         lambda a: f"discard {_a(kind_word(a.rank))}"),
    ActionType.COMMIT: _fixed("commit", "lay your opening down for good"),
    ActionType.RETRACT: _fixed("retract", "take back your opening"),
}


# ---------------------------------------------------------------------- reading, by verb

def _read_ask(rest: list[str]) -> Action | None:
    if not rest:
        return SIMPLE[ActionType.ASK]
    return SIMPLE[ActionType.ASK_ACABA] if [w.lower() for w in rest] == ["acaba"] else None


def _read_take(rest: list[str]) -> Action | None:
    if len(rest) == 1:
        word = rest[0].lower()
        key = word if word in ("pair", "meld", "seq") else rest[0].upper()
        return TAKE_ACTIONS[_ROUTE_TEXT.index(key)] if key in _ROUTE_TEXT else None
    return _parse_suited_take(rest) if 2 <= len(rest) <= 3 else None


def _read_add(rest: list[str]) -> Action | None:
    if len(rest) != 2:
        return None
    rank = JOKER if rest[0].upper() == "W" else parse_kind(rest[0])
    return _lookup(Action(ActionType.ADD, rank, parse_code(rest[1])))


def _simple(kind: ActionType) -> Callable[[list[str]], Action | None]:
    return lambda rest: None if rest else SIMPLE[kind]


#: For each verb: how the rest of the words read.
_READERS: Final[dict[str, Callable[[list[str]], Action | None]]] = {
    **{verb: _simple(kind) for verb, kind in _SIMPLE.items() if verb != "ask"},
    "ask": _read_ask,
    "lay": lambda rest: SIMPLE[ActionType.LAY_RED_THREE]
    if len(rest) == 1 and parse_kind(rest[0]) == RED_THREE else None,
    "take": _read_take,
    "discard": lambda rest: _lookup(Action(ActionType.DISCARD, parse_code(rest[0])))
    if len(rest) == 1 else None,
    "add": _read_add,
    "extend": lambda rest: _lookup(Action(ActionType.EXTEND, parse_code(rest[0])))
    if len(rest) == 1 else None,
    "meld": lambda rest: _parse_meld([parse_code(w) for w in rest]) if rest else None,
}


def _a(word: str) -> str:
    """The word with its indefinite article: "a king", "an ace", "an 8"."""
    return ("an " if word[0] in "aeiou8" else "a ") + word


def _lookup(action: Action) -> Action:
    if action not in CODE:
        raise ActionParseError(f"{action} is not an action")
    return ALL_ACTIONS[CODE[action]]


def _parse_meld(codes: list[int]) -> Action:
    if codes and all(k == BLACK_THREE for k in codes):
        return _lookup(Action(ActionType.MELD_BLACK_THREES, -1, len(codes)))
    if len(codes) == 3 and all(k in (TWO, JOKER) for k in codes):
        return _lookup(Action(ActionType.MELD_WILD, -1, codes.count(JOKER)))
    if len(codes) != 3:
        raise ActionParseError("a new meld is three cards, e.g. 'meld K K K' or 'meld K K 2'")
    naturals = [k for k in codes if k not in (TWO, JOKER)]
    wilds = [k for k in codes if k in (TWO, JOKER)]
    ranks = {rank_of(k) for k in naturals}
    if len(naturals) == 3 and all(k >= SUITED for k in naturals) and \
            len({suit_of(k) for k in naturals}) == 1 and len(ranks) == 3:
        low = min(ranks)
        if sorted(ranks) == [low, low + 1, low + 2]:
            return _lookup(Action(ActionType.SEQUENCE, low, suit_of(naturals[0])))
    if len(ranks) != 1 or len(wilds) > 1:
        raise ActionParseError("a new meld is three of a rank, or two of a rank and one wild")
    wild = wilds[0] if wilds else -1
    if all(k < SUITED for k in naturals):
        base = Base.NATURAL if not wilds else (Base.WITH_TWO if wild == TWO else Base.WITH_JOKER)
        return _lookup(Action(ActionType.MELD, naturals[0], base))
    if any(k < SUITED for k in naturals):
        raise ActionParseError("name every natural card's suit, or none")
    suits = sorted(suit_of(k) for k in naturals)
    return _lookup(Action(ActionType.MELD, ranks.pop(), _suited_base(suits, wild)))


def _parse_suited_take(words: list[str]) -> Action:
    route_word, suit_words = words[0], [w.upper() for w in words[1:]]
    key = route_word.lower() if route_word.lower() == "pair" else route_word.upper()
    if key not in _ROUTE_TEXT[:3] or any(w not in SUITS for w in suit_words):
        raise ActionParseError("name the suits of your cards: 'take pair S H', 'take 2 H'")
    route = _ROUTE_TEXT.index(key)
    return _lookup(Action(ActionType.TAKE, -1, _suited_route(route, sorted(
        SUITS.index(w) for w in suit_words))))


def _suited_base(suits: list[int], wild: int) -> int:
    w = 0 if wild < 0 else (1 if wild == TWO else 2)
    s3 = suits[2] if len(suits) == 3 else 0
    return _SUITED_BASE + 100 * w + 16 * suits[0] + 4 * suits[1] + s3


def _suited_route(route: int, suits: list[int]) -> int:
    return _SUITED_ROUTE + 16 * route + 4 * suits[0] + (suits[1] if len(suits) > 1 else 0)


def meld_cards(action: Action) -> tuple[tuple[int, ...], int]:
    """The natural card codes and the wild kind (-1 for none) of a MELD action."""
    r, arg = action.rank, action.arg
    if arg < _SUITED_BASE:
        return ((r, r, r), -1) if arg == Base.NATURAL else ((r, r), TWO if arg == Base.WITH_TWO
                                                               else JOKER)
    w, rest = divmod(arg - _SUITED_BASE, 100)
    suits = [rest // 16, rest // 4 % 4] + ([rest % 4] if w == 0 else [])
    return tuple(suited(r, s) for s in suits), (-1, TWO, JOKER)[w]


def route_of(action: Action) -> tuple[int, tuple[int, ...]]:
    """The route of a TAKE action and the suits of the hand's natural cards it uses."""
    arg = action.arg
    if arg < _SUITED_ROUTE:
        return arg, ()
    route, rest = divmod(arg - _SUITED_ROUTE, 16)
    return route, ((rest // 4, rest % 4) if route == Route.PAIR else (rest // 4,))


def sequence_cards(action: Action) -> tuple[int, int, int]:
    """The three suited codes a SEQUENCE action lays."""
    low, suit = action.rank, action.arg
    return suited(low, suit), suited(low + 1, suit), suited(low + 2, suit)


def _all_actions() -> tuple[Action, ...]:
    out = [Action(t) for t in (ActionType.ASK, ActionType.YES, ActionType.NO, ActionType.DRAW,
                               ActionType.DECLINE, ActionType.COMMIT, ActionType.RETRACT)]
    out += [Action(ActionType.TAKE, -1, r) for r in tuple(Route)[:4]]
    out += [Action(ActionType.MELD, r, b) for r in NATURAL_RANKS for b in Base]
    out += [Action(ActionType.MELD_BLACK_THREES, -1, n) for n in (3, 4)]
    out += [Action(ActionType.ADD, r, k) for r in NATURAL_RANKS for k in (r, TWO, JOKER)]
    out += [Action(ActionType.ADD, BLACK_THREE, BLACK_THREE)]
    out += [Action(ActionType.DISCARD, k) for k in range(NUM_KINDS)]
    # Later additions go at the end, so earlier codes never move.
    out += [Action(ActionType.MELD_WILD, -1, jokers) for jokers in range(4)]
    out += [Action(ActionType.ADD, JOKER, k) for k in (TWO, JOKER)]
    out += [Action(t) for t in (ActionType.LAY_RED_THREE, ActionType.ASK_ACABA,
                                ActionType.ACABA)]
    out += [Action(ActionType.MELD_BLACK_THREES, -1, n) for n in (5, 6)]
    # Suited actions, for rules that tell suits apart (sequences).
    out += [Action(ActionType.TAKE, -1, Route.ONTO_SEQUENCE)]
    pairs = [(a, b) for a in range(4) for b in range(a, 4)]
    out += [Action(ActionType.TAKE, -1, _suited_route(Route.PAIR, list(p))) for p in pairs]
    out += [Action(ActionType.TAKE, -1, _suited_route(route, [s]))
            for route in (Route.WITH_TWO, Route.WITH_JOKER) for s in range(4)]
    triples = [(a, b, c) for a in range(4) for b in range(a, 4) for c in range(b, 4)]
    for r in NATURAL_RANKS:
        out += [Action(ActionType.MELD, r, _suited_base(list(t), -1)) for t in triples]
        out += [Action(ActionType.MELD, r, _suited_base(list(p), w))
                for w in (TWO, JOKER) for p in pairs]
        out += [Action(ActionType.ADD, r, suited(r, s)) for s in range(4)]
    out += [Action(ActionType.DISCARD, c) for c in range(SUITED, NUM_CODES)]
    out += [Action(ActionType.SEQUENCE, low, s) for low in NATURAL_RANKS[:-2] for s in range(4)]
    out += [Action(ActionType.EXTEND, c) for c in range(SUITED, NUM_CODES)]
    return tuple(out)


ALL_ACTIONS: Final = _all_actions()
NUM_ACTIONS: Final = len(ALL_ACTIONS)
CODE: Final = {a: i for i, a in enumerate(ALL_ACTIONS)}

SIMPLE: Final[dict[ActionType, Action]] = {
    t: ALL_ACTIONS[CODE[Action(t)]]
    for t in (*_SIMPLE.values(), ActionType.LAY_RED_THREE, ActionType.ASK_ACABA)}
#: WILD_MELDS[jokers]: a new meld of three wild cards with that many jokers.
WILD_MELDS: Final = tuple(ALL_ACTIONS[CODE[Action(ActionType.MELD_WILD, -1, j)]]
                          for j in range(4))
TAKE_ACTIONS: Final = tuple(ALL_ACTIONS[CODE[Action(ActionType.TAKE, -1, r)]] for r in Route)
DISCARD_ACTIONS: Final = tuple(
    ALL_ACTIONS[CODE[Action(ActionType.DISCARD, k)]] for k in range(NUM_CODES)
)
#: EXTEND_ACTIONS[code] for suited naturals.
EXTEND_ACTIONS: Final = {c: ALL_ACTIONS[CODE[Action(ActionType.EXTEND, c)]]
                         for c in range(SUITED, NUM_CODES)}
#: SEQUENCE_ACTIONS[(low, suit)].
SEQUENCE_ACTIONS: Final = {(a.rank, a.arg): a for a in ALL_ACTIONS if a.type == ActionType.SEQUENCE}
#: SUITED_MELDS[rank]: every new meld of that rank naming its naturals' suits, as
#: (action, naturals, wild kind or -1, ((code, count), ...)).
SUITED_MELDS: Final = tuple(
    tuple((a, *meld_cards(a), tuple((c, meld_cards(a)[0].count(c))
                                    for c in sorted(set(meld_cards(a)[0]))))
          for a in ALL_ACTIONS if a.type == ActionType.MELD and a.rank == r
          and a.arg >= _SUITED_BASE) for r in range(NUM_KINDS)
)
def _by_suits() -> dict[bytes, tuple[int, ...]]:
    """The count of a rank held in each suit (as bytes, up to 3) -> the indexes into
    ``SUITED_MELDS[rank]`` (the same for every rank) of the new melds those naturals allow."""
    first = NATURAL_RANKS[0]
    needs = [tuple(naturals.count(suited(first, suit)) for suit in range(4))
             for _, naturals, _, _ in SUITED_MELDS[first]]
    allowed: dict[bytes, list[int]] = {bytes(held): [] for held in product(range(4), repeat=4)}
    for i, need in enumerate(needs):
        for held in product(*(range(n, 4) for n in need)):
            allowed[bytes(held)].append(i)
    return {held: tuple(found) for held, found in allowed.items()}


_BY_SUITS: Final = _by_suits()


def suited_melds_held(held: bytes) -> tuple[int, ...]:
    """The new suited melds (indexes into ``SUITED_MELDS[rank]``) a hand holding ``held``
    naturals of a rank in each suit can lay (more than three of a suit count as three: no
    meld names more)."""
    found = _BY_SUITS.get(held)
    return found if found is not None else _BY_SUITS[bytes(min(n, 3) for n in held)]


#: The pile routes naming the suits of the hand's cards, and the sequence route.
SUITED_TAKES: Final = tuple(a for a in ALL_ACTIONS if a.type == ActionType.TAKE
                            and (a.arg >= _SUITED_ROUTE or a.arg == Route.ONTO_SEQUENCE))
#: MELD_ACTIONS[rank][base]; None for kinds that cannot be melded as a rank.
MELD_ACTIONS: Final = tuple(
    tuple(ALL_ACTIONS[CODE[Action(ActionType.MELD, r, b)]] for b in Base)
    if r in NATURAL_RANKS else None
    for r in range(NUM_KINDS)
)
BLACK_THREE_MELDS: Final = {n: ALL_ACTIONS[CODE[Action(ActionType.MELD_BLACK_THREES, -1, n)]]
                            for n in range(3, 7)}
#: ADD_ACTIONS[rank][kind] for the kinds that may be added to that rank's meld.
ADD_ACTIONS: Final = tuple(
    {k: ALL_ACTIONS[CODE[Action(ActionType.ADD, r, k)]]
     for k in range(NUM_CODES) if Action(ActionType.ADD, r, k) in CODE}
    for r in range(NUM_KINDS)
)
