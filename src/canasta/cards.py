"""Cards: the kinds the engine counts, and the text form of physical cards.

The engine never tracks individual cards. A hand, a meld, the stock and the pile hold *kinds*:
small ints that fold together the suits no classic rule tells apart (docs/rules.md, seed 000:
"suits playing no part"). Red and black threes are different kinds because the rules treat them
differently; jokers and deuces are different kinds because they score differently (joker 50, deuce
20).

Kinds, in order::

    0 JK  1 2  2 R3  3 B3  4 4  5 5  6 6  7 7  8 8  9 9  10 10  11 J  12 Q  13 K  14 A

Physical cards (``Card``) keep their suit and parse/print as ``AS``, ``10D``, ``3H``, ``2C``,
``JK`` (``♠♥♦♣`` accepted on input). ``Card.kind`` folds a card to its kind.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from canasta.errors import CardError

JOKER: Final = 0
TWO: Final = 1
RED_THREE: Final = 2
BLACK_THREE: Final = 3
FOUR: Final = 4
ACE: Final = 14
NUM_KINDS: Final = 15

#: Kinds that can form an ordinary meld of a rank (4 up to the ace).
NATURAL_RANKS: Final = tuple(range(FOUR, ACE + 1))
#: Kinds that are wild in classic Canasta.
WILD_KINDS: Final = (JOKER, TWO)

KIND_NAMES: Final = ("JK", "2", "R3", "B3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
_KIND_BY_NAME: Final = {name: kind for kind, name in enumerate(KIND_NAMES)}

#: What a kind is called in a sentence ("you need two natural kings").
KIND_WORDS: Final = (
    ("joker", "jokers"),
    ("2", "2s"),
    ("red 3", "red 3s"),
    ("black 3", "black 3s"),
    *((f"{n}", f"{n}s") for n in ("4", "5", "6", "7", "8", "9", "10")),
    ("jack", "jacks"),
    ("queen", "queens"),
    ("king", "kings"),
    ("ace", "aces"),
)

SUITS: Final = "SHDC"
_SUIT_SYMBOLS: Final = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
#: Ranks of physical cards, by their text ("A", "2".."10", "J", "Q", "K").
RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


#: Where rules tell suits apart (sequences), natural cards are *suited codes*:
#: ``SUITED + (rank - 4) * 4 + suit`` with suits in ``SUITS`` order; other cards keep their kind.
SUITED: Final = NUM_KINDS
NUM_CODES: Final = SUITED + 4 * len(NATURAL_RANKS)


def suited(rank: int, suit: int) -> int:
    """The code of a natural card of ``rank`` in suit number ``suit`` (S, H, D, C)."""
    return SUITED + (rank - FOUR) * 4 + suit


def rank_of(code: int) -> int:
    """The kind (rank) of a card code: a suited natural's rank, or the kind itself."""
    return code if code < SUITED else FOUR + (code - SUITED) // 4


def suit_of(code: int) -> int:
    """The suit number of a suited natural code (-1 for any other code)."""
    return (code - SUITED) % 4 if code >= SUITED else -1


def kind_name(kind: int) -> str:
    """The short text of a kind or card code: ``"K"``, ``"2"``, ``"JK"``, ``"R3"``, ``"KH"``."""
    if kind >= SUITED:
        return KIND_NAMES[rank_of(kind)] + SUITS[suit_of(kind)]
    return KIND_NAMES[kind]


_SUIT_WORDS: Final = ("spades", "hearts", "diamonds", "clubs")


def kind_word(kind: int, count: int = 1) -> str:
    """The kind (or card code) in words, singular or plural by ``count``."""
    singular, plural = KIND_WORDS[rank_of(kind)]
    word = singular if count == 1 else plural
    return f"{word} of {_SUIT_WORDS[suit_of(kind)]}" if kind >= SUITED else word


def parse_kind(text: str) -> int:
    """Parse a kind's short text (``"K"``, ``"10"``, ``"JK"``, ``"R3"``, ``"B3"``) or a card.

    A physical card (``"KH"``, ``"3D"``) is accepted too and folded to its kind.
    """
    key = text.strip().upper()
    if key in _KIND_BY_NAME:
        return _KIND_BY_NAME[key]
    return Card.parse(text).kind


def parse_code(text: str) -> int:
    """Parse a card code: a natural with its suit (``"KH"``) is a suited code; anything else
    (``"K"``, ``"2"``, ``"JK"``, ``"R3"``, ``"3S"``) is its kind."""
    key = text.strip().upper()
    if key in _KIND_BY_NAME:
        return _KIND_BY_NAME[key]
    card = Card.parse(text)
    kind = card.kind
    return suited(kind, SUITS.index(card.suit)) if kind >= FOUR else kind


def is_wild(kind: int) -> bool:
    """Jokers and deuces are wild (docs/rules.md, seed 000 "Melds")."""
    return kind <= TWO


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A physical card: a rank text and a suit letter, or the joker (``rank="JK"``, no suit)."""

    rank: str
    suit: str = ""

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``"AS"``, ``"10D"``, ``"3H"``, ``"2C"``, ``"JK"``, ``"K♥"``, ``"10♦"``.

        Raises ``CardError`` naming the text when it is not a card.
        """
        raw = text.strip().upper()
        if raw in ("JK", "JOKER"):
            return cls("JK")
        if len(raw) < 2:
            raise CardError(f"{text!r} is not a card: expected a rank and a suit like 'KH' or 'JK'")
        rank, suit = raw[:-1], _SUIT_SYMBOLS.get(raw[-1], raw[-1])
        if rank == "1":
            rank = "A"
        if rank not in RANKS:
            raise CardError(f"{text!r} is not a card: unknown rank {rank!r}")
        if suit not in SUITS:
            raise CardError(f"{text!r} is not a card: unknown suit {raw[-1]!r} (use S, H, D or C)")
        return cls(rank, suit)

    @property
    def kind(self) -> int:
        """The engine kind this card counts as."""
        if self.rank == "JK":
            return JOKER
        if self.rank == "2":
            return TWO
        if self.rank == "3":
            return RED_THREE if self.suit in "HD" else BLACK_THREE
        return _KIND_BY_NAME[self.rank]

    @property
    def cut_value(self) -> int:
        """Value when cutting for the first deal: A=1, J=11, Q=12, K and joker 13
        (docs/rules.md, seed 003; ruling 16)."""
        return _CUT_VALUES[self.rank]

    def __str__(self) -> str:
        return self.rank + self.suit


#: Each rank's value when cutting (``Card.cut_value``).
_CUT_VALUES: Final = {"JK": 13, "K": 13, "A": 1, "J": 11, "Q": 12,
                      **{rank: int(rank) for rank in RANKS if rank.isdigit()}}


def physical_deck(decks: int, jokers: int) -> list[Card]:
    """All physical cards of ``decks`` 52-card decks plus ``jokers`` jokers, in a fixed order."""
    cards = [Card(rank, suit) for _ in range(decks) for suit in SUITS for rank in RANKS]
    return cards + [Card("JK")] * jokers


def code_counts(decks: int, jokers: int) -> list[int]:
    """How many of each card code (suited naturals) a pack holds."""
    counts = [0] * NUM_CODES
    for card in physical_deck(decks, jokers):
        kind = card.kind
        counts[suited(kind, SUITS.index(card.suit)) if kind >= FOUR else kind] += 1
    return counts


def kind_counts(decks: int, jokers: int) -> list[int]:
    """How many of each kind a pack of ``decks`` decks and ``jokers`` jokers holds."""
    counts = [0] * NUM_KINDS
    for card in physical_deck(decks, jokers):
        counts[card.kind] += 1
    return counts
