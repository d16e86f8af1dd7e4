"""Per-rule-set lookup tables, computed once per ``RuleSet`` so the hot path reads lists."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import lru_cache

from canasta.cards import (
    ACE,
    BLACK_THREE,
    JOKER,
    NUM_CODES,
    NUM_KINDS,
    RED_THREE,
    TWO,
    code_counts,
    kind_counts,
    parse_kind,
    rank_of,
)
from canasta.rules.ruleset import SECTIONS, RuleSet

#: Largest number of naturals a meld can hold that the cap table covers.
_MAX_NATURALS = 64


@dataclass(frozen=True, slots=True)
class Tables:
    rules: RuleSet
    players: int
    sides: int
    pack: tuple[int, ...]  # count of each kind in the pack
    points: tuple[int, ...]  # card points of each kind, melded
    in_hand: tuple[int, ...]  # points each kind costs when left in hand
    cap: tuple[int, ...]  # cap[n]: most wild cards a meld with n naturals may hold
    freezes: tuple[bool, ...]  # a card of this kind in the pile freezes it
    turn_again: frozenset[int]  # upcards that make the dealer turn another card
    red_threes: int  # red 3s in the pack
    suited: bool  # natural cards carry their suits (sequences)
    codes: tuple[int, ...]  # count of each card code in the pack (suited naturals if suited)
    stock: tuple[int, ...]  # every card code of the pack, in code order: the deal shuffles it
    rank_of: tuple[int, ...]  # the kind of each card code
    fingerprint: str  # names the rules by what they play (``fingerprint``)
    special: tuple[bool, ...] = ()  # per kind: a special rank (melds.special_ranks)
    special_opening: tuple[bool, ...] = ()  # per kind: may take wilds within the opening
    wild_rules: bool = False  # a meld's wild cards depend on more than its naturals
    bound_wilds: bool = False  # wild cards held may be bound to the wild meld (2s tame, MA)
    seat_sides: tuple[int, ...] = ()  # each seat's side at a deal's start, s % sides: its scores
    partners_at_pile: bool = False  # players.partners_at_pile (cutthroat): partners.py
    canastas_per_rank: int = 1  # melds.canastas_per_rank (Samba): canastas.in_meld
    canasta_top: int = 7  # a meld of a rank this long is every canasta it can be
    # The kinds laid out as soon as they come to a hand, so no hand holds one (ruling 9): red 3s
    # unless they may be held (red_threes.hold), black 3s where they are bonus cards too.
    laid_at_once: frozenset[int] = frozenset()


def _card_points(rules: RuleSet) -> list[int]:
    p = rules.points
    points = [0] * NUM_KINDS
    points[JOKER], points[TWO], points[BLACK_THREE] = p.joker, p.two, p.black_three
    for kind in range(4, ACE + 1):
        points[kind] = p.four_to_seven if kind <= 7 else p.eight_to_king
    points[ACE] = p.ace
    return points


_BY_IDENTITY: dict[int, tuple[RuleSet, Tables]] = {}


def tables_for(rules: RuleSet) -> Tables:
    """The tables of a rule set: found by the object's identity first (hashing a whole rule
    set costs microseconds, and views and bots ask on every decision), then by value."""
    entry = _BY_IDENTITY.get(id(rules))
    if entry is not None and entry[0] is rules:
        return entry[1]
    if len(_BY_IDENTITY) > 256:
        _BY_IDENTITY.clear()
    tables = _tables_by_value(rules)
    _BY_IDENTITY[id(rules)] = (rules, tables)
    return tables


@lru_cache(maxsize=64)
def _tables_by_value(rules: RuleSet) -> Tables:
    points = _card_points(rules)
    in_hand = list(points)
    in_hand[BLACK_THREE] = rules.points.black_three_in_hand
    in_hand[RED_THREE] = rules.points.red_three_in_hand
    pile = rules.pile
    freezes = [False] * NUM_CODES
    freezes[JOKER] = freezes[TWO] = pile.frozen_by_wild
    freezes[RED_THREE] = pile.frozen_by_red_three
    freezes[BLACK_THREE] = pile.black_three_freezes
    pack = kind_counts(rules.deck.decks, rules.deck.jokers)
    codes = tuple(code_counts(rules.deck.decks, rules.deck.jokers) if rules.melds.sequences
                  else pack + [0] * (NUM_CODES - NUM_KINDS))
    return Tables(
        rules=rules,
        players=rules.players.count,
        sides=rules.players.sides,
        pack=tuple(pack),
        points=tuple(points),
        in_hand=tuple(in_hand),
        cap=tuple(rules.wilds_allowed(n) for n in range(_MAX_NATURALS + 1)),
        freezes=tuple(freezes),
        turn_again=frozenset(parse_kind(k) for k in rules.deal.upcard_turn_again),
        red_threes=pack[RED_THREE],
        suited=rules.melds.sequences,
        codes=codes,
        stock=tuple(c for c in range(NUM_CODES) for _ in range(codes[c])),
        rank_of=tuple(rank_of(c) for c in range(NUM_CODES)),
        fingerprint=fingerprint(rules),
        special=_flags(rules.melds.special_ranks),
        special_opening=_flags(rules.melds.special_wild_in_opening),
        wild_rules=bool(rules.melds.special_ranks or rules.melds.wild_add_min_naturals
                        or rules.melds.unfinished_wild_binds),
        bound_wilds=rules.melds.twos_tame_while_open or rules.melds.unfinished_wild_binds,
        seat_sides=tuple(s % rules.players.sides for s in range(rules.players.count)),
        partners_at_pile=rules.players.partners_at_pile,
        canastas_per_rank=rules.melds.canastas_per_rank,
        canasta_top=rules.melds.canasta_size * rules.melds.canastas_per_rank,
        laid_at_once=frozenset(k for k, laid in ((RED_THREE, not rules.red_threes.hold),
                                                 (BLACK_THREE, rules.red_threes.black_too))
                               if laid),
    )


def _flags(kinds: tuple[str, ...]) -> tuple[bool, ...]:
    """Per kind: whether it is one of ``kinds`` (names such as "7", "A")."""
    chosen = {parse_kind(k) for k in kinds}
    return tuple(k in chosen for k in range(NUM_KINDS))


def fingerprint(rules: RuleSet) -> str:
    """16 hex digits naming a rule set by what it plays: every option that differs from the
    classic defaults (names, descriptions and notes aside), so an option added later with a
    default that plays as before leaves it unchanged (docs/positions.md)."""
    base, mine = RuleSet().to_dict(), rules.to_dict()
    changed = {f"{section}.{key}": value for section, _ in SECTIONS
               for key, value in mine[section].items() if base[section][key] != value}
    text = json.dumps(changed, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]
