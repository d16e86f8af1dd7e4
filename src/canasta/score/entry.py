"""What one side scored in one deal, as the players give it (docs/scorepad.md, "Entries").

An entry is a line of ``key=value`` words: canastas by kind (``natural=1 mixed=2``, and the
rule set's own kinds: ``wild``, ``wild-2s``, ``wild-jokers``, ``samba``), the melded card
points (``melded=185``, or counted by value class: ``melded=6x5+9x10+3x20``, six cards of 5
points, nine of 10, three of 20), red 3s (``red3=2``), the cards left in hand (``hand=30`` or
``hand=1x10+1x20``), who went out (``out``, ``concealed``), or that a side conceded
(``acaba``, British). Words a rule set has no use for (``wild`` in the classic game) are
refused, so an entry always means something under its rules.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from canasta.cards import BLACK_THREE, JOKER, KIND_WORDS, NATURAL_RANKS, RED_THREE, TWO
from canasta.engine.tables import tables_for
from canasta.errors import CanastaError
from canasta.rules.ruleset import RuleSet

#: Card points, as a total (int) or as counts by value class ({value: cards}).
Amount = int | dict[int, int]


class EntryError(CanastaError):
    """An entry, or a deal's entries, that cannot be true under the game's rule set."""


@dataclass(frozen=True, slots=True)
class SideEntry:
    """One side's entry for one deal: the fields of docs/scorepad.md, "Entries"."""

    natural: int = 0
    mixed: int = 0
    wild: int = 0
    wild_twos: int = 0
    wild_jokers: int = 0
    samba: int = 0
    unfinished_wild: int = 0
    short_sequences: int = 0
    special: int = 0  # canastas of a special rank (Modern American: sevens, aces)
    unfinished_special: int = 0
    special_held: int = 0
    melded: Amount = 0
    hand: Amount = 0
    red3: int = 0
    out: bool = False
    concealed: bool = False
    had_melded: bool = False
    black3: int = 0
    yes_failed: int = 0
    cut: bool = False
    acaba: bool = False

    def text(self) -> str:
        """The entry as the words that give it (the form ``canasta score deal`` reads)."""
        words = []
        for field in FIELDS:
            value = getattr(self, field.attr)
            if value == field.default:
                continue
            words.append(field.word if value is True else f"{field.word}={amount_text(value)}")
        return " ".join(words) or "nothing"

    def to_json(self, by_word: bool = False) -> dict[str, Any]:
        """The entry as stored: the fields that differ from nothing, by attribute
        (``wild_twos``), amounts by class as ``{"5": 6}``; with ``by_word``, by the words an
        entry is written in (``wild-2s``), as the score page's form keeps it."""
        out: dict[str, Any] = {}
        for field in FIELDS:
            value = getattr(self, field.attr)
            if value != field.default:
                out[field.word if by_word else field.attr] = \
                    {str(k): n for k, n in value.items()} if isinstance(value, dict) else value
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SideEntry:
        """The entry :meth:`to_json` stored."""
        values: dict[str, Any] = {}
        for field in FIELDS:
            if field.attr in data:
                value = data[field.attr]
                values[field.attr] = {int(k): int(n) for k, n in value.items()} \
                    if isinstance(value, dict) else value
        return cls(**values)


@dataclass(frozen=True, slots=True)
class Field:
    """One word of an entry: its attribute, what it is (``count``, ``amount``, ``flag``), the
    question the interactive mode asks, and whether a rule set has it."""

    word: str
    attr: str
    kind: str
    question: str
    applies: Callable[[RuleSet], bool]

    @property
    def default(self) -> Any:
        return False if self.kind == "flag" else 0


def _always(_rules: RuleSet) -> bool:
    return True


FIELDS: tuple[Field, ...] = (
    Field("natural", "natural", "count", "natural canastas", _always),
    Field("mixed", "mixed", "count", "mixed canastas", _always),
    Field("wild", "wild", "count", "wild canastas (wild cards alone)",
          lambda r: r.melds.wild_melds),
    Field("wild-2s", "wild_twos", "count", "wild canastas of 2s alone",
          lambda r: r.melds.wild_melds and bool(r.canastas.wild_twos_bonus)),
    Field("wild-jokers", "wild_jokers", "count", "wild canastas holding four jokers",
          lambda r: r.melds.wild_melds and bool(r.canastas.wild_jokers_bonus)),
    Field("samba", "samba", "count", "sambas (sequences of a canasta's length)",
          lambda r: r.melds.sequences),
    Field("unfinished-wild", "unfinished_wild", "count", "wild melds short of a canasta",
          lambda r: r.melds.wild_melds and bool(r.canastas.unfinished_wild_penalty)),
    Field("short-seq", "short_sequences", "count", "sequences of five cards or fewer",
          lambda r: r.melds.sequences and bool(r.canastas.short_sequence_penalty)),
    Field("special", "special", "count", "canastas of a special rank (sevens, aces)",
          lambda r: bool(r.melds.special_ranks)),
    Field("unfinished-special", "unfinished_special", "count",
          "melds of a special rank short of a canasta",
          lambda r: bool(r.melds.special_ranks) and bool(r.canastas.unfinished_special_penalty)),
    Field("special-held", "special_held", "count",
          "players left holding three or more cards of one special rank",
          lambda r: bool(r.points.special_in_hand)),
    Field("melded", "melded", "amount", "melded card points (or counts, e.g. 6x5+9x10)",
          _always),
    Field("red3", "red3", "count", "red 3s laid out", _always),
    Field("hand", "hand", "amount", "card points left in hand (or counts, e.g. 2x10)",
          _always),
    Field("out", "out", "flag", "went out", _always),
    Field("concealed", "concealed", "flag", "went out concealed", _always),
    Field("had-melded", "had_melded", "flag", "had melded before the turn it went out",
          _always),
    Field("black3", "black3", "count", "black 3s set aside from the pile (or laid out, where "
          "they are bonus cards)", lambda r: r.pile.black_threes_removed or r.red_threes.black_too),
    Field("yes-failed", "yes_failed", "count", "times told 'yes' without going out",
          lambda r: bool(r.going_out.failed_yes_penalty)),
    Field("cut", "cut", "flag", "made the perfect cut", lambda r: bool(r.deal.perfect_cut_bonus)),
    Field("acaba", "acaba", "flag", "conceded the deal (acaba)", lambda r: r.going_out.acaba),
)
_BY_WORD = {field.word: field for field in FIELDS}


#: The question of ``hand`` where each player also holds a foot (``deal.foot_size``): the
#: cards of a foot never taken up count as left in hand.
HAND_AND_FOOT = "card points left in hand and foot (or counts, e.g. 2x10)"


def fields_for(rules: RuleSet) -> list[Field]:
    """The words an entry may use under ``rules``, asked in the rules' words."""
    fields = [field for field in FIELDS if field.applies(rules)]
    if rules.deal.foot_size:
        fields = [replace(f, question=HAND_AND_FOOT) if f.word == "hand" else f for f in fields]
    return fields


def melded_classes(rules: RuleSet) -> dict[int, tuple[int, ...]]:
    """The value classes of melded cards: card points -> the kinds worth that much melded."""
    t = tables_for(rules)
    kinds = [*NATURAL_RANKS, TWO] + ([JOKER] if t.pack[JOKER] else []) + \
        ([BLACK_THREE] if rules.melds.black_three_sets else [])
    return _classes(kinds, t.points)


def hand_classes(rules: RuleSet) -> dict[int, tuple[int, ...]]:
    """The value classes of cards left in hand: points each costs -> the kinds costing that.
    A red 3 is left in hand only where red 3s may be held (``red_threes.hold``) or in a foot
    never taken up (``deal.foot_size``: Hand and Foot), where the engine counts it
    ``points.red_three_in_hand``."""
    t = tables_for(rules)
    kinds = [k for k in range(len(t.pack)) if t.pack[k] and (
        k != RED_THREE or rules.red_threes.hold or rules.deal.foot_size)]
    return _classes(kinds, t.in_hand)


def _classes(kinds: list[int], points: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    out: dict[int, list[int]] = {}
    for kind in kinds:
        if points[kind] > 0:
            out.setdefault(points[kind], []).append(kind)
    return {value: tuple(out[value]) for value in sorted(out)}


def class_words(kinds: tuple[int, ...]) -> str:
    """The kinds of a value class in words: "aces and 2s"."""
    words = [KIND_WORDS[k][1] for k in kinds]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def amount_text(value: Amount | int) -> str:
    """An amount as entered: ``185`` or ``6x5+9x10``."""
    if isinstance(value, dict):
        return "+".join(f"{n}x{v}" for v, n in sorted(value.items()))
    return str(value)


def parse_amount(text: str, classes: dict[int, tuple[int, ...]], word: str,
                 pack: tuple[int, ...], most: int) -> Amount:
    """Card points (``185``) or counts by value class (``6x5+9x10``), checked against the rule
    set's classes and the pack (``pack``: its cards of each kind) before anything is built:
    points above ``most`` (what the whole pack is worth) and more cards of a class than the
    pack holds are refused."""
    text = text.strip().replace("*", "x")
    if "x" not in text:
        return _whole(text, word, most, f"the whole pack is worth {most:,}")
    counts: dict[int, int] = {}
    for part in text.split("+"):
        count, _, value = part.partition("x")
        if not (_DIGITS.fullmatch(count.strip()) and _DIGITS.fullmatch(value.strip())):
            raise EntryError(f"{word}: expected card points (185) or counts by value "
                             f"(6x5+9x10), got {clip(text)!r}")
        v = int(value) if len(value.strip()) <= len(str(max(classes))) else -1
        if v not in classes:
            known = ", ".join(str(c) for c in classes)
            raise EntryError(f"{word}: no card is worth {clip(value.strip())} points here "
                             f"(the values: {known})")
        held = sum(pack[k] for k in classes[v])
        n = _whole(count, f"{word} {clip(part.strip())}", held,
                   f"the pack holds {held} {class_words(classes[v])}", "")
        counts[v] = counts.get(v, 0) + n
    return {v: n for v, n in sorted(counts.items()) if n}


def clip(text: str, most: int = 24) -> str:
    """``text`` as a message quotes it: at most ``most`` characters, cut with an ellipsis."""
    return text if len(text) <= most else text[:most - 1] + "…"


_DIGITS = re.compile(r"[0-9]+")  #: a whole number as entered (ASCII digits: int() takes more)


def _whole(text: str, word: str, most: int, why: str, shown: str | None = None) -> int:
    """A whole number from 0 to ``most`` (``why`` says that limit and where it comes from), read
    only after its length shows it is in range: a 20-digit entry is refused at once. A value
    out of range is named ``word=text``, or ``word`` then ``shown`` when that is given."""
    text = text.strip()
    if text.startswith("-") and _DIGITS.fullmatch(text[1:]):
        raise EntryError(f"{word}: {clip(text)} is negative (enter what was melded or held)")
    if not _DIGITS.fullmatch(text):
        raise EntryError(f"{word}: expected a whole number, got {clip(text)!r}")
    if len(text.lstrip("0")) > len(str(most)) or int(text) > most:
        raise EntryError(f"{word}{f'={clip(text)}' if shown is None else shown}: {why}")
    return int(text)


def count_limit(field: Field, rules: RuleSet) -> tuple[int, str]:
    """The largest value a count word can have in one deal under ``rules``, and why: a meld
    has at least three cards, the pack holds so many 3s, a side so many players."""
    t = tables_for(rules)
    cards = sum(t.pack)
    if field.attr == "red3":
        return t.red_threes, f"the pack holds {t.red_threes} red 3s"
    if field.attr == "black3":
        return t.pack[BLACK_THREE], f"the pack holds {t.pack[BLACK_THREE]} black 3s"
    if field.attr == "special_held":
        players = rules.players.count
        return players, f"{players} players hold cards"
    if field.attr == "yes_failed":
        return cards, f"a deal has fewer turns than the pack's {cards} cards"
    return cards // 3, f"each is a meld of 3 cards or more, so at most {cards // 3} from the " \
                       f"pack's {cards} cards"


def amount_limit(attr: str, rules: RuleSet) -> tuple[dict[int, tuple[int, ...]], int]:
    """An amount word's value classes, and the card points of every card of the pack in
    them (what the whole pack is worth, melded or left in hand); ``attr`` is ``"melded"`` or
    ``"hand"``."""
    t = tables_for(rules)
    if attr == "melded":
        classes, points = melded_classes(rules), t.points
    else:
        classes, points = hand_classes(rules), t.in_hand
    return classes, sum(t.pack[k] * points[k] for kinds in classes.values() for k in kinds)


def parse_value(field: Field, text: str, rules: RuleSet) -> Any:
    """The value of one word of an entry, from its text, refused when it is out of the range
    one deal under ``rules`` allows (:func:`count_limit`, :func:`amount_limit`)."""
    if field.kind == "flag":
        answer = text.strip().lower()
        if answer in ("", "y", "yes", "1", "true"):
            return True
        if answer in ("n", "no", "0", "false"):
            return False
        raise EntryError(f"{field.word}: answer yes or no, not {clip(text)!r}")
    if field.kind == "count":
        return _whole(text, field.word, *count_limit(field, rules))
    classes, most = amount_limit(field.attr, rules)
    return parse_amount(text, classes, field.word, tables_for(rules).pack, most)


def parse_entry(text: str, rules: RuleSet) -> SideEntry:
    """A side's entry from its words (``natural=1 mixed=1 melded=185 red3=2 out``)."""
    allowed = {field.word for field in fields_for(rules)}
    values: dict[str, Any] = {}
    for token in text.replace(",", " ").split():
        word, eq, value = token.partition("=")
        word = word.lower()
        if word in ("nothing", "-"):
            continue
        field = _BY_WORD.get(word)
        if field is None:
            raise EntryError(f"unknown word {clip(word)!r} (the words: "
                             f"{', '.join(sorted(allowed))})")
        if word not in allowed:
            raise EntryError(f"{word}: {rules.name} has no {field.question}")
        if field.attr in values:
            raise EntryError(f"{word} given twice")
        if field.kind == "flag" and not eq:
            value = "yes"
        elif not eq:
            raise EntryError(f"{word}: give a value ({word}=...)")
        values[field.attr] = parse_value(field, value, rules)
    entry = SideEntry(**values)
    return replace(entry, out=True) if entry.concealed else entry
