"""The position notation: the whole state of a game as one line of text (docs/positions.md).

A position is a list of fields separated by ``"; "``, each a name and its values::

    canasta-position 1; rules 6f1c0d2a9b3e4f50; seed 7; turn 2 meld; hands JK 4 4 K | 5 6 |
    9 9 | Q; melds K K K 2 | A A A; opened 0 1; pile 4 9; stock 5 6 7; drew

``write`` gives every field whose value is not its default, in a fixed order;
``position_read.read`` accepts any order, fills in the defaults and refuses a malformed or
impossible position with the reason (``PositionError``). ``digest`` hashes the written form,
so equal digests mean equal states; ``write(read(text))`` gives ``text`` back for every
position ``write`` made.
"""

from __future__ import annotations

import hashlib
from dataclasses import fields

from canasta.cards import (
    FOUR,
    NUM_CODES,
    NUM_KINDS,
    SUITED,
    SUITS,
    kind_name,
)
from canasta.engine.scoring import HandResult, SideScore
from canasta.engine.state import (
    SAMBA_MARK,
    SEQUENCE_MARK,
    WILD,
    Answer,
    HandEnd,
    Meld,
    Phase,
    Side,
    State,
)
from canasta.engine.tables import Tables
from canasta.errors import CanastaError

VERSION = 1
HEAD = "canasta-position"
SEPARATOR = "; "  #: between the fields of a position
#: The seeds a position (and a record) holds: whole numbers from -2**128 to 2**128
#: (the server draws 128-bit seeds).
SEEDS = (-(2**128), 2**128)


class PositionError(CanastaError):
    """A position text that is malformed, or describes a state the rules cannot reach."""


def digest(state: State, t: Tables) -> str:
    """A SHA-256 of the written position: equal digests mean equal states."""
    return hashlib.sha256(write(state, t).encode()).hexdigest()


# ---------------------------------------------------------------------- writing

PHASE_WORDS = {Phase.DRAW: "draw", Phase.ANSWER: "answer", Phase.MELD: "meld", Phase.OVER: "over"}
ANSWER_WORDS = {Answer.YES: "yes", Answer.NO: "no", Answer.ASKED: "asked"}
END_WORDS = {HandEnd.GOING_OUT: "out", HandEnd.STOCK_EXHAUSTED: "exhausted",
             HandEnd.RED_THREE_LAST: "red3-last", HandEnd.BLACK_THREE_LAST: "black3-last",
             HandEnd.TURN_CAP: "cap", HandEnd.CONCEDED: "conceded"}
EXTRA_LABELS = ("", "perfect cut", "seven canastas", "the other side conceded (acaba)",
                "canastas count bonus")
SCORE_FIELDS = tuple(f.name for f in fields(SideScore))
#: The score items every result writes; the later ones (Modern American's) only when one of
#: them is not zero, so positions of other rules read as they always did.
SCORE_FIELDS_BASE = SCORE_FIELDS[:SCORE_FIELDS.index("special_canastas")]


#: The text of every card code.
NAMES = tuple(kind_name(c) for c in range(NUM_CODES))


def _cards(counts: tuple[int, ...] | list[int], suited: list[int] | tuple[int, ...] | None
           = None) -> str:
    """Cards by kind (or by code where suits are kept), in kind order."""
    words: list[str] = []
    for k in range(FOUR if suited is not None else NUM_KINDS):
        if counts[k]:
            words += [NAMES[k]] * counts[k]
    if suited is not None:
        for c in range(SUITED, NUM_CODES):
            if suited[c]:
                words += [NAMES[c]] * suited[c]
    return " ".join(words)


def _kinds(bits: int) -> str:
    """A set of kinds kept a bit per kind (``Seat.discarded``, ``Seat.passed``), in kind
    order."""
    return " ".join(NAMES[k] for k in range(NUM_KINDS) if bits >> k & 1)


def _codes(codes: list[int] | tuple[int, ...]) -> str:
    """Cards in the order given."""
    return " ".join([NAMES[c] for c in codes])


def meld_text(meld: Meld) -> str:
    parts = ([kind_name(meld.rank)] * meld.naturals if meld.rank != WILD else []) \
        + ["2"] * meld.twos + ["JK"] * meld.jokers
    return " ".join(parts)


def _run_text(suit: int, low: int, high: int) -> str:
    return " ".join(kind_name(SUITED + (r - FOUR) * 4 + suit) for r in range(low, high + 1))


def _side_melds(side: Side, t: Tables) -> str:
    texts = [meld_text(m) for m in side.melds if m is not None]
    texts += [_run_text(suit, run[0], run[1]) for suit, run in enumerate(side.runs) if run]
    texts += [_run_text(suit, low, high) for suit, low, high in side.sambas]
    return ", ".join(texts)


def _created(item: int) -> str:
    if item == SAMBA_MARK:
        return "samba"
    if item >= SEQUENCE_MARK:
        return "seq-" + SUITS[item - SEQUENCE_MARK]
    return kind_name(item)


def _result(r: HandResult) -> str:
    """A hand's result: deal, end, the seat out, each side's score items; and, where the
    partnership forms at the pile, the side of each seat ("partners 0,1,0")."""
    sides = []
    for score in r.sides:
        values = [getattr(score, name) for name in SCORE_FIELDS]
        values = [EXTRA_LABELS.index(v) if isinstance(v, str) else int(v) for v in values]
        if not any(values[len(SCORE_FIELDS_BASE):]):
            values = values[:len(SCORE_FIELDS_BASE)]
        sides.append(",".join(map(str, values)))
    if r.seat_sides:
        sides.append("partners " + ",".join(map(str, r.seat_sides)))
    return " ".join([str(r.deal), END_WORDS[r.ended_by], str(r.went_out), *sides])


def _seats(values: list[str]) -> str:
    return " | ".join(values)


def write(s: State, t: Tables) -> str:
    """The position of ``s`` (see the module's docstring and docs/positions.md)."""
    m, table, turn = s.match, s.table, s.turn
    out = [f"{HEAD} {VERSION}", f"rules {t.fingerprint}"]

    def put(name: str, value: str, default: str = "") -> None:
        if value != default:
            out.append(f"{name} {value}" if value else name)

    put("seed", str(m.seed), "0")
    put("deal", str(m.deal), "1")
    out.append(f"dealer {m.dealer}")
    put("scores", " ".join(map(str, m.scores)), " ".join(["0"] * t.sides))
    put("results", " / ".join(_result(r) for r in m.results))
    if m.over:
        out.append(f"over {m.winner}")
    out.append(f"turn {turn.seat} {PHASE_WORDS[turn.phase]}")
    out.append("hands " + _seats([_cards(p.hand, p.cards) for p in s.seats]))
    put("feet", _seats([_cards(p.foot) for p in s.seats]), _seats([""] * t.players))
    put("known", _seats([_cards(p.known) for p in s.seats]), _seats([""] * t.players))
    put("red3", " ".join(str(p.red_threes) for p in s.seats), " ".join(["0"] * t.players))
    put("black3", " ".join(str(p.black_threes) for p in s.seats), " ".join(["0"] * t.players))
    put("laid", " ".join(str(n) for n, p in enumerate(s.seats) if p.laid_before))
    put("discarded", _seats([_kinds(p.discarded) for p in s.seats]), _seats([""] * t.players))
    put("passed", _seats([_kinds(p.passed) for p in s.seats]), _seats([""] * t.players))
    put("melds", _seats([_side_melds(side, t) for side in s.sides]), _seats([""] * t.sides))
    put("opened", " ".join(str(n) for n, side in enumerate(s.sides) if side.opened))
    put("minimum", " ".join(str(side.minimum) for side in s.sides),
        " ".join(str(t.rules.minimum_for(score, m.deal)) for score in m.scores))
    put("opening-canasta", " ".join(str(side.opening_canasta) for side in s.sides),
        " ".join(str(t.rules.canasta_for(score)) for score in m.scores))
    put("yes-failures", " ".join(str(side.yes_failures) for side in s.sides),
        " ".join(["0"] * t.sides))
    put("set-aside", " ".join(str(side.black_threes_removed) for side in s.sides),
        " ".join(["0"] * t.sides))
    put("partners", " ".join(map(str, s.seat_sides)), " ".join(map(str, t.seat_sides)))
    put("bonus", " | ".join(_codes(pile) for pile in table.bonus))
    put("pile", _codes(table.pile))
    put("under", _codes(table.under))
    out.append("stock " + _codes(table.stock))
    put("turns", str(table.turns), "0")
    put("blocked", str(table.blocked), "-1")
    put("cut", str(table.cut_side), "-1")
    put("asker", str(turn.asker), "-1")
    put("permission", ANSWER_WORDS.get(turn.permission, ""))
    put("acaba", ANSWER_WORDS.get(turn.acaba, ""))
    put("retracts", str(turn.retracts), "0")
    put("created", " ".join(_created(c) for c in turn.created))
    flags = [name for name, on in (("asked", turn.asked), ("drew", turn.drew),
                                   ("took", turn.took), ("melded", turn.melded),
                                   ("one-hand", m.one_hand)) if on]
    out += flags
    put("opening-points", str(turn.opening_points), "0")
    o = turn.opening
    if o is not None:
        parts = ["opening hand " + _cards(o.hand, o.cards),
                 "known " + _cards(o.known), "pile " + _codes(o.pile)]
        if o.blocked >= 0:
            parts.append(f"blocked {o.blocked}")
        if o.pending is not None:
            parts.append("pending " + _codes(o.pending))
        out.append(" | ".join(p.rstrip() for p in parts))
    return SEPARATOR.join(" ".join(item.split()) for item in out)


#: Every field of the notation, in the order ``write`` gives them.
FIELDS = (HEAD, "rules", "seed", "deal", "dealer", "scores", "results", "over", "turn", "hands",
          "feet", "known", "red3", "black3", "laid", "discarded", "passed", "melds", "opened",
          "minimum", "opening-canasta", "yes-failures", "set-aside", "partners", "bonus", "pile",
          "under", "stock", "turns", "blocked", "cut", "asker",
          "permission", "acaba", "retracts", "created", "asked", "drew", "took", "melded",
          "one-hand", "opening-points", "opening")
