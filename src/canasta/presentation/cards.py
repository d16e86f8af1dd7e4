"""Cards, the hand and the melds as facts (docs/presentation.md, "Cards", "Melds").

The hand is grouped and sorted as players hold it: wild cards first (jokers, then 2s), black
3s, held red 3s, then one group per rank from 4 to the ace; where the rules tell suits apart
the cards of a rank are sorted S H D C. A meld's points and canasta status are the engine's
scoring of that meld alone (``canasta.engine.scoring.score_side``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields, is_dataclass, replace
from functools import cache, lru_cache
from typing import Any, TypeVar, cast

from canasta.cards import (
    BLACK_THREE,
    FOUR,
    JOKER,
    KIND_WORDS,
    NUM_CODES,
    NUM_KINDS,
    RED_THREE,
    SUITED,
    SUITS,
    TWO,
    kind_name,
    kind_word,
    rank_of,
    suit_of,
    suited,
)
from canasta.engine.scoring import SideScore, score_side
from canasta.engine.state import Meld
from canasta.engine.view import PlayerView
from canasta.presentation.facts import CardFact, Fact, HandGroup, MeldFact, Suits, TableFacts
from canasta.rules import RuleSet

_COLOURS = {"S": "black", "C": "black", "H": "red", "D": "red"}


@cache
def card_fact(code: int) -> CardFact:
    """The fact of one card code (a kind, or a suited natural); one shared value per code."""
    suit = SUITS[suit_of(code)] if code >= SUITED else ""
    kind = rank_of(code)
    colour = ("wild" if kind in (JOKER, TWO) else "red" if kind == RED_THREE else
              "black" if kind == BLACK_THREE else _COLOURS.get(suit, ""))
    return CardFact(code, kind_name(code), kind_name(kind), suit, colour, kind_word(code), suit)


SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


@cache
def eyed(code: int, eye: str) -> CardFact:
    """The fact of a card showing the suit ``eye`` (``presentation.suits``): a suited card
    keeps its own; "" gives ``card_fact(code)``."""
    fact = card_fact(code)
    if not eye or fact.eye or rank_of(code) == JOKER:
        return fact
    return replace(fact, eye=eye, words=f"{fact.words} of {SUIT_WORDS[eye]}")


_SUIT_ORDER = {suit: n for n, suit in enumerate(SUITS)}


def with_suits(cards: tuple[CardFact, ...], suits: Sequence[str]) -> tuple[CardFact, ...]:
    """``cards`` showing ``suits`` in order (cards beyond them keep none)."""
    if not suits:
        return cards
    return tuple(eyed(card.code, suits[i]) if i < len(suits) else card
                 for i, card in enumerate(cards))


_EYES = ("", *SUITS)

F = TypeVar("F")


def with_sent_suits(fact: F, sent: object) -> F:
    """``fact``, made from a seat's view, with the suits (and the new marks) of the same fact
    as a server made it with its ledger and sent it (``Fact.to_dict``): a client that has the
    view but not the ledger (the terminal at a server's table) shows the cards as the server's
    browsers do. Card by card where the two agree on the card; a card the sent form does not
    match, or a suit that is none, keeps none (suits are for the eye alone)."""
    return cast(F, _merged(fact, sent))


def with_sent_deal_end(facts: TableFacts, rules: RuleSet, sent: object) -> TableFacts:
    """``facts`` whose last deal's breakdown shows each side's melds as the deal ended as the
    server's facts (``sent``, ``TableFacts.to_dict``) show them (``sent_melds``), where its
    own show none: a client without the ledger cannot see the deal's end itself."""
    last = facts.last_deal
    told = sent.get("last_deal") if isinstance(sent, dict) else None
    if last is None or any(side.melds for side in last.sides) or not isinstance(told, dict):
        return facts
    sides = told.get("sides")
    if not isinstance(sides, list) or len(sides) != len(last.sides) or \
            told.get("deal") != last.deal:
        return facts
    melds = [sent_melds(rules, mine.side, theirs.get("melds") if isinstance(theirs, dict)
                        else None) for mine, theirs in zip(last.sides, sides, strict=True)]
    return replace(facts, last_deal=replace(last, sides=tuple(
        replace(side, melds=shown) for side, shown in zip(last.sides, melds, strict=True))))


def sent_melds(rules: RuleSet, side: int, sent: object) -> tuple[MeldFact, ...]:
    """The melds a server sent (``MeldFact.to_dict``s, such as a deal's breakdown's), made
    again from their cards' codes as this side of the wire makes melds (``meld_fact``,
    ``sequence_fact``), with the suits they were sent with: a client with the view but not
    the ledger (the terminal at a server's table) shows them as the server's browsers do.
    Nothing (``()``) where any of them is not a meld these rules could lay."""
    melds = []
    for meld in sent if isinstance(sent, list) else [None]:
        if not isinstance(meld, dict):
            return ()
        cards = meld.get("cards")
        codes = [c.get("code") if isinstance(c, dict) else None for c in cards] \
            if isinstance(cards, list) and cards else [None]
        if not all(type(c) is int and 0 <= c < NUM_CODES for c in codes):
            return ()
        made = _meld_of(rules, side, str(meld.get("kind")), cast(list[int], codes))
        if made is None:
            return ()
        melds.append(with_sent_suits(made, meld))
    return tuple(melds)


def _meld_of(rules: RuleSet, side: int, kind: str, codes: list[int]) -> MeldFact | None:
    if kind == "sequence":
        suits, ranks = {suit_of(c) for c in codes if c >= SUITED}, [rank_of(c) for c in codes]
        if len(suits) != 1 or len(codes) < 3 or ranks != list(range(ranks[0], ranks[-1] + 1)):
            return None
        return sequence_fact(rules, side, suits.pop(), ranks[0], ranks[-1])
    kinds = [rank_of(c) for c in codes]
    twos, jokers = kinds.count(TWO), kinds.count(JOKER)
    naturals = [k for k in kinds if k not in (TWO, JOKER)]
    rank = {"wild": JOKER, "black 3s": BLACK_THREE}.get(kind, naturals[0] if naturals else -1)
    if kind not in ("wild", "black 3s", "rank") or rank < 0 or any(k != rank for k in naturals) \
            or (kind == "wild" and naturals):
        return None
    fact = meld_fact(rules, side, Meld(rank, len(naturals), twos, jokers))
    return fact if [c.code for c in fact.cards] == kinds else None


def _merged(fact: Any, sent: object) -> Any:
    if isinstance(fact, CardFact):
        if not (isinstance(sent, dict) and sent.get("code") == fact.code
                and sent.get("eye") in _EYES):
            return fact
        card = eyed(fact.code, sent["eye"])
        return replace(card, new=True) if sent.get("new") is True else card
    if isinstance(fact, tuple):
        if not (isinstance(sent, list) and len(sent) == len(fact)):
            return fact
        return tuple(_merged(f, s) for f, s in zip(fact, sent, strict=True))
    if not (isinstance(fact, Fact) and is_dataclass(fact) and isinstance(sent, dict)):
        return fact
    return replace(fact, **{f.name: _merged(getattr(fact, f.name), sent.get(f.name))
                            for f in fields(fact) if isinstance(getattr(fact, f.name),
                                                                Fact | tuple)})


def hand_codes(view: PlayerView) -> tuple[int, ...]:
    """The seat's cards as codes, in the order the hand is shown."""
    return _codes(view.hand, view.cards)


def _codes(hand: tuple[int, ...], cards: tuple[int, ...]) -> tuple[int, ...]:
    if cards:
        return tuple(c for c in sorted(range(len(cards)), key=lambda c: (rank_of(c), c))
                     for _ in range(cards[c] if c >= FOUR else hand[c]))
    return tuple(k for k in range(NUM_KINDS) for _ in range(hand[k]))


def _group_of(code: int) -> str:
    kind = rank_of(code)
    if kind in (JOKER, TWO):
        return "wild"
    if kind == BLACK_THREE:
        return "black 3s"
    if kind == RED_THREE:
        return "red 3s"
    return kind_name(kind)


_GROUP_ORDER = {JOKER: 0, TWO: 0, BLACK_THREE: 1, RED_THREE: 2}


def hand_groups(view: PlayerView, suits: Suits | None = None) -> tuple[HandGroup, ...]:
    """The hand grouped: wild cards, black 3s, red 3s held, then each rank from 4 up; with
    ``suits`` (the seat's, ``presentation.suits``) every card shows its suit, the cards of a
    rank in suit order (S H D C)."""
    groups = _groups(view.hand, view.cards)
    if suits is None or not suits.hand:
        return groups
    by_code: dict[int, list[str]] = {}
    for code, eye in suits.hand:
        by_code.setdefault(code, []).append(eye)
    new = list(suits.new)
    out = []
    for group in groups:
        cards = [_marked(eyed(card.code, by_code[card.code].pop() if by_code.get(card.code)
                              else ""), new) for card in group.cards]
        cards.sort(key=lambda c: (rank_of(c.code), c.code == JOKER, _SUIT_ORDER.get(c.eye, 4)))
        out.append(HandGroup(group.label, tuple(cards)))
    return tuple(out)


def _marked(card: CardFact, new: list[tuple[int, str]]) -> CardFact:
    """``card``, marked new if it is one of ``new`` (each of them marks one card)."""
    if (card.code, card.eye) not in new:
        return card
    new.remove((card.code, card.eye))
    return replace(card, new=True)


@lru_cache(maxsize=4096)
def _groups(hand: tuple[int, ...], cards: tuple[int, ...]) -> tuple[HandGroup, ...]:
    """The groups of a hand (its counts by kind, and by code where suits are kept), made once
    per hand: a seat's hand stays the same through the other seats' moves, and the groups are
    shared values (frozen facts, as ``card_fact``'s)."""
    codes = sorted(_codes(hand, cards), key=lambda c: (_GROUP_ORDER.get(rank_of(c), 3),
                                                      rank_of(c), c))
    groups: list[HandGroup] = []
    for code in codes:
        label = _group_of(code)
        if groups and groups[-1].label == label:
            groups[-1] = HandGroup(label, (*groups[-1].cards, card_fact(code)))
        else:
            groups.append(HandGroup(label, (card_fact(code),)))
    return tuple(groups)


def hand_text(view: PlayerView) -> str:
    """The hand as text in the order it is shown: ``"JK 2 2 B3 5 5 9 K K A"``, with suits
    (``"5H 5S"``) where the rules tell suits apart."""
    return groups_text(hand_groups(view))


def groups_text(groups: tuple[HandGroup, ...]) -> str:
    """Grouped cards as text, in their order."""
    return " ".join(card.text for group in groups for card in group.cards)


def meld_codes(meld: Meld) -> tuple[int, ...]:
    """A rank meld's cards: naturals, then 2s, then jokers."""
    naturals = () if meld.rank == JOKER else (meld.rank,) * meld.naturals
    return (*naturals, *(TWO,) * meld.twos, *(JOKER,) * meld.jokers)


def meld_text(meld: Meld) -> str:
    """``"K K K K 2 JK"`` for a meld: naturals, then 2s, then jokers."""
    return " ".join(kind_name(c) for c in meld_codes(meld))


def _status(score: SideScore) -> str:
    if score.sambas:
        return "samba"
    if score.wild_canastas:
        return "wild"
    if score.special_canastas:  # a special rank's (Modern American's 7s and aces)
        return "special"
    if score.natural_canastas:
        return "natural"
    return "mixed" if score.mixed_canastas else ""


def _penalty(score: SideScore) -> int:
    """What a meld short of a canasta costs at the hand's end under these rules (negative)."""
    return score.unfinished_wild + score.unfinished_special + score.short_sequences


def meld_fact(rules: RuleSet, side: int, meld: Meld) -> MeldFact:
    """A rank meld (or wild cards alone, or the black-3 set) as the table shows it."""
    score = score_side(rules, side, [meld], [], 0, True)
    kind = "wild" if meld.rank == JOKER else "black 3s" if meld.rank == BLACK_THREE else "rank"
    label = {"wild": "wild cards", "black 3s": "black 3s"}.get(kind, KIND_WORDS[meld.rank][1])
    return MeldFact(kind, label, kind_name(meld.rank), tuple(map(card_fact, meld_codes(meld))),
                    meld.size, meld.naturals if kind == "rank" else 0,
                    meld.wilds if kind == "rank" else meld.size if kind == "wild" else 0,
                    _status(score), rules.melds.canasta_size, score.melded,
                    score.canasta_bonus, score.total, _penalty(score))


def sequence_fact(rules: RuleSet, side: int, suit: int, low: int, high: int) -> MeldFact:
    """A sequence of one suit (Samba's family) as the table shows it."""
    score = score_side(rules, side, [], [], 0, True, sequences=[(suit, low, high)])
    cards = tuple(card_fact(suited(rank, suit)) for rank in range(low, high + 1))
    return MeldFact("sequence", f"sequence of {('spades', 'hearts', 'diamonds', 'clubs')[suit]}",
                    kind_name(low), cards, len(cards), len(cards), 0, _status(score),
                    rules.melds.canasta_size, score.melded, score.canasta_bonus, score.total,
                    _penalty(score))


#: Meld facts already made, by the rules' fingerprint and the meld (a meld's fact depends on
#: nothing else; the melds a pack can make are few).
_MELDS: dict[tuple[str, Meld], MeldFact] = {}


def side_melds(view: PlayerView, side: int, suits: Suits | None = None) -> tuple[MeldFact, ...]:
    """Every meld of ``side``: rank melds by rank, then its sequences; with ``suits`` each
    card of a rank meld shows its suit."""
    key = view.t.fingerprint
    melds = []
    for meld in view.melds[side]:
        fact = _MELDS.get((key, meld))
        if fact is None:
            fact = _MELDS[key, meld] = meld_fact(view.rules, side, meld)
        if suits is not None:
            fact = replace(fact, cards=with_suits(fact.cards, suits.meld(side, meld.rank)))
        melds.append(fact)
    return (*melds, *(sequence_fact(view.rules, side, *seq) for seq in view.sequences[side]))
