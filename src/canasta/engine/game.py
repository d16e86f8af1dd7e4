"""The game state and its transitions: one rules core for every interface.

A ``Game`` is fully determined by its rule set, its seed and the actions applied to it
(DESIGN.md, principle 3). Chance is explicit and reproducible: the first dealer is cut from a
pack shuffled by ``Random(f"{seed}:dealer")`` and deal ``d`` is shuffled by
``Random(f"{seed}:{d}")``.

Turn flow (DESIGN.md, "Turn flow")::

    DRAW    ask "may I go out?" (the partner answers in ANSWER), draw, or take the pile
    MELD    meld, add, discard; while the side has not made its initial meld, melds are
            tentative: ``commit`` checks the minimum, ``retract`` takes everything back
            (an untaken pile included)

Hot-path state is plain lists of ints: each hand a count per kind (``canasta.cards``), each
side's melds three count lists (naturals, 2s, jokers) indexed by rank.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable

from canasta.cards import (
    BLACK_THREE,
    JOKER,
    NATURAL_RANKS,
    NUM_KINDS,
    RED_THREE,
    TWO,
    Card,
    physical_deck,
)
from canasta.engine.actions import (
    ADD_ACTIONS,
    ALL_ACTIONS,
    BLACK_THREE_MELDS,
    DISCARD_ACTIONS,
    MELD_ACTIONS,
    NUM_ACTIONS,
    SIMPLE,
    TAKE_ACTIONS,
    Action,
    ActionType,
    Base,
    Route,
)
from canasta.engine.going_out import can_go_out
from canasta.engine.scoring import HandResult, Meld, score_side
from canasta.engine.tables import Tables, tables_for
from canasta.engine.view import PlayerView, view_of
from canasta.errors import ActionParseError, IllegalAction
from canasta.rules import RuleSet, load

DRAW, ANSWER, MELD, OVER = 0, 1, 2, 3
PHASE_NAMES = ("draw", "answer", "meld", "over")

_ASK, _YES, _NO = SIMPLE[ActionType.ASK], SIMPLE[ActionType.YES], SIMPLE[ActionType.NO]
_DRAW, _DECLINE = SIMPLE[ActionType.DRAW], SIMPLE[ActionType.DECLINE]
_COMMIT, _RETRACT = SIMPLE[ActionType.COMMIT], SIMPLE[ActionType.RETRACT]
_ONTO = TAKE_ACTIONS[Route.ONTO_MELD]


class Game:
    """A game of Canasta under one rule set, from the first deal to the final score.

    >>> game = Game("classic", seed=1)
    >>> game.current_player, len(game.legal_actions()) > 0
    (..., True)
    """

    __slots__ = (
        "_legal",
        "asked",
        "asker",
        "blocked",
        "created",
        "current",
        "deal_number",
        "dealer",
        "dealer_cuts",
        "drew",
        "freezers",
        "hands",
        "history",
        "hsize",
        "initial_done",
        "known",
        "laid_before",
        "melded_turn",
        "minimum",
        "mjok",
        "mnat",
        "mtwo",
        "ncan",
        "op_points",
        "opening",
        "over",
        "pending",
        "permission",
        "phase",
        "pile",
        "red3",
        "results",
        "retracts",
        "rules",
        "scores",
        "seed",
        "snap",
        "stock",
        "t",
        "took",
        "turns",
        "winner",
        "yes_failures",
    )

    # Per hand: cards (counts per kind) and melds (counts per rank, per side).
    hands: list[list[int]]
    hsize: list[int]
    known: list[list[int]]  # per seat: cards everyone knows are in that hand (from the pile)
    red3: list[int]
    mnat: list[list[int]]
    mtwo: list[list[int]]
    mjok: list[list[int]]
    ncan: list[int]
    initial_done: list[bool]
    laid_before: list[bool]
    minimum: list[int]
    yes_failures: list[int]
    stock: list[int]
    pile: list[int]
    freezers: int
    blocked: int
    turns: int
    # Per turn.
    current: int
    phase: int
    asker: int
    permission: int  # 0 not asked, 1 "yes", -1 "no"
    asked: bool
    drew: bool
    took: bool
    retracts: int
    melded_turn: bool
    created: list[int]  # ranks of the melds this player started this turn
    opening: bool
    op_points: int
    pending: list[int] | None  # a taken pile waiting for the opening to be committed
    snap: tuple[list[int], int, list[int], list[int], list[int], int, list[int], int, int,
                list[int]] | None

    def __init__(self, rules: RuleSet | str = "classic", seed: int = 0) -> None:
        self.rules = load(rules) if isinstance(rules, str) else rules
        self.t: Tables = tables_for(self.rules)
        self.seed = seed
        sides = self.t.sides
        self.scores = [0] * sides
        self.results: list[HandResult] = []
        self.winner = -1
        self.over = False
        self.history: list[int] = []
        self.deal_number = 1
        self.dealer, self.dealer_cuts = _cut_for_deal(self.rules, seed)
        self._legal: list[Action] | None = None
        self._start_hand()

    # ------------------------------------------------------------------ public surface

    @property
    def current_player(self) -> int:
        """The seat to act, or -1 once the game is over."""
        return -1 if self.over else self.current

    @property
    def num_players(self) -> int:
        return self.t.players

    def side_of(self, seat: int) -> int:
        """The side (partnership) a seat plays for."""
        return seat % self.t.sides

    def is_terminal(self) -> bool:
        return self.over

    def returns(self) -> list[float]:
        """Per seat: 1 for the winning side, -1 for the others; 0 each while play goes on."""
        if not self.over:
            return [0.0] * self.t.players
        return [1.0 if self.side_of(s) == self.winner else -1.0 for s in range(self.t.players)]

    def legal_actions(self) -> list[Action]:
        """Every action the player to act may take now: complete, and never empty mid-game."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        return legal[:]

    def legal_action_mask(self) -> list[bool]:
        """A mask over action codes ``0 .. NUM_ACTIONS-1``."""
        mask = [False] * NUM_ACTIONS
        for action in self.legal_actions():
            mask[action.code] = True
        return mask

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know: its own hand and everything public (no other hand, no stock
        order)."""
        return view_of(self, seat)

    def why_illegal(self, action: Action) -> str | None:
        """Why ``action`` is not legal now, in plain words; None when it is legal."""
        from canasta.engine.explain import explain

        if action in self.legal_actions():
            return None
        return explain(self, ALL_ACTIONS[action.code])

    def apply(self, action: Action | int | str) -> None:
        """Apply one action. An illegal one raises ``IllegalAction`` and changes nothing."""
        if not isinstance(action, Action):
            action = _coerce(action)
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        if action not in legal:
            from canasta.engine.explain import explain

            raise IllegalAction(ALL_ACTIONS[action.code], explain(self, action))
        self._legal = None
        self.history.append(action.code)
        _HANDLERS[action[0]](self, action)

    def clone(self) -> Game:
        """An independent copy of the whole state."""
        g = Game.__new__(Game)
        g.rules, g.t, g.seed = self.rules, self.t, self.seed
        g.scores = self.scores[:]
        g.results = self.results[:]
        g.winner, g.over, g.deal_number = self.winner, self.over, self.deal_number
        g.dealer, g.dealer_cuts = self.dealer, self.dealer_cuts
        g.history = self.history[:]
        g._legal = self._legal
        g.hands = [h[:] for h in self.hands]
        g.hsize = self.hsize[:]
        g.known = [k[:] for k in self.known]
        g.red3 = self.red3[:]
        g.mnat = [m[:] for m in self.mnat]
        g.mtwo = [m[:] for m in self.mtwo]
        g.mjok = [m[:] for m in self.mjok]
        g.ncan = self.ncan[:]
        g.initial_done = self.initial_done[:]
        g.laid_before = self.laid_before[:]
        g.minimum = self.minimum
        g.yes_failures = self.yes_failures[:]
        g.stock = self.stock[:]
        g.pile = self.pile[:]
        g.freezers, g.blocked, g.turns = self.freezers, self.blocked, self.turns
        g.current, g.phase, g.asker = self.current, self.phase, self.asker
        g.permission, g.asked, g.drew, g.took = self.permission, self.asked, self.drew, self.took
        g.retracts, g.melded_turn = self.retracts, self.melded_turn
        g.created = self.created[:]
        g.opening, g.op_points = self.opening, self.op_points
        g.pending = None if self.pending is None else self.pending[:]
        g.snap = self.snap
        return g

    def melds(self, side: int) -> list[Meld]:
        """The side's melds on the table (tentative ones included), by rank."""
        nat, two, jok = self.mnat[side], self.mtwo[side], self.mjok[side]
        return [Meld(r, nat[r], two[r], jok[r]) for r in range(NUM_KINDS)
                if nat[r] + two[r] + jok[r]]

    def minimum_needed(self, side: int) -> int:
        """The side's initial-meld minimum this deal (0 once it has melded)."""
        return 0 if self.initial_done[side] else self.minimum[side]

    def pile_frozen_for(self, seat: int) -> bool:
        """Whether the pile is frozen against this seat's side (seed 000, RULINGS 3)."""
        pile = self.rules.pile
        return bool(self.freezers) or pile.always_frozen or (
            pile.frozen_before_initial_meld and not self.initial_done[seat % self.t.sides]
        )

    def digest(self) -> str:
        """A SHA-256 over the whole state: equal digests mean equal games."""
        parts = (
            self.rules.to_dict(), self.seed, self.scores, self.deal_number, self.dealer,
            self.winner, self.over, self.hands, self.known, self.red3, self.mnat, self.mtwo,
            self.mjok,
            self.initial_done, self.laid_before, self.stock, self.pile, self.freezers,
            self.blocked, self.turns, self.current, self.phase, self.asker, self.permission,
            self.asked, self.drew, self.took, self.retracts, self.melded_turn, self.created,
            self.opening, self.op_points, self.pending, self.yes_failures,
            [(r.deal, r.ended_by, r.went_out, r.totals, [s.total for s in r.sides])
             for r in self.results],
        )
        return hashlib.sha256(repr(parts).encode()).hexdigest()

    def card_count(self) -> int:
        """Every card in the game, wherever it lies (the pack size, always)."""
        table = sum(sum(m) for side in (self.mnat, self.mtwo, self.mjok) for m in side)
        pending = len(self.pending) if self.pending is not None else 0
        return sum(self.hsize) + sum(self.red3) + table + len(self.stock) + len(self.pile) \
            + pending

    def __repr__(self) -> str:
        return (f"<Game {self.rules.name} seed={self.seed} deal={self.deal_number} "
                f"seat={self.current_player} phase={PHASE_NAMES[self.phase]} "
                f"scores={self.scores}>")

    # ------------------------------------------------------------------ the deal

    def _start_hand(self) -> None:
        """Shuffle, deal, turn the upcard and lay out red 3s (seed 000, "Setup")."""
        t, rules = self.t, self.rules
        players, sides = t.players, t.sides
        rng = random.Random(f"{self.seed}:{self.deal_number}")
        stock = [k for k in range(NUM_KINDS) for _ in range(t.pack[k])]
        rng.shuffle(stock)
        hands = [[0] * NUM_KINDS for _ in range(players)]
        for _ in range(rules.deal.hand_size):
            for i in range(players):
                hands[(self.dealer + 1 + i) % players][stock.pop()] += 1
        self.hands, self.hsize = hands, [rules.deal.hand_size] * players
        self.known = [[0] * NUM_KINDS for _ in range(players)]
        self.red3 = [0] * players
        self.mnat = [[0] * NUM_KINDS for _ in range(sides)]
        self.mtwo = [[0] * NUM_KINDS for _ in range(sides)]
        self.mjok = [[0] * NUM_KINDS for _ in range(sides)]
        self.ncan = [0] * sides
        self.initial_done = [False] * sides
        self.laid_before = [False] * players
        self.minimum = [rules.minimum_for(score) for score in self.scores]
        self.yes_failures = [0] * sides
        self.stock = stock
        self.pile = [stock.pop()]
        self.freezers = 1 if t.freezes[self.pile[-1]] else 0
        while self.pile[-1] in t.turn_again and stock:
            card = stock.pop()
            self.pile.append(card)
            self.freezers += t.freezes[card]
        self.blocked = -1
        self.turns = 0
        for i in range(players):
            seat = (self.dealer + 1 + i) % players
            hand = hands[seat]
            while hand[RED_THREE] and stock:
                n = hand[RED_THREE]
                hand[RED_THREE] = 0
                self.red3[seat] += n
                for _ in range(n):
                    if stock:
                        hand[stock.pop()] += 1
                    else:
                        self.hsize[seat] -= 1
        self._begin_turn((self.dealer + 1) % players)

    def _reset_turn(self, seat: int) -> None:
        """Make ``seat`` the player to act, at the start of a turn."""
        self.current, self.phase, self.asker = seat, DRAW, -1
        self.permission, self.asked, self.drew, self.took = 0, False, False, False
        self.retracts, self.melded_turn, self.created = 0, False, []
        self.opening, self.op_points, self.pending, self.snap = False, 0, None, None

    def _begin_turn(self, seat: int) -> None:
        """Start ``seat``'s turn; with the stock gone, turn the pile over or end the hand."""
        self._reset_turn(seat)
        if self.stock:
            return
        if self.rules.stock_out.mode == "turn_pile" and len(self.pile) > 1:
            # 001, "Miscellaneous variations": the pile, less its top card, becomes the stock.
            top = self.pile.pop()
            self.stock = self.pile[::-1]
            self.pile = [top]
            self.freezers = 1 if self.t.freezes[top] else 0
            return
        if not self._take_routes(seat):
            self._end_hand(-1, "stock exhausted")

    # ------------------------------------------------------------------ legal actions

    def _generate(self) -> list[Action]:
        phase = self.phase
        if phase == MELD:
            acts = self._meld_actions()
            if self.permission == 1 and acts and self._go_out_reachable():
                acts = [a for a in acts if self._keeps_going_out(a)]
            return acts
        if phase == DRAW:
            return self._draw_actions()
        if phase == ANSWER:
            return [_YES, _NO]
        return []

    def _draw_actions(self) -> list[Action]:
        seat = self.current
        routes = self._take_routes(seat)
        acts: list[Action] = []
        if not self.asked and self.rules.going_out.ask_partner and self.t.players > self.t.sides:
            acts.append(_ASK)
        if self.stock:
            acts.append(_DRAW)
            acts += routes
        else:
            acts += routes
            if _ONTO not in routes:
                acts.append(_DECLINE)
        return acts

    def _take_routes(self, seat: int) -> list[Action]:
        """The legal ways to take the pile (seed 000, "Taking the discard pile"; RULINGS 4-5)."""
        pile = self.pile
        if not pile or self.blocked == seat:
            return []
        top = pile[-1]
        if top < 4:  # a wild card or a 3 has no rank to meld the top card with
            return []
        rules, t = self.rules, self.t
        side = seat % t.sides
        unmelded = not self.initial_done[side]
        if unmelded and (rules.pile.initial_meld_before_taking
                         or self.retracts >= rules.limits.retracts_per_turn):
            return []
        hand = self.hands[seat]
        have = hand[top]
        nat, wild = self.mnat[side][top], self.mtwo[side][top] + self.mjok[side][top]
        frozen = bool(self.freezers) or rules.pile.always_frozen or (
            unmelded and rules.pile.frozen_before_initial_meld)
        cap = t.cap
        taken = len(pile) if not rules.pile.take_top else min(len(pile), rules.pile.take_top)
        size = self.hsize[seat] + taken - 1
        routes = []
        if have >= 2 and wild <= cap[nat + 3]:
            routes.append((Route.PAIR, 2, nat + 3 + wild))
        if not frozen:
            if have >= 1 and rules.pile.take_with_wild and wild + 1 <= cap[nat + 2]:
                if hand[TWO]:
                    routes.append((Route.WITH_TWO, 2, nat + 3 + wild))
                if hand[JOKER]:
                    routes.append((Route.WITH_JOKER, 2, nat + 3 + wild))
            if nat and rules.pile.take_by_adding and (
                rules.pile.canasta_opens_pile or nat + wild < rules.melds.canasta_size
            ):
                routes.append((Route.ONTO_MELD, 0, nat + 1 + wild))
        out = []
        cs = rules.melds.canasta_size
        for route, used, meld_size in routes:
            grown = self.ncan[side] + (1 if nat + wild < cs <= meld_size else 0)
            if unmelded or self._lay_ok(side, size - used, grown, 0, TAKE_ACTIONS[route]):
                out.append(TAKE_ACTIONS[route])
        return out

    def _may_go_out(self, side: int, canastas: int, opening_points: int) -> bool:
        """Whether the side may go out now with ``canastas`` canastas (seed 000, RULINGS 8)."""
        if self.permission == -1 or self.pending is not None:
            return False
        if canastas < self.rules.going_out.canastas:
            return False
        if self.initial_done[side]:
            return True
        if opening_points >= self.minimum[side]:
            return True
        return self.rules.going_out.concealed_exemption and self.drew and not self.took

    def _lay_ok(self, side: int, left: int, canastas: int, opening_points: int,
                action: Action) -> bool:
        """Whether ``action``, leaving ``left`` cards in hand, keeps the turn finishable.

        Two cards or more: discard one, keep one. A tentative opening can always be taken back
        (or, with one card left, finished by going out). Otherwise the action must go out, or
        leave one card to go out with — by discarding it, which needs the side to be allowed
        out already, or by laying it (RULINGS 20: no melding down to no cards otherwise).
        """
        if left >= 2:
            return True
        if not self.initial_done[side] and (self.pending is not None or left == 1):
            return True
        if self._may_go_out(side, canastas, opening_points):
            return True
        return left == 1 and self._keeps_going_out(action)

    def _meld_actions(self) -> list[Action]:
        seat = self.current
        t, rules = self.t, self.rules
        side = seat % t.sides
        hand = self.hands[seat]
        size = self.hsize[seat]
        nat, two, jok = self.mnat[side], self.mtwo[side], self.mjok[side]
        cap = t.cap
        cs = rules.melds.canasta_size
        tentative = not self.initial_done[side]
        may_meld = not tentative or self.opening or self.retracts < rules.limits.retracts_per_turn
        pending = len(self.pending) if self.pending is not None else 0
        acts: list[Action] = []
        wild_two, wild_jok = hand[TWO], hand[JOKER]
        points = t.points
        ncan, ops = self.ncan[side], self.op_points
        if may_meld:
            for r in NATURAL_RANKS:
                c = hand[r]
                n = nat[r]
                if n:
                    if not c and not (wild_two or wild_jok):
                        continue
                    w = two[r] + jok[r]
                    kinds = [r] if c else []
                    if w < cap[n]:
                        if wild_two:
                            kinds.append(TWO)
                        if wild_jok:
                            kinds.append(JOKER)
                    adds = ADD_ACTIONS[r]
                    if size >= 3:
                        acts += [adds[k] for k in kinds]
                        continue
                    grown = ncan + (1 if n + w + 1 == cs else 0)
                    acts += [adds[k] for k in kinds
                             if self._lay_ok(side, size - 1, grown, ops + points[k], adds[k])]
                elif c >= 2:
                    bases = MELD_ACTIONS[r]
                    assert bases is not None
                    cand = []
                    if c >= 3 and rules.melds.min_naturals <= 3:
                        cand.append((Base.NATURAL, 3 * points[r]))
                    if cap[2] >= 1:
                        if wild_two:
                            cand.append((Base.WITH_TWO, 2 * points[r] + points[TWO]))
                        if wild_jok:
                            cand.append((Base.WITH_JOKER, 2 * points[r] + points[JOKER]))
                    grown = ncan + (1 if cs <= 3 else 0)
                    acts += [bases[b] for b, p in cand
                             if size >= 5 or self._lay_ok(side, size - 3, grown, ops + p,
                                                          bases[b])]
            b3 = hand[BLACK_THREE]
            if b3 and pending == 0:
                acts += self._black_three_actions(side, b3, size)
        if self.opening:
            if size == 1 and self._may_go_out(side, self.ncan[side], self.op_points):
                acts += [DISCARD_ACTIONS[k] for k in range(NUM_KINDS) if hand[k]]
            left = size + pending
            if self.op_points >= self.minimum[side] and (left >= 2 or (
                    self.permission != -1 and self.ncan[side] >= rules.going_out.canastas)):
                acts.append(_COMMIT)
            acts.append(_RETRACT)
        elif size >= 2 or self._may_go_out(side, self.ncan[side], self.op_points):
            acts += [DISCARD_ACTIONS[k] for k in range(NUM_KINDS) if hand[k]]
        return acts

    def _black_three_actions(self, side: int, b3: int, size: int) -> list[Action]:
        """Black 3s are melded only when going out, as a natural set (seed 000, "Threes")."""
        on_table = self.mnat[side][BLACK_THREE]
        sets = self.rules.melds.black_three_sets
        ops = self.op_points
        acts = []
        if on_table:
            if on_table + 1 in sets and size - 1 <= 1 and self._may_go_out(
                    side, self.ncan[side], ops + self.t.points[BLACK_THREE]):
                acts.append(ADD_ACTIONS[BLACK_THREE][BLACK_THREE])
        else:
            for n in sets:
                if n <= b3 and size - n <= 1 and n in BLACK_THREE_MELDS and self._may_go_out(
                        side, self.ncan[side], ops + n * self.t.points[BLACK_THREE]):
                    acts.append(BLACK_THREE_MELDS[n])
        return acts

    def _go_out_reachable(self) -> bool:
        """Is there still a line of play that goes out this turn? (RULINGS 19 and 20)"""
        if self.pending is not None or self.permission == -1:
            return False
        seat = self.current
        side = seat % self.t.sides
        if not self.initial_done[side] and not self.opening and \
                self.retracts >= self.rules.limits.retracts_per_turn:
            return False  # no opening may be laid any more this turn
        wilds = [a + b for a, b in zip(self.mtwo[side], self.mjok[side], strict=True)]
        need = 0
        if not self.initial_done[side] and not (
            self.rules.going_out.concealed_exemption and self.drew and not self.took
        ):
            need = self.minimum[side] - self.op_points
        return can_go_out(self.t, self.hands[seat], self.mnat[side], wilds,
                          self.rules.going_out.canastas, need)

    def _keeps_going_out(self, action: Action) -> bool:
        """Whether ``action`` goes out, or leaves a line of play that still goes out."""
        after = self.clone()
        after._legal = None
        _HANDLERS[action[0]](after, action)
        if after.over or after.deal_number != self.deal_number:
            return after.results[-1].went_out == self.current
        if after.current != self.current or after.phase != MELD:
            return False
        return after._go_out_reachable()

    # ------------------------------------------------------------------ transitions

    def _ask(self, action: Action) -> None:
        seat = self.current
        self.asked = True
        self.asker = seat
        self.current = (seat + self.t.sides) % self.t.players
        self.phase = ANSWER

    def _answer(self, action: Action) -> None:
        self.permission = 1 if action[0] == ActionType.YES else -1
        self.current = self.asker
        self.phase = DRAW

    def _draw(self, action: Action) -> None:
        seat = self.current
        stock, hand = self.stock, self.hands[seat]
        self.drew = True
        self.phase = MELD
        for _ in range(self.rules.draw.stock_cards):
            if not stock:
                return
            card = stock.pop()
            while card == RED_THREE:
                # Red 3s drawn are laid out and replaced; the last stock card a red 3 ends the
                # hand at once (seed 000, "When the stock runs out"; RULINGS 9 and 13).
                self.red3[seat] += 1
                if not stock:
                    self._end_hand(-1, "red 3 was the last stock card")
                    return
                card = stock.pop()
            hand[card] += 1
            self.hsize[seat] += 1

    def _decline(self, action: Action) -> None:
        self._end_hand(-1, "stock exhausted")

    def _take(self, action: Action) -> None:
        seat = self.current
        side = seat % self.t.sides
        rules = self.rules
        route = action[2]
        pile = self.pile
        unmelded = not self.initial_done[side]
        if unmelded:
            self._open_tentatively(seat, side)
        count = len(pile) if not rules.pile.take_top else min(len(pile), rules.pile.take_top)
        taken = pile[-count:]
        del pile[-count:]
        top = taken.pop()
        nat, two, jok = self.mnat[side], self.mtwo[side], self.mjok[side]
        before = nat[top] + two[top] + jok[top]
        laid = self.t.points[top] if rules.initial_meld.top_card_counts else 0
        if not before:
            self.created.append(top)
        nat[top] += 1
        if route == Route.PAIR:
            self._spend(seat, top, 2)
            nat[top] += 2
            laid += 2 * self.t.points[top]
        elif route != Route.ONTO_MELD:
            wild = TWO if route == Route.WITH_TWO else JOKER
            self._spend(seat, top, 1)
            self._spend(seat, wild, 1)
            nat[top] += 1
            (two if wild == TWO else jok)[top] += 1
            laid += self.t.points[top] + self.t.points[wild]
        used = 0 if route == Route.ONTO_MELD else 2
        self.hsize[seat] -= used
        self._count_canasta(side, before, nat[top] + two[top] + jok[top])
        self.freezers = sum(self.t.freezes[k] for k in pile) if pile else 0
        self.blocked = -1
        self.took = True
        self.melded_turn = True
        self.phase = MELD
        if unmelded:
            self.op_points += laid
            self.pending = taken
        else:
            self._receive(seat, taken)
            if self.hsize[seat] == 0:
                self._end_hand(seat, "going out")

    def _receive(self, seat: int, cards: Iterable[int]) -> None:
        """Cards from the pile come into the hand, seen by all; red 3s among them are laid out
        at once."""
        hand, known = self.hands[seat], self.known[seat]
        for card in cards:
            if card == RED_THREE:
                self.red3[seat] += 1
            else:
                hand[card] += 1
                known[card] += 1
                self.hsize[seat] += 1

    def _spend(self, seat: int, kind: int, n: int) -> None:
        """``n`` cards of ``kind`` leave the hand; what others knew of it shrinks with them."""
        self.hands[seat][kind] -= n
        known = self.known[seat]
        if known[kind]:
            known[kind] = max(0, known[kind] - n)

    def _open_tentatively(self, seat: int, side: int) -> None:
        if self.opening:
            return
        self.opening = True
        self.snap = (
            self.hands[seat][:], self.hsize[seat], self.mnat[side][:], self.mtwo[side][:],
            self.mjok[side][:], self.ncan[side], self.pile[:], self.freezers, self.blocked,
            self.known[seat][:],
        )

    def _meld(self, action: Action) -> None:
        seat = self.current
        side = seat % self.t.sides
        if not self.initial_done[side]:
            self._open_tentatively(seat, side)
        r, base = action[1], action[2]
        points = self.t.points
        if base == Base.NATURAL:
            self._spend(seat, r, 3)
            self.mnat[side][r] += 3
            laid = 3 * points[r]
        else:
            wild = TWO if base == Base.WITH_TWO else JOKER
            self._spend(seat, r, 2)
            self._spend(seat, wild, 1)
            self.mnat[side][r] += 2
            (self.mtwo if wild == TWO else self.mjok)[side][r] += 1
            laid = 2 * points[r] + points[wild]
        self.created.append(r)
        self._after_laying(seat, side, 3, laid, 0, 3)

    def _meld_black_threes(self, action: Action) -> None:
        seat = self.current
        side = seat % self.t.sides
        if not self.initial_done[side]:
            self._open_tentatively(seat, side)
        n = action[2]
        self._spend(seat, BLACK_THREE, n)
        self.mnat[side][BLACK_THREE] += n
        self.created.append(BLACK_THREE)
        self._after_laying(seat, side, n, n * self.t.points[BLACK_THREE], 0, 0)

    def _add(self, action: Action) -> None:
        seat = self.current
        side = seat % self.t.sides
        r, kind = action[1], action[2]
        nat, two, jok = self.mnat[side], self.mtwo[side], self.mjok[side]
        before = nat[r] + two[r] + jok[r]
        self._spend(seat, kind, 1)
        if kind == TWO:
            two[r] += 1
        elif kind == JOKER:
            jok[r] += 1
        else:
            nat[r] += 1
        self._after_laying(seat, side, 1, self.t.points[kind], before, before + 1)

    def _after_laying(self, seat: int, side: int, n: int, laid: int, before: int,
                      after: int) -> None:
        self.hsize[seat] -= n
        self.melded_turn = True
        if self.opening:
            self.op_points += laid
        if after:
            self._count_canasta(side, before, after)
        if self.hsize[seat] == 0 and self.pending is None:
            self._end_hand(seat, "going out")

    def _count_canasta(self, side: int, before: int, after: int) -> None:
        cs = self.rules.melds.canasta_size
        if before < cs <= after:
            self.ncan[side] += 1

    def _commit(self, action: Action) -> None:
        seat = self.current
        self._close_opening(seat)
        if self.hsize[seat] == 0:  # everything was laid from a one-card pile: out
            self._end_hand(seat, "going out")

    def _close_opening(self, seat: int) -> None:
        self.initial_done[seat % self.t.sides] = True
        self.opening = False
        self.snap = None
        pending, self.pending = self.pending, None
        if pending:
            self._receive(seat, pending)

    def _retract(self, action: Action) -> None:
        seat = self.current
        side = seat % self.t.sides
        assert self.snap is not None
        hand, hsize, nat, two, jok, ncan, pile, freezers, blocked, known = self.snap
        self.hands[seat], self.hsize[seat], self.known[seat] = hand[:], hsize, known[:]
        self.mnat[side], self.mtwo[side], self.mjok[side] = nat[:], two[:], jok[:]
        self.ncan[side] = ncan
        if self.took:
            self.pile, self.freezers, self.blocked = pile[:], freezers, blocked
            self.took = False
            self.phase = DRAW
        self.opening, self.op_points, self.pending, self.snap = False, 0, None, None
        self.melded_turn, self.created = False, []
        self.retracts += 1

    def _discard(self, action: Action) -> None:
        seat = self.current
        kind = action[1]
        t = self.t
        self._spend(seat, kind, 1)
        self.hsize[seat] -= 1
        self.pile.append(kind)
        self.freezers += t.freezes[kind]
        if self.hsize[seat] == 0:
            self._end_hand(seat, "going out")
            return
        side = seat % t.sides
        if self.melded_turn:
            self.laid_before[seat] = True
        if self.permission == 1:
            self.yes_failures[side] += 1
        nxt = (seat + 1) % t.players
        self.blocked = nxt if kind == BLACK_THREE and self.rules.pile.black_three_blocks_next \
            else -1
        self.turns += 1
        if self.turns >= self.rules.limits.max_turns_per_hand:
            self._end_hand(-1, "turn cap")
            return
        self._begin_turn(nxt)

    # ------------------------------------------------------------------ end of a hand

    def _end_hand(self, went_out: int, ended_by: str) -> None:
        rules, t = self.rules, self.t
        concealed = False
        if went_out >= 0:
            side = went_out % t.sides
            if self.opening:
                self._close_opening(went_out)
            cs = rules.melds.canasta_size
            go = rules.going_out
            concealed = (
                not self.laid_before[went_out]
                and (not self.took or go.concealed_with_pile)
                and any(self.mnat[side][r] + self.mtwo[side][r] + self.mjok[side][r] >= cs
                        for r in self.created)
            )
            if concealed and go.concealed_side_off_table:
                concealed = not any(self.laid_before[s] for s in range(t.players)
                                    if s % t.sides == side)
        sides = []
        for side in range(t.sides):
            seats = [s for s in range(t.players) if s % t.sides == side]
            sides.append(score_side(
                rules, side, self.melds(side), [self.hands[s] for s in seats],
                sum(self.red3[s] for s in seats), self.initial_done[side],
                went_out >= 0 and went_out % t.sides == side, concealed,
                self.yes_failures[side],
            ))
        for side, score in enumerate(sides):
            self.scores[side] += score.total
        self.results.append(HandResult(self.deal_number, ended_by, went_out, tuple(sides),
                                       tuple(self.scores)))
        target = rules.game.target
        best = max(self.scores)
        if best >= target and self.scores.count(best) == 1:
            self.over = True
            self.winner = self.scores.index(best)
            self.phase = OVER
            return
        self.deal_number += 1
        self.dealer = (self.dealer + 1) % t.players
        self._start_hand()


def _coerce(action: int | str) -> Action:
    if isinstance(action, str):
        return Action.parse(action)
    if isinstance(action, int) and not isinstance(action, bool):
        return Action.from_code(action)
    raise ActionParseError(f"{action!r} is not an action")


def _cut_for_deal(rules: RuleSet, seed: int) -> tuple[int, tuple[tuple[tuple[int, str], ...], ...]]:
    """High card deals; ties redraw among the tied players (seed 003; RULINGS 16).

    Returns the dealer and every round of cuts as ``((seat, card text), ...)``.
    """
    rng = random.Random(f"{seed}:dealer")
    pack: list[Card] = physical_deck(rules.deck.decks, rules.deck.jokers)
    rng.shuffle(pack)
    contenders = list(range(rules.players.count))
    rounds = []
    while True:
        if len(pack) < len(contenders):
            pack = physical_deck(rules.deck.decks, rules.deck.jokers)
            rng.shuffle(pack)
        cut = [(seat, pack.pop()) for seat in contenders]
        rounds.append(tuple((seat, str(card)) for seat, card in cut))
        best = max(card.cut_value for _, card in cut)
        contenders = [seat for seat, card in cut if card.cut_value == best]
        if len(contenders) == 1:
            return contenders[0], tuple(rounds)


_HANDLERS = (  # indexed by ActionType
    Game._ask,
    Game._answer,
    Game._answer,
    Game._draw,
    Game._decline,
    Game._take,
    Game._meld,
    Game._meld_black_threes,
    Game._add,
    Game._discard,
    Game._commit,
    Game._retract,
)

__all__ = ["ALL_ACTIONS", "Game"]
