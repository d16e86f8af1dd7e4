"""The one observer of the learning environments: a seat's ``PlayerView`` as a tensor and a string.

Everything here is read from the seat's information set (docs/architecture.md "Views") and from
the public record of play (``Recall``), so nothing the seat may not know can reach an agent:
``tensor`` and ``string`` read a view; ``tensor_of``, what the environments call at every step,
writes the same bytes from the game's state without making the view, reading only the seat's
own hand and what is public (a test holds it equal to ``tensor`` of the view over random play
of every preset, for every seat and observer type). The fields, their order, shapes and bounds are a
``Layout``, computed once per rule set; docs/envs.md describes each field.

Seats are written *relative* to the observer (0 = the observer, 1 = the next seat to play, ...)
and sides likewise (0 = the observer's side), so one policy can play any seat. Points (scores,
minimums, an opening's points) are in thousands.

>>> import canasta
>>> game = canasta.Game("classic", seed=1)
>>> observer = Observer(game.rules)
>>> observer.tensor(game.view(0)).shape == (observer.layout.size,)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from struct import Struct

import numpy as np
import numpy.typing as npt

from canasta.cards import NUM_CODES, NUM_KINDS, SUITED, kind_name, rank_of
from canasta.engine.game import Game
from canasta.engine.pile import frozen_by
from canasta.engine.scoring import sequences_of
from canasta.engine.state import Answer, Meld, Seat, State
from canasta.engine.tables import Tables, tables_for
from canasta.engine.view import PlayerView
from canasta.envs.recall import Recall, hand_text
from canasta.rules import RuleSet

#: Natural ranks in a sequence (4 up to the ace).
_SEQUENCE_RANKS = 11
_SUITED_CODES = NUM_CODES - SUITED
_PHASES = ("draw", "answer", "meld", "over")
_PERMISSIONS = ("", "yes", "no")
_ACABA = ("", "asked", "yes", "no")
_POINTS = 1000.0  # points are written in thousands
#: The bound of the unbounded fields (deal number, points in thousands): no game gets near it.
_FAR = 1e6

Vector = npt.NDArray[np.float32]
_NAMES = tuple(kind_name(k) for k in range(NUM_CODES))
_RANK = tuple(rank_of(c) for c in range(NUM_CODES))
#: Where each ``Answer`` goes in the permission and acaba one-hots (the words of the view).
_ANSWER_INDEX = {Answer.NONE: 0, Answer.YES: 1, Answer.NO: 2}
_ACABA_INDEX = {Answer.NONE: 0, Answer.ASKED: 1, Answer.YES: 2, Answer.NO: 3}
#: A side's row of the ``melds`` field: naturals, 2s and jokers per kind.
_MELD_ROW = NUM_KINDS * 3
#: Meld table rows an ``Observer`` keeps (``Observer._melds``) before it starts again.
_ROWS_KEPT = 4096
#: The fields whose offsets ``Observer.tensor`` reads, in its order.
_OFFSETS = ("hand", "hand_suited", "phase", "acting", "dealer", "deal", "hand_sizes",
            "foot_sizes", "known", "red_threes", "black_threes", "bonus_sizes", "melds",
            "sequences", "canastas", "opened", "minimums", "scores", "pile_size",
            "pile_frozen", "blocked", "stock_size", "permission", "acaba", "opening_points",
            "pending_pile", "discarded", "taken")


@dataclass(frozen=True, slots=True)
class Field:
    """One named block of the observation tensor: where it starts, its shape, its bounds."""

    name: str
    offset: int
    shape: tuple[int, ...]
    low: float
    high: float

    @property
    def size(self) -> int:
        return int(np.prod(self.shape))

    @property
    def end(self) -> int:
        return self.offset + self.size


class Layout:
    """The fields of the observation tensor for one rule set (docs/envs.md, "Observation").

    ``private`` keeps the observer's own hand; ``public`` everything every seat sees; ``recall``
    adds the memory of the deal's play (``Recall``); ``every_hand`` adds, last, the other
    seats' hands (``hands``, relative, and ``hands_suited`` where suits count): OpenSpiel's
    observer types, ``every_hand`` its ``ALL_PLAYERS`` private information (an oracle: it
    reads the whole game, ``Observer.tensor_of``).
    """

    def __init__(self, rules: RuleSet, private: bool = True, public: bool = True,
                 recall: bool = False, every_hand: bool = False) -> None:
        players, sides = rules.players.count, rules.players.sides
        t = tables_for(rules)
        pack = sum(t.pack)  # every card in the game: an upper bound of each count
        self.rules, self.players, self.sides = rules, players, sides
        self.suited = t.suited  # the rules tell suits apart (sequences)
        self.private, self.public, self.recall = private, public, recall
        self.every_hand = every_hand
        fields: list[Field] = []

        def add(name: str, shape: tuple[int, ...], high: float, low: float = 0.0) -> None:
            offset = fields[-1].end if fields else 0
            fields.append(Field(name, offset, shape, low, high))

        add("seat", (players,), 1)
        if private:
            add("hand", (NUM_KINDS,), pack)
            if self.suited:
                add("hand_suited", (_SUITED_CODES,), pack)
        if public:
            add("phase", (len(_PHASES),), 1)
            add("acting", (players,), 1)
            add("dealer", (players,), 1)
            add("deal", (1,), _FAR)
            add("hand_sizes", (players,), pack)
            add("foot_sizes", (players,), pack)
            add("known", (players - 1, NUM_KINDS), pack)
            add("red_threes", (players,), pack)
            if rules.red_threes.black_too:  # black 3s laid out (Modern American)
                add("black_threes", (players,), pack)
            if rules.deal.bonus_piles:  # the bonus piles' sizes, face down (Modern American)
                add("bonus_sizes", (len(rules.deal.bonus_piles),), pack)
            add("melds", (sides, NUM_KINDS, 3), pack)
            if self.suited:
                add("sequences", (sides, 4, _SEQUENCE_RANKS), 1)
            add("canastas", (sides,), pack)
            add("opened", (sides,), 1)
            add("minimums", (sides,), _FAR)
            add("scores", (sides,), _FAR, -_FAR)
            add("pile_size", (1,), pack)
            add("pile_top", (NUM_CODES if self.suited else NUM_KINDS,), 1)
            add("pile", (NUM_KINDS,), pack)
            add("pile_frozen", (1,), 1)
            add("blocked", (1,), 1)
            add("stock_size", (1,), pack)
            add("permission", (len(_PERMISSIONS),), 1)
            add("acaba", (len(_ACABA),), 1)
            add("opening_points", (1,), _FAR)
            add("pending_pile", (1,), pack)
            if recall:
                add("discarded", (players, NUM_KINDS), pack)
                add("taken", (players, NUM_KINDS), pack, -pack)
        if every_hand:
            add("hands", (players - 1, NUM_KINDS), pack)
            if self.suited:
                add("hands_suited", (players - 1, _SUITED_CODES), pack)
        self.fields: tuple[Field, ...] = tuple(fields)
        self.by_name: dict[str, Field] = {f.name: f for f in fields}
        self.size: int = fields[-1].end
        self.low: Vector = np.concatenate(
            [np.full(f.size, f.low, np.float32) for f in fields])
        self.high: Vector = np.concatenate(
            [np.full(f.size, f.high, np.float32) for f in fields])

    def offset(self, name: str) -> int:
        return self.by_name[name].offset

    def unpack(self, tensor: Vector) -> dict[str, Vector]:
        """The tensor's fields by name, each in its shape (views into ``tensor``)."""
        return {f.name: tensor[f.offset:f.end].reshape(f.shape) for f in self.fields}


class Observer:
    """Writes one seat's view as the layout's tensor, or as one line of text."""

    def __init__(self, rules: RuleSet, private: bool = True, public: bool = True,
                 recall: bool = False, every_hand: bool = False) -> None:
        self.layout = layout = Layout(rules, private, public, recall, every_hand)
        at = {f.name: f.offset for f in layout.fields}
        self._zeros = [0.0] * layout.size
        self._pack = Struct(f"{layout.size}f").pack
        #: The fields' offsets in the order ``tensor`` unpacks them (-1: not in the layout).
        self._offsets = tuple(at.get(name, -1) for name in _OFFSETS)
        #: Per card code: where a pile card of its kind is counted (``pile`` field).
        self._pile_at = tuple(at.get("pile", 0) + _RANK[c] for c in range(NUM_CODES))
        #: The pile top's one-hot slot per card code (by code where suits count, else kind).
        self._top_at = tuple(at.get("pile_top", 0) + (c if layout.suited else _RANK[c])
                             for c in range(NUM_CODES))
        self._bonus_piles = len(rules.deal.bonus_piles)
        #: The meld table rows written so far (``_melds``), by meld table.
        self._meld_rows: dict[tuple[Meld | None, ...], tuple[float, ...]] = {}

    def tensor(self, view: PlayerView, recall: Recall | None = None) -> Vector:
        """The observation of ``view`` (with the memory ``recall`` where the layout has it)."""
        if self.layout.every_hand:
            raise ValueError("an observer of every hand reads the game, not a view (tensor_of)")
        return self._write(view.state, view.seat, view.t, view.stock_size, recall)

    def tensor_of(self, game: Game, seat: int, recall: Recall | None = None) -> Vector:
        """``tensor(game.view(seat), recall)`` without making the view: the same bytes,
        written from the game's state where it reads only what the seat's information set
        holds as well (tests/envs/test_observation.py holds the two equal over random play
        of every preset). What the environments call at every step."""
        s = game.state
        return self._write(s, seat, game.t, len(s.table.stock), recall)

    def _write(self, s: State, me: int, t: Tables, stock_size: int,
               recall: Recall | None) -> Vector:
        """The observation of seat ``me`` from a state ``s`` holding at least its information
        set (``view.state``, or the game's whole state: only the seat's own hand and what is
        public are read), ``t`` its tables and ``stock_size`` the stock's size.

        Written into a copy of a list of zeros (list stores and slice copies are Python's
        cheapest writes; the offsets are unpacked from one tuple) and packed into float32
        bytes once, which numpy reads without a copy; the array is the caller's own
        (writable, shared with nothing)."""
        layout = self.layout
        (hand_at, suited_at, phase_at, acting_at, dealer_at, deal_at, sizes_at, feet_at,
         known_at, red_at, black_at, bonus_at, melds_at, seq_at, canastas_at, opened_at,
         minimums_at, scores_at, pile_size_at, frozen_at, blocked_at, stock_at,
         permission_at, acaba_at, points_at, pending_at, discarded_at, taken_at
         ) = self._offsets
        v = self._zeros[:]
        players, sides = layout.players, layout.sides
        seats = s.seats[me:] + s.seats[:me]
        v[me] = 1.0
        if layout.every_hand:
            self._other_hands(v, seats)
        if hand_at >= 0:
            v[hand_at:hand_at + NUM_KINDS] = seats[0].hand
            cards = seats[0].cards
            if suited_at >= 0 and cards is not None:
                v[suited_at:suited_at + _SUITED_CODES] = cards[SUITED:]
        if phase_at < 0:
            return self._array(v)
        turn, table, match = s.turn, s.table, s.match
        v[phase_at + (3 if match.over else turn.phase)] = 1.0
        if not match.over:
            v[acting_at + (turn.seat - me) % players] = 1.0
        v[dealer_at + (match.dealer - me) % players] = 1.0
        v[deal_at] = match.deal
        if bonus_at >= 0:  # by pile, in the deal's order: 0 once a side took it
            bonus = table.bonus_sizes
            b = bonus_at + self._bonus_piles - len(bonus)
            v[b:b + len(bonus)] = bonus
        k = known_at - NUM_KINDS
        for r, p in enumerate(seats):
            v[sizes_at + r] = p.size
            v[feet_at + r] = p.foot_size
            v[red_at + r] = p.red_threes
            if black_at >= 0:
                v[black_at + r] = p.black_threes
            if r:
                v[k + r * NUM_KINDS:k + (r + 1) * NUM_KINDS] = p.known
        side, slot = s.seat_sides[me], t.seat_sides[me]  # the table's side, the score's
        scores = match.scores
        for q in range(sides):
            mine = s.sides[(side + q) % sides]
            base = melds_at + q * _MELD_ROW
            v[base:base + _MELD_ROW] = self._melds(mine.melds)
            v[canastas_at + q] = mine.canastas
            if mine.opened:
                v[opened_at + q] = 1.0
            else:
                v[minimums_at + q] = mine.minimum / _POINTS
            v[scores_at + q] = scores[(slot + q) % sides] / _POINTS
        if seq_at >= 0:
            for q in range(sides):
                runs = sequences_of(s, t, (side + q) % sides)
                for suit, low, high in runs:
                    i = seq_at + (q * 4 + suit) * _SEQUENCE_RANKS - 4
                    for rank in range(i + low, i + high + 1):
                        v[rank] = 1.0
        pile = table.pile
        v[pile_size_at] = len(pile)
        if pile:
            v[self._top_at[pile[-1]]] = 1.0
            pile_at = self._pile_at
            for card in pile:
                v[pile_at[card]] += 1.0
        if frozen_by(s, t, side):  # false when not frozen
            v[frozen_at] = 1.0
        if table.blocked == me:
            v[blocked_at] = 1.0
        v[stock_at] = stock_size
        v[permission_at + _ANSWER_INDEX[turn.permission]] = 1.0
        v[acaba_at + _ACABA_INDEX[turn.acaba]] = 1.0
        v[points_at] = turn.opening_points / _POINTS
        opening = turn.opening
        if opening is not None and opening.pending:
            v[pending_at] = len(opening.pending)
        if discarded_at >= 0 and recall is not None:
            for r in range(players):
                n = (me + r) % players
                o, o2 = discarded_at + r * NUM_KINDS, taken_at + r * NUM_KINDS
                v[o:o + NUM_KINDS] = recall.discarded[n]
                v[o2:o2 + NUM_KINDS] = recall.taken[n]
        return self._array(v)

    def _other_hands(self, v: list[float], seats: list[Seat]) -> None:
        """The ``hands`` (and ``hands_suited``) fields: every other seat's hand, relative."""
        at = self.layout.by_name
        hands = at["hands"].offset - NUM_KINDS
        suited = at["hands_suited"].offset - _SUITED_CODES if "hands_suited" in at else -1
        for r, p in enumerate(seats):
            if r:
                v[hands + r * NUM_KINDS:hands + (r + 1) * NUM_KINDS] = p.hand
                if suited >= 0 and p.cards is not None:
                    v[suited + r * _SUITED_CODES:suited + (r + 1) * _SUITED_CODES] = \
                        p.cards[SUITED:]

    def _melds(self, melds: list[Meld | None]) -> tuple[float, ...]:
        """A side's row of the ``melds`` field: per kind, the naturals, 2s and jokers of the
        side's meld of it (0s where it has none), as floats (struct packs a float cheaper than
        an int). Each meld table is written once and kept: a side's table changes a few times
        a deal (the memory starts again when full)."""
        key = tuple(melds)
        row = self._meld_rows.get(key)
        if row is None:
            if len(self._meld_rows) >= _ROWS_KEPT:
                self._meld_rows.clear()
            row = self._meld_rows[key] = tuple(
                float(x) for meld in melds for x in ((0, 0, 0) if meld is None else meld[1:]))
        return row

    def _array(self, v: list[float]) -> Vector:
        """``v`` as a new float32 array."""
        return np.frombuffer(bytearray(self._pack(*v)), np.float32)

    def string(self, view: PlayerView, recall: Recall | None = None,
               view_of: Callable[[int], PlayerView] | None = None) -> str:
        """The same information as the tensor, as one line a person can read; an observer of
        every hand reads the other seats' hands from their views (``view_of``)."""
        layout = self.layout
        me, players = view.seat, layout.players
        parts = [f"seat {me}"]
        if layout.private:
            parts.append(f"hand [{hand_text(view)}]")
        if layout.public:
            s = view.state
            seats = s.seats[me:] + s.seats[:me]
            to_act = view.current_player
            parts += [
                f"deal {s.match.deal}", f"dealer {s.match.dealer}", f"phase {view.phase}",
                f"to act {to_act if to_act >= 0 else '-'}",
                "sizes " + " ".join([str(p.size) for p in seats]),
            ]
            if any(p.foot_size for p in seats):
                parts.append("feet " + " ".join([str(p.foot_size) for p in seats]))
            known = [f"{(me + r) % players}:[{_kinds(p.known)}]"
                     for r, p in enumerate(seats) if r and any(p.known)]
            if known:
                parts.append("known " + " ".join(known))
            if any(p.red_threes for p in seats):
                parts.append("red3 " + " ".join([str(p.red_threes) for p in seats]))
            if any(p.black_threes for p in seats):
                parts.append("black3 " + " ".join([str(p.black_threes) for p in seats]))
            if s.table.bonus_sizes:
                parts.append("bonus " + " ".join(map(str, s.table.bonus_sizes)))
            sequences = view.sequences if layout.suited else None
            for q in range(layout.sides):
                side = (view.side + q) % layout.sides
                mine = s.sides[side]
                table = [f"{_NAMES[m.rank]}:{m.naturals}/{m.twos}/{m.jokers}"
                         for m in mine.melds if m is not None]
                if sequences is not None:
                    table += [f"{'SHDC'[suit]}{_NAMES[low]}-{_NAMES[high]}"
                              for suit, low, high in sequences[side]]
                parts.append(f"side {side} score {s.match.scores[side]} "
                             f"canastas {mine.canastas} "
                             f"{'opened' if mine.opened else f'needs {mine.minimum}'} "
                             f"melds [{' '.join(table)}]")
            pile = s.table.pile
            parts.append(f"pile {len(pile)} top {_NAMES[pile[-1]] if pile else '-'}"
                         f"{' frozen' if view.pile_frozen else ''}"
                         f"{' blocked' if s.table.blocked == me else ''} "
                         f"[{' '.join([_NAMES[c] for c in pile])}]")
            parts.append(f"stock {view.stock_size}")
            if view.permission:
                parts.append(f"permission {view.permission}")
            if view.acaba:
                parts.append(f"acaba {view.acaba}")
            if s.turn.opening_points or view.pending_pile:
                parts.append(f"opening {s.turn.opening_points} pending {view.pending_pile}")
            if layout.recall and recall is not None:
                if layout.private:
                    parts.append("my hands " + "; ".join(recall.log[me]))
                for r in range(players):
                    n = (me + r) % players
                    if any(recall.discarded[n]) or any(recall.taken[n]):
                        parts.append(f"{n} discarded [{_kinds(recall.discarded[n])}] "
                                     f"took [{_kinds(recall.taken[n])}]")
        if layout.every_hand:
            if view_of is None:
                raise ValueError("an observer of every hand needs the other seats' views")
            parts.append("hands " + " ".join(
                f"{n}:[{hand_text(view_of(n))}]"
                for n in ((me + r) % players for r in range(1, players))))
        return " | ".join(parts)


def _kinds(counts: Sequence[float]) -> str:
    """Kind counts as text: ``"K K 2"``."""
    words: list[str] = []
    for kind, n in enumerate(counts):
        if n > 0:
            words += [_NAMES[kind]] * int(n)
    return " ".join(words)


__all__ = ["Field", "Layout", "Observer"]
