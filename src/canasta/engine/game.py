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
side's melds three count lists (naturals, 2s, jokers) indexed by rank; a meld of wild cards
alone (where the rules allow it) sits at the joker's index.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable
from typing import Any
from weakref import ref

from canasta.cards import (
    BLACK_THREE,
    FOUR,
    JOKER,
    NATURAL_RANKS,
    NUM_CODES,
    NUM_KINDS,
    RED_THREE,
    TWO,
    Card,
    physical_deck,
    suit_of,
    suited,
)
from canasta.engine.actions import (
    ADD_ACTIONS,
    ALL_ACTIONS,
    BLACK_THREE_MELDS,
    DISCARD_ACTIONS,
    EXTEND_ACTIONS,
    MELD_ACTIONS,
    NUM_ACTIONS,
    SEQUENCE_ACTIONS,
    SIMPLE,
    SUITED_MELDS,
    SUITED_TAKES,
    TAKE_ACTIONS,
    WILD_MELDS,
    Action,
    ActionType,
    Base,
    Route,
    meld_cards,
    route_of,
    sequence_cards,
)
from canasta.engine.going_out import can_go_out
from canasta.engine.scoring import HandResult, Meld, SideScore, score_side
from canasta.engine.tables import Tables, tables_for
from canasta.engine.view import PlayerView, settle_views, view_of
from canasta.errors import ActionParseError, IllegalAction
from canasta.rules import RuleSet, load

DRAW, ANSWER, MELD, OVER = 0, 1, 2, 3
PHASE_NAMES = ("draw", "answer", "meld", "over")

_ASK, _YES, _NO = SIMPLE[ActionType.ASK], SIMPLE[ActionType.YES], SIMPLE[ActionType.NO]
_DRAW, _DECLINE = SIMPLE[ActionType.DRAW], SIMPLE[ActionType.DECLINE]
_COMMIT, _RETRACT = SIMPLE[ActionType.COMMIT], SIMPLE[ActionType.RETRACT]
_ONTO = TAKE_ACTIONS[Route.ONTO_MELD]
_LAY_RED, _ASK_ACABA = SIMPLE[ActionType.LAY_RED_THREE], SIMPLE[ActionType.ASK_ACABA]
_ACABA = SIMPLE[ActionType.ACABA]
WILD = JOKER  # the rank slot of a meld of wild cards alone
SEQUENCE_MARK = 100  # in ``created``: a sequence of suit (value - 100) started this turn
SAMBA_MARK = 200  # in ``created``: a sequence started this turn became a samba


class Game:
    """A game of Canasta under one rule set, from the first deal to the final score.

    >>> game = Game("classic", seed=1)
    >>> game.current_player, len(game.legal_actions()) > 0
    (..., True)
    """

    __slots__ = (
        "_legal",
        "_views",
        "acaba_perm",
        "asked",
        "asker",
        "blocked",
        "cards",
        "created",
        "current",
        "cut_side",
        "deal_number",
        "dealer",
        "dealer_cuts",
        "drew",
        "foot",
        "footsz",
        "freezers",
        "hands",
        "history",
        "hsize",
        "initial_done",
        "known",
        "laid_before",
        "melded_turn",
        "min_canasta",
        "minimum",
        "mjok",
        "mnat",
        "mtwo",
        "ncan",
        "one_hand",
        "op_points",
        "opening",
        "over",
        "pending",
        "permission",
        "phase",
        "pile",
        "red3",
        "removed3",
        "results",
        "retracts",
        "rules",
        "sambas",
        "scores",
        "seed",
        "seqs",
        "snap",
        "stock",
        "t",
        "took",
        "turns",
        "winner",
        "yes_failures",
    )

    # Per hand: cards (counts per kind) and melds (counts per rank, per side).
    rules: RuleSet
    scores: list[int]
    deal_number: int
    dealer: int
    hands: list[list[int]]
    hsize: list[int]
    known: list[list[int]]  # per seat: cards everyone knows are in that hand (from the pile)
    cards: list[list[int]] | None  # per seat: count per card code, suits kept (sequences)
    seqs: list[list[tuple[int, int] | None]]  # per side, per suit: the open sequence (low, high)
    sambas: list[list[tuple[int, int]]]  # per side: completed sambas as (suit, low)
    foot: list[list[int]]  # per seat: the foot not yet taken up (Hand and Foot)
    footsz: list[int]
    removed3: list[int]  # per side: black 3s set aside from taken piles (Cuban)
    min_canasta: list[int]  # per side: the opening must hold a canasta: 0 no, 1 any, 2 natural
    cut_side: int  # the side a perfect cut pays this deal, or -1
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
    acaba_perm: int  # the same, for conceding the hand (British "Acaba")
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
                list[int], list[int] | None, list[tuple[int, int] | None],
                list[tuple[int, int]]] | None

    def __init__(self, rules: RuleSet | str = "classic", seed: int = 0) -> None:
        self.rules = load(rules) if isinstance(rules, str) else rules
        self.t: Tables = tables_for(self.rules)
        self.seed = seed
        sides = self.t.sides
        self.scores = [0] * sides
        self.results: list[HandResult] = []
        self.winner = -1
        self.over = False
        self.one_hand = False  # a look-ahead world: it ends with the current hand (determinize)
        self.history: list[int] = []
        self.deal_number = 1
        self.dealer, self.dealer_cuts = _cut_for_deal(self.rules, seed)
        self._legal: list[Action] | None = None
        self._views: list[ref[PlayerView]] = []  # views not yet filled in (``view_of``)
        self._start_hand()

    def __getstate__(self) -> tuple[None, dict[str, Any]]:
        """Every slot but the views waiting to be filled in (weak references, not state)."""
        return None, {name: getattr(self, name) for name in Game.__slots__
                      if name != "_views" and hasattr(self, name)}

    def __setstate__(self, state: tuple[None, dict[str, Any]]) -> None:
        for name, value in state[1].items():
            setattr(self, name, value)
        self._views = []

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
        if self._views:
            settle_views(self._views)
        self.history.append(action.code)
        _HANDLERS[action[0]](self, action)

    def clone(self) -> Game:
        """An independent copy of the whole state."""
        g = Game.__new__(Game)
        g.rules, g.t, g.seed = self.rules, self.t, self.seed
        g.scores = self.scores[:]
        g.results = self.results[:]
        g.winner, g.over, g.deal_number = self.winner, self.over, self.deal_number
        g.one_hand = self.one_hand
        g.dealer, g.dealer_cuts = self.dealer, self.dealer_cuts
        g.history = self.history[:]
        g._legal = self._legal
        g._views = []
        g.hands = [h[:] for h in self.hands]
        g.hsize = self.hsize[:]
        g.known = [k[:] for k in self.known]
        g.cards = None if self.cards is None else [c[:] for c in self.cards]
        g.seqs = [q[:] for q in self.seqs]
        g.sambas = [q[:] for q in self.sambas]
        g.foot = self.foot
        g.footsz = self.footsz[:]
        g.removed3 = self.removed3[:]
        g.min_canasta = self.min_canasta
        g.cut_side = self.cut_side
        g.acaba_perm = self.acaba_perm
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
        """A SHA-256 over the whole state and the actions that led to it: equal digests mean
        equal games, played the same way."""
        parts = (
            self.rules.to_dict(), self.seed, self.history, self.scores, self.deal_number,
            self.dealer,
            self.winner, self.over, self.hands, self.known, self.red3, self.mnat, self.mtwo,
            self.mjok,
            self.initial_done, self.laid_before, self.stock, self.pile, self.freezers,
            self.blocked, self.turns, self.current, self.phase, self.asker, self.permission,
            self.asked, self.drew, self.took, self.retracts, self.melded_turn, self.created,
            self.opening, self.op_points, self.pending, self.yes_failures, self.foot,
            self.footsz, self.removed3, self.min_canasta, self.cut_side, self.acaba_perm,
            self.cards, self.seqs, self.sambas,
            [(r.deal, r.ended_by, r.went_out, r.totals, [s.total for s in r.sides])
             for r in self.results],
        )
        return hashlib.sha256(repr(parts).encode()).hexdigest()

    def card_count(self) -> int:
        """Every card in the game, wherever it lies (the pack size, always)."""
        table = sum(sum(m) for side in (self.mnat, self.mtwo, self.mjok) for m in side)
        pending = len(self.pending) if self.pending is not None else 0
        return sum(self.hsize) + sum(self.red3) + table + len(self.stock) + len(self.pile) \
            + pending + sum(self.footsz) + sum(self.removed3) \
            + sum(high - low + 1 for side in range(self.t.sides)
                  for _, low, high in self.sequences(side))

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
        stock = [c for c in range(NUM_CODES) for _ in range(t.codes[c])]
        rng.shuffle(stock)
        hands = [[0] * NUM_KINDS for _ in range(players)]
        cards = [[0] * NUM_CODES for _ in range(players)] if t.suited else None
        rank = t.rank_of
        for _ in range(rules.deal.hand_size):
            for i in range(players):
                seat, card = (self.dealer + 1 + i) % players, stock.pop()
                hands[seat][rank[card]] += 1
                if cards is not None:
                    cards[seat][card] += 1
        self.cards = cards
        self.seqs = [[None] * 4 for _ in range(sides)]
        self.sambas = [[] for _ in range(sides)]
        feet = [[0] * NUM_KINDS for _ in range(players)]
        for _ in range(rules.deal.foot_size):
            for i in range(players):
                feet[(self.dealer + 1 + i) % players][stock.pop()] += 1
        self.hands, self.hsize = hands, [rules.deal.hand_size] * players
        self.foot, self.footsz = feet, [rules.deal.foot_size] * players
        self.known = [[0] * NUM_KINDS for _ in range(players)]
        self.red3 = [0] * players
        self.removed3 = [0] * sides
        self.mnat = [[0] * NUM_KINDS for _ in range(sides)]
        self.mtwo = [[0] * NUM_KINDS for _ in range(sides)]
        self.mjok = [[0] * NUM_KINDS for _ in range(sides)]
        self.ncan = [0] * sides
        self.initial_done = [False] * sides
        self.laid_before = [False] * players
        self.minimum = [rules.minimum_for(score, self.deal_number) for score in self.scores]
        self.min_canasta = [rules.canasta_for(score) for score in self.scores]
        self.yes_failures = [0] * sides
        self.stock = stock
        self.pile = [stock.pop()]
        self.freezers = 1 if t.freezes[self.pile[-1]] else 0
        while self.pile[-1] in t.turn_again and stock:
            card = stock.pop()
            self.pile.append(card)
            self.freezers += t.freezes[card]
        self.cut_side = self._perfect_cut() if rules.deal.perfect_cut_bonus else -1
        self.blocked = -1
        self.turns = 0
        if not rules.red_threes.hold:
            for i in range(players):
                self._lay_red_threes((self.dealer + 1 + i) % players)
        self._begin_turn((self.dealer + 1) % players)

    def _perfect_cut(self) -> int:
        """The side of a perfect cut this deal, or -1 (house sheet, "The deal").

        The player on the dealer's right cuts; the part left behind is a uniform draw. It is
        perfect when it holds exactly the cards the deal needs: the upcard is forgiven (one
        spare), two spares if the first upcard froze the pile.
        """
        t, rules = self.t, self.rules
        rng = random.Random(f"{self.seed}:{self.deal_number}:cut")
        pack = sum(t.pack)
        left = rng.randint(1, pack - 1)
        needed = t.players * (rules.deal.hand_size + rules.deal.foot_size)
        spares = 2 if t.freezes[self.pile[0]] else 1
        if needed <= left <= needed + spares:
            return (self.dealer - 1) % t.players % t.sides
        return -1

    def _lay_red_threes(self, seat: int) -> None:
        """Red 3s in hand are laid out and replaced, again if a replacement is one (000)."""
        hand, stock = self.hands[seat], self.stock
        while hand[RED_THREE] and stock:
            n = hand[RED_THREE]
            hand[RED_THREE] = 0
            if self.cards is not None:
                self.cards[seat][RED_THREE] = 0
            self.red3[seat] += n
            for _ in range(n):
                if stock:
                    self._gain(seat, stock.pop())
                else:
                    self.hsize[seat] -= 1

    def _reset_turn(self, seat: int) -> None:
        """Make ``seat`` the player to act, at the start of a turn."""
        self.current, self.phase, self.asker = seat, DRAW, -1
        self.permission, self.asked, self.drew, self.took = 0, False, False, False
        self.acaba_perm = 0
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
            if self.acaba_perm == 1:
                return [_ACABA]  # told "yes" to "may I concede?": bound to (British Acaba)
            if self.permission == 1 and acts and self._go_out_reachable():
                # RULINGS 19. If the check ever overrates the hand, play on unbound.
                acts = [a for a in acts if self._keeps_going_out(a)] or acts
            return acts
        if phase == DRAW:
            return self._draw_actions()
        if phase == ANSWER:
            return [_YES, _NO]
        return []

    def _draw_actions(self) -> list[Action]:
        seat = self.current
        if self.acaba_perm == 1:
            return [_ACABA]
        routes = self._take_routes(seat)
        acts: list[Action] = []
        go = self.rules.going_out
        if not self.asked and self.t.players > self.t.sides:
            if go.ask_partner:
                acts.append(_ASK)
            if go.acaba:
                acts.append(_ASK_ACABA)
        if self.stock:
            acts.append(_DRAW)
            acts += routes
        else:
            acts += routes
            if _ONTO not in routes:
                acts.append(_DECLINE)
        if go.acaba and self.acaba_perm == 0:
            acts.append(_ACABA)
        return acts

    def _take_routes(self, seat: int) -> list[Action]:
        """The legal ways to take the pile (seed 000, "Taking the discard pile"; RULINGS 4-5)."""
        pile = self.pile
        if not pile or self.blocked == seat:
            return []
        top_card = pile[-1]
        rules, t = self.rules, self.t
        top = t.rank_of[top_card]
        if top < 4:  # a wild card or a 3 has no rank to meld the top card with
            return []
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
        free = rules.melds.wild_limit_at_laydown_only and nat > 0
        taken = len(pile) if not rules.pile.take_top else min(len(pile), rules.pile.take_top)
        size = self.hsize[seat] + taken - 1 + self.footsz[seat]
        routes = []
        if have >= 2 and (free or wild <= cap[nat + 3]):
            routes.append((Route.PAIR, 2, 3, 0))
        if not frozen:
            if have >= 1 and rules.pile.take_with_wild and (free or wild + 1 <= cap[nat + 2]):
                if hand[TWO]:
                    routes.append((Route.WITH_TWO, 2, 2, 1))
                if hand[JOKER]:
                    routes.append((Route.WITH_JOKER, 2, 2, 1))
            if nat and rules.pile.take_by_adding and (
                rules.pile.canasta_opens_pile or nat + wild < rules.melds.canasta_size
            ):
                routes.append((Route.ONTO_MELD, 0, 1, 0))
        limit = rules.melds.max_size
        out = []
        if routes and size < taken + 3:  # red 3s laid out, black 3s set aside: not in hand
            size -= sum(1 for card in pile[len(pile) - taken:-1]
                        if (card == RED_THREE and not rules.red_threes.hold)
                        or (card == BLACK_THREE and rules.pile.black_threes_removed))
        for route, used, dn, dw in routes:
            if limit and nat + wild + dn + dw > limit:
                continue
            for action in self._suited_takes(seat, route, top) if t.suited else \
                    (TAKE_ACTIONS[route],):
                if unmelded or self._lay_ok(side, size - used, (top, dn, dw), 0, action):
                    out.append(action)
        if t.suited and not frozen and rules.pile.take_onto_sequence and \
                self._extends(side, top_card):
            action = TAKE_ACTIONS[Route.ONTO_SEQUENCE]
            if unmelded or self._lay_ok(side, size, None, 0, action):
                out.append(action)
        return out

    def _suited_takes(self, seat: int, route: int, top: int) -> list[Action]:
        """The pile routes naming which of the hand's cards of the top card's rank are used."""
        assert self.cards is not None
        cards = self.cards[seat]
        out = []
        for action in SUITED_TAKES:
            r, suits = route_of(action)
            if r != route:
                continue
            need = [suited(top, s) for s in suits]
            if all(cards[c] >= need.count(c) for c in need):
                out.append(action)
        return out

    def _extends(self, side: int, card: int) -> bool:
        """Whether a suited card fits an end of the side's open sequence of its suit."""
        seq = self.seqs[side][suit_of(card)]
        if seq is None:
            return False
        rank = self.t.rank_of[card]
        return rank == seq[0] - 1 >= 4 or rank == seq[1] + 1 <= 14

    def _canasta_counts(self, side: int, delta: tuple[int, int, int] | None) -> tuple[int, int,
                                                                                      int]:
        """The side's canastas (all, natural, mixed) if ``delta`` = (rank, naturals, wilds)
        were added to its meld of that rank."""
        cs = self.rules.melds.canasta_size
        nat, two, jok = self.mnat[side], self.mtwo[side], self.mjok[side]
        total, natural, mixed = len(self.sambas[side]), 0, 0
        for r in range(NUM_KINDS):
            n, w = nat[r], two[r] + jok[r]
            if delta is not None and delta[0] == r:
                n, w = n + delta[1], w + delta[2]
            if n + w >= cs:
                total += 1
                if r != WILD:
                    if w:
                        mixed += 1
                    else:
                        natural += 1
        return total, natural, mixed

    def _opening_complete(self, side: int, points: int,
                          delta: tuple[int, int, int] | None = None) -> bool:
        """Whether the tentative opening (plus ``delta``) meets the side's requirement:
        the minimum (seed 000), a canasta where the score asks for one (Brazilian), no wild
        card where the opening must be natural (Italian)."""
        if points < self.minimum[side]:
            return False
        rules = self.rules
        need = self.min_canasta[side]
        if need:
            _, natural, mixed = self._canasta_counts(side, delta)
            if natural + (mixed if need == 1 else 0) == 0:
                return False
        if rules.initial_meld.natural_only:
            wilds = sum(self.mtwo[side]) + sum(self.mjok[side]) + (delta[2] if delta else 0)
            if wilds:
                return False
        return True

    def _may_go_out(self, side: int, delta: tuple[int, int, int] | None,
                    opening_points: int) -> bool:
        """Whether the side may go out now, after ``delta`` (seed 000, RULINGS 8, 11, 12)."""
        if self.permission == -1 or self.pending is not None or self.footsz[self.current]:
            return False
        go = self.rules.going_out
        if go.must_ask and self.permission != 1:
            return False
        if go.natural_canastas or go.mixed_canastas:
            total, natural, mixed = self._canasta_counts(side, delta)
            if natural < go.natural_canastas or mixed < go.mixed_canastas:
                return False
        else:
            total = self.ncan[side]
            if delta is not None:
                r, dn, dw = delta
                before = self.mnat[side][r] + self.mtwo[side][r] + self.mjok[side][r]
                total += before < self.rules.melds.canasta_size <= before + dn + dw
        if total < go.canastas or len(self.sambas[side]) < go.sambas:
            return False
        if self.initial_done[side] or self._opening_complete(side, opening_points, delta):
            return True
        return go.concealed_exemption and self.drew and not self.took

    def _lay_ok(self, side: int, left: int, delta: tuple[int, int, int] | None,
                opening_points: int, action: Action) -> bool:
        """Whether ``action``, leaving ``left`` cards (a waiting foot included), keeps the turn
        finishable.

        Two cards or more: discard one, keep one. A tentative opening can always be taken back
        (or, with one card left, finished by going out). Otherwise the action must go out, or
        leave one card to go out with — by discarding it, which needs the side to be allowed
        out already, or by laying it (RULINGS 20: no melding down to no cards otherwise).
        """
        if left >= 2:
            return True
        if not self.initial_done[side] and (self.pending is not None or left == 1):
            return True
        if self._may_go_out(side, delta, opening_points):
            return True
        return left == 1 and self._keeps_going_out(action)

    def _meld_actions(self) -> list[Action]:
        seat = self.current
        t, rules = self.t, self.rules
        side = seat % t.sides
        hand = self.hands[seat]
        size = self.hsize[seat] + self.footsz[seat]
        nat, two, jok = self.mnat[side], self.mtwo[side], self.mjok[side]
        cap = t.cap
        cs = rules.melds.canasta_size
        melds = rules.melds
        limit = melds.max_size or 10**6
        tentative = not self.initial_done[side]
        may_meld = not tentative or self.opening or self.retracts < rules.limits.retracts_per_turn
        pending = len(self.pending) if self.pending is not None else 0
        acts: list[Action] = []
        wild_two, wild_jok = hand[TWO], hand[JOKER]
        points = t.points
        ops = self.op_points
        cards = None if self.cards is None else self.cards[seat]
        if may_meld:
            for r in NATURAL_RANKS:
                c = hand[r]
                n = nat[r]
                if n:
                    if not c and not (wild_two or wild_jok):
                        continue
                    w = two[r] + jok[r]
                    if n + w >= limit:
                        continue
                    kinds = ([r] if c else []) if cards is None else \
                        [k for k in range(suited(r, 0), suited(r, 4)) if cards[k]]
                    if (w < cap[n] or melds.wild_limit_at_laydown_only) and not (
                            melds.no_wild_on_canasta and n + w >= cs):
                        if wild_two:
                            kinds.append(TWO)
                        if wild_jok:
                            kinds.append(JOKER)
                    adds = ADD_ACTIONS[r]
                    if size >= 3:
                        acts += [adds[k] for k in kinds]
                        continue
                    acts += [adds[k] for k in kinds
                             if self._lay_ok(side, size - 1, (r, int(k > TWO), int(k <= TWO)),
                                             ops + points[t.rank_of[k]], adds[k])]
                elif c >= 2 and cards is not None:
                    acts += self._suited_melds(side, r, size, cards, hand)
                elif c >= 2:
                    bases = MELD_ACTIONS[r]
                    assert bases is not None
                    cand = []
                    if c >= 3 and melds.min_naturals <= 3:
                        cand.append((Base.NATURAL, 3 * points[r], 3))
                    if cap[2] >= 1:
                        if wild_two:
                            cand.append((Base.WITH_TWO, 2 * points[r] + points[TWO], 2))
                        if wild_jok:
                            cand.append((Base.WITH_JOKER, 2 * points[r] + points[JOKER], 2))
                    acts += [bases[b] for b, p, dn in cand
                             if size >= 5 or self._lay_ok(side, size - 3, (r, dn, 3 - dn),
                                                          ops + p, bases[b])]
            if melds.wild_melds and (wild_two or wild_jok):
                acts += self._wild_meld_actions(side, size, wild_two, wild_jok)
            if cards is not None and melds.sequences:
                acts += self._sequence_actions(side, size, cards)
            b3 = hand[BLACK_THREE]
            if b3 and pending == 0:
                acts += self._black_three_actions(side, b3, size)
            if tentative and self.footsz[seat]:
                acts = [a for a in acts if self._foot_opening_ok(side, a)]
        if hand[RED_THREE] and not self.opening and self._lay_ok(
                side, size - (0 if self.stock else 1), None, ops, _LAY_RED):
            acts.append(_LAY_RED)
        if self.opening:
            if size == 1 and self._may_go_out(side, None, self.op_points):
                acts += self._discards(hand, size)
            left = size + pending
            if self._opening_complete(side, self.op_points) and (
                    left >= 2 or self._may_go_out_after_commit(side)):
                acts.append(_COMMIT)
            acts.append(_RETRACT)
        elif size >= 2 or self._may_go_out(side, None, self.op_points):
            acts += self._discards(hand, size)
        if rules.going_out.acaba and self.acaba_perm == 0:
            acts.append(_ACABA)
        return acts

    def _foot_opening_ok(self, side: int, action: Action) -> bool:
        """A tentative lay that empties the hand onto a waiting foot must complete the opening
        (it is committed as the foot is taken up: Hand and Foot)."""
        after = self.clone()
        after._legal = None
        _HANDLERS[action[0]](after, action)
        took_up_foot = not after.footsz[self.current]
        return not took_up_foot or after._opening_complete(side, after.op_points)

    def _may_go_out_after_commit(self, side: int) -> bool:
        """A commit that leaves one card (or none) must let the side go out."""
        go = self.rules.going_out
        return self.permission != -1 and not (go.must_ask and self.permission != 1) and \
            self.ncan[side] >= go.canastas and not self.footsz[self.current]

    def _suited_melds(self, side: int, r: int, size: int, cards: list[int],
                      hand: list[int]) -> list[Action]:
        """New melds of rank ``r`` naming the suits of their naturals."""
        cap, points = self.t.cap, self.t.points
        ops = self.op_points
        acts = []
        three_ok = self.rules.melds.min_naturals <= 3
        for action, naturals, wild, need in SUITED_MELDS[r]:
            if wild < 0:
                if not three_ok:
                    continue
            elif cap[2] < 1 or not hand[wild]:
                continue
            if any(cards[c] < n for c, n in need):
                continue
            laid = len(naturals) * points[r] + (points[wild] if wild >= 0 else 0)
            if size >= 5 or self._lay_ok(side, size - 3, (r, len(naturals), wild >= 0),
                                         ops + laid, action):
                acts.append(action)
        return acts

    def _sequence_actions(self, side: int, size: int, cards: list[int]) -> list[Action]:
        """New sequences of three, and cards at either end of an open one (Samba)."""
        points, rank_of = self.t.points, self.t.rank_of
        ops = self.op_points
        acts = []
        for suit in range(4):
            seq = self.seqs[side][suit]
            if seq is None:
                for low in NATURAL_RANKS[:-2]:
                    a, b, c = suited(low, suit), suited(low + 1, suit), suited(low + 2, suit)
                    if cards[a] and cards[b] and cards[c]:
                        action = SEQUENCE_ACTIONS[(low, suit)]
                        laid = points[low] + points[low + 1] + points[low + 2]
                        if size >= 5 or self._lay_ok(side, size - 3, None, ops + laid, action):
                            acts.append(action)
                continue
            for rank in (seq[0] - 1, seq[1] + 1):
                if 4 <= rank <= 14 and cards[suited(rank, suit)]:
                    action = EXTEND_ACTIONS[suited(rank, suit)]
                    if size >= 3 or self._lay_ok(side, size - 1, None,
                                                 ops + points[rank_of[suited(rank, suit)]],
                                                 action):
                        acts.append(action)
        return acts

    def _discards(self, hand: list[int], size: int) -> list[Action]:
        """Any card may be discarded; jokers not, where the rules say so, unless nothing else
        is left (001 variation)."""
        if self.cards is not None:
            cards = self.cards[self.current]
            acts = [DISCARD_ACTIONS[k] for k in range(FOUR) if hand[k]]
            acts += [DISCARD_ACTIONS[c] for c in range(NUM_KINDS, NUM_CODES) if cards[c]]
        else:
            acts = [DISCARD_ACTIONS[k] for k in range(NUM_KINDS) if hand[k]]
        if not self.rules.pile.jokers_discardable and hand[JOKER] and hand[JOKER] < size:
            acts.remove(DISCARD_ACTIONS[JOKER])
        return acts

    def _wild_meld_actions(self, side: int, size: int, twos: int, jokers: int) -> list[Action]:
        """A meld of wild cards alone: three to start, one at a time up to a canasta."""
        ops = self.op_points
        points = self.t.points
        on_table = self.mtwo[side][WILD] + self.mjok[side][WILD]
        acts = []
        if on_table:
            if on_table < self.rules.melds.canasta_size:
                adds = ADD_ACTIONS[WILD]
                for kind, have in ((TWO, twos), (JOKER, jokers)):
                    if have and self._lay_ok(side, size - 1, (WILD, 0, 1), ops + points[kind],
                                             adds[kind]):
                        acts.append(adds[kind])
        elif twos + jokers >= 3:
            for j in range(4):
                if jokers >= j and twos >= 3 - j:
                    laid = j * points[JOKER] + (3 - j) * points[TWO]
                    if self._lay_ok(side, size - 3, (WILD, 0, 3), ops + laid, WILD_MELDS[j]):
                        acts.append(WILD_MELDS[j])
        return acts

    def _black_three_actions(self, side: int, b3: int, size: int) -> list[Action]:
        """Black 3s are melded only when going out, as a natural set (seed 000, "Threes")."""
        on_table = self.mnat[side][BLACK_THREE]
        sets = self.rules.melds.black_three_sets
        ops = self.op_points
        last = 0 if self.rules.melds.black_three_set_last else 1
        acts = []
        if on_table:
            if on_table + 1 in sets and size - 1 <= last and self._may_go_out(
                    side, None, ops + self.t.points[BLACK_THREE]):
                acts.append(ADD_ACTIONS[BLACK_THREE][BLACK_THREE])
        else:
            for n in sets:
                if n <= b3 and size - n <= last and self._may_go_out(
                        side, None, ops + n * self.t.points[BLACK_THREE]):
                    acts.append(BLACK_THREE_MELDS[n])
        return acts

    def _go_out_reachable(self) -> bool:
        """Is there still a line of play that goes out this turn? (RULINGS 19 and 20)"""
        if self.pending is not None or self.permission == -1 or self.footsz[self.current]:
            return False
        go = self.rules.going_out
        if go.must_ask and self.permission != 1:
            return False
        seat = self.current
        side = seat % self.t.sides
        if go.natural_canastas or go.mixed_canastas:
            # The packing check counts canastas, not their kinds: only trust it once the
            # side's natural and mixed quotas are met already (a safe under-estimate).
            _, natural, mixed = self._canasta_counts(side, None)
            if natural < go.natural_canastas or mixed < go.mixed_canastas:
                return False
        if not self.initial_done[side] and not self.opening and \
                self.retracts >= self.rules.limits.retracts_per_turn:
            return False  # no opening may be laid any more this turn
        wilds = [a + b for a, b in zip(self.mtwo[side], self.mjok[side], strict=True)]
        need = 0
        if not self.initial_done[side] and not (
            self.rules.going_out.concealed_exemption and self.drew and not self.took
        ):
            need = self.minimum[side] - self.op_points
        if len(self.sambas[side]) < go.sambas:
            return False  # the check knows no sequences: trust it only with the sambas down
        return can_go_out(self.t, self.hands[seat], self.mnat[side], wilds,
                          go.canastas - len(self.sambas[side]), need)

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
        """Ask the next partner: "may I go out?" or, in British Canasta, "may I say acaba?"."""
        seat = self.current
        self.asked = True
        self.asker = seat
        if action[0] == ActionType.ASK_ACABA:
            self.acaba_perm = 2  # asked; the answer binds like going out's (British, 001)
        self.current = (seat + self.t.sides) % self.t.players
        self.phase = ANSWER

    def _answer(self, action: Action) -> None:
        answer = 1 if action[0] == ActionType.YES else -1
        if self.acaba_perm == 2:
            self.acaba_perm = answer
        else:
            self.permission = answer
        self.current = self.asker
        self.phase = DRAW

    def _draw(self, action: Action) -> None:
        seat = self.current
        stock = self.stock
        self.drew = True
        self.phase = MELD
        hold = self.rules.red_threes.hold
        for _ in range(self.rules.draw.stock_cards):
            if not stock:
                return
            card = stock.pop()
            while card == RED_THREE and not hold:
                # Red 3s drawn are laid out and replaced; the last stock card a red 3 ends the
                # hand at once (seed 000, "When the stock runs out"; RULINGS 9 and 13).
                self.red3[seat] += 1
                if not stock:
                    self._end_hand(-1, "red 3 was the last stock card")
                    return
                card = stock.pop()
            self._gain(seat, card)
            self.hsize[seat] += 1

    def _decline(self, action: Action) -> None:
        self._end_hand(-1, "stock exhausted")

    def _take(self, action: Action) -> None:
        seat = self.current
        side = seat % self.t.sides
        rules, t = self.rules, self.t
        route, suits = route_of(action)
        pile = self.pile
        unmelded = not self.initial_done[side]
        if unmelded:
            self._open_tentatively(seat, side)
        count = len(pile) if not rules.pile.take_top else min(len(pile), rules.pile.take_top)
        taken = pile[-count:]
        del pile[-count:]
        top_card = taken.pop()
        top = t.rank_of[top_card]
        laid = t.points[top] if rules.initial_meld.top_card_counts else 0
        used = 0
        if route == Route.ONTO_SEQUENCE:
            self._grow_sequence(side, top_card)
        else:
            nat, two, jok = self.mnat[side], self.mtwo[side], self.mjok[side]
            before = nat[top] + two[top] + jok[top]
            if not before:
                self.created.append(top)
            nat[top] += 1
            naturals = [suited(top, s) for s in suits] if suits else \
                [top] * (2 if route == Route.PAIR else 1 if route != Route.ONTO_MELD else 0)
            for card in naturals:
                self._spend(seat, card, 1)
                nat[top] += 1
                laid += t.points[top]
            if route in (Route.WITH_TWO, Route.WITH_JOKER):
                wild = TWO if route == Route.WITH_TWO else JOKER
                self._spend(seat, wild, 1)
                (two if wild == TWO else jok)[top] += 1
                laid += t.points[wild]
            used = len(naturals) + (route in (Route.WITH_TWO, Route.WITH_JOKER))
            self._count_canasta(side, before, nat[top] + two[top] + jok[top])
        self.hsize[seat] -= used
        self.freezers = sum(t.freezes[k] for k in pile) if pile else 0
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
                self._hand_emptied(seat)

    def _receive(self, seat: int, cards: Iterable[int]) -> None:
        """Cards from the pile come into the hand, seen by all. Red 3s among them are laid out
        at once (unless red 3s are held); black 3s are set aside where the rules say so."""
        known = self.known[seat]
        lay_red = not self.rules.red_threes.hold
        remove_black = self.rules.pile.black_threes_removed
        for card in cards:
            if card == RED_THREE and lay_red:
                self.red3[seat] += 1
            elif card == BLACK_THREE and remove_black:
                self.removed3[seat % self.t.sides] += 1
            else:
                self._gain(seat, card)
                known[self.t.rank_of[card]] += 1
                self.hsize[seat] += 1

    def _gain(self, seat: int, card: int) -> None:
        """A card (a kind, or a suited code) comes into the hand."""
        self.hands[seat][self.t.rank_of[card]] += 1
        if self.cards is not None:
            self.cards[seat][card] += 1

    def _spend(self, seat: int, card: int, n: int) -> None:
        """``n`` cards of ``card`` (a kind or a suited code) leave the hand; what others knew
        of it shrinks with them."""
        kind = self.t.rank_of[card]
        self.hands[seat][kind] -= n
        if self.cards is not None:
            self.cards[seat][card] -= n
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
            self.known[seat][:], None if self.cards is None else self.cards[seat][:],
            self.seqs[side][:], self.sambas[side][:],
        )

    def _meld(self, action: Action) -> None:
        seat = self.current
        side = seat % self.t.sides
        if not self.initial_done[side]:
            self._open_tentatively(seat, side)
        r = action[1]
        naturals, wild = meld_cards(action)
        points = self.t.points
        for card in naturals:
            self._spend(seat, card, 1)
        self.mnat[side][r] += len(naturals)
        laid = len(naturals) * points[r]
        if wild >= 0:
            self._spend(seat, wild, 1)
            (self.mtwo if wild == TWO else self.mjok)[side][r] += 1
            laid += points[wild]
        self.created.append(r)
        self._after_laying(seat, side, 3, laid, 0, 3)

    def _sequence(self, action: Action) -> None:
        """Three natural cards of one suit in a row start a sequence (seed 000, Samba)."""
        seat = self.current
        side = seat % self.t.sides
        if not self.initial_done[side]:
            self._open_tentatively(seat, side)
        low, suit = action[1], action[2]
        for card in sequence_cards(action):
            self._spend(seat, card, 1)
        self.seqs[side][suit] = (low, low + 2)
        self.created.append(SEQUENCE_MARK + suit)
        points = self.t.points
        self._after_laying(seat, side, 3, points[low] + points[low + 1] + points[low + 2], 0, 0)

    def _extend(self, action: Action) -> None:
        seat = self.current
        side = seat % self.t.sides
        card = action[1]
        self._spend(seat, card, 1)
        self._grow_sequence(side, card)
        self._after_laying(seat, side, 1, self.t.points[self.t.rank_of[card]], 0, 0)

    def _grow_sequence(self, side: int, card: int) -> None:
        """A card joins the open sequence of its suit; seven make a samba, a canasta, closed."""
        suit, rank = suit_of(card), self.t.rank_of[card]
        seq = self.seqs[side][suit]
        assert seq is not None
        low, high = min(seq[0], rank), max(seq[1], rank)
        if high - low + 1 >= self.rules.melds.canasta_size:
            self.seqs[side][suit] = None
            self.sambas[side].append((suit, low))
            self.ncan[side] += 1
            if SEQUENCE_MARK + suit in self.created:
                self.created.append(SAMBA_MARK)
        else:
            self.seqs[side][suit] = (low, high)

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

    def _meld_wild(self, action: Action) -> None:
        seat = self.current
        side = seat % self.t.sides
        if not self.initial_done[side]:
            self._open_tentatively(seat, side)
        jokers = action[2]
        self._spend(seat, JOKER, jokers)
        self._spend(seat, TWO, 3 - jokers)
        self.mjok[side][WILD] += jokers
        self.mtwo[side][WILD] += 3 - jokers
        self.created.append(WILD)
        points = self.t.points
        self._after_laying(seat, side, 3, jokers * points[JOKER] + (3 - jokers) * points[TWO],
                           0, 3)

    def _add(self, action: Action) -> None:
        seat = self.current
        side = seat % self.t.sides
        r, card = action[1], action[2]
        nat, two, jok = self.mnat[side], self.mtwo[side], self.mjok[side]
        before = nat[r] + two[r] + jok[r]
        self._spend(seat, card, 1)
        if card == TWO:
            two[r] += 1
        elif card == JOKER:
            jok[r] += 1
        else:
            nat[r] += 1
        self._after_laying(seat, side, 1, self.t.points[self.t.rank_of[card]], before,
                           before + 1)

    def _after_laying(self, seat: int, side: int, n: int, laid: int, before: int,
                      after: int) -> None:
        self.hsize[seat] -= n
        self.melded_turn = True
        if self.opening:
            self.op_points += laid
        if after:
            self._count_canasta(side, before, after)
        if self.hsize[seat] == 0 and self.pending is None:
            if self.opening and self.footsz[seat]:
                self._close_opening(seat)
            self._hand_emptied(seat)

    def _hand_emptied(self, seat: int) -> None:
        """An empty hand takes up the foot and plays on, or has gone out."""
        if self.footsz[seat]:
            self._take_up_foot(seat)
        else:
            self._end_hand(seat, "going out")

    def _take_up_foot(self, seat: int) -> None:
        """The foot becomes the hand (Hand and Foot; seed 001): red 3s in it are laid out."""
        foot = self.foot[seat]
        self.hands[seat] = foot[:]
        self.hsize[seat] = self.footsz[seat]
        self.foot = [f if s != seat else [0] * NUM_KINDS for s, f in enumerate(self.foot)]
        self.footsz[seat] = 0
        if not self.rules.red_threes.hold:
            self._lay_red_threes(seat)

    def _lay_red(self, action: Action) -> None:
        """Lay down a held red 3 and draw its replacement (house sheet, "Red 3s")."""
        seat = self.current
        self._spend(seat, RED_THREE, 1)
        self.red3[seat] += 1
        if self.stock:
            self._gain(seat, self.stock.pop())
        else:
            self.hsize[seat] -= 1
            if self.hsize[seat] == 0:
                self._hand_emptied(seat)

    def _acaba(self, action: Action) -> None:
        """Concede the hand (British "Acaba", seed 001)."""
        self._end_hand(-1, "conceded (acaba)", conceded=self.current % self.t.sides)

    def _count_canasta(self, side: int, before: int, after: int) -> None:
        cs = self.rules.melds.canasta_size
        if before < cs <= after:
            self.ncan[side] += 1

    def _commit(self, action: Action) -> None:
        seat = self.current
        self._close_opening(seat)
        if self.hsize[seat] == 0:  # everything was laid from a one-card pile
            self._hand_emptied(seat)

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
        hand, hsize, nat, two, jok, ncan, pile, freezers, blocked, known, cards, seqs, sambas \
            = self.snap
        self.hands[seat], self.hsize[seat], self.known[seat] = hand[:], hsize, known[:]
        if self.cards is not None and cards is not None:
            self.cards[seat] = cards[:]
        self.seqs[side], self.sambas[side] = seqs[:], sambas[:]
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
            if not self.footsz[seat]:
                self._end_hand(seat, "going out")
                return
            self._take_up_foot(seat)  # played from next turn on (seed 001, Hand and Foot)
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

    def _end_hand(self, went_out: int, ended_by: str, conceded: int = -1) -> None:
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
                and (SAMBA_MARK in self.created or any(
                    self.mnat[side][r] + self.mtwo[side][r] + self.mjok[side][r] >= cs
                    for r in self.created if r < NUM_KINDS))
            )
            if concealed and go.concealed_side_off_table:
                concealed = not any(self.laid_before[s] for s in range(t.players)
                                    if s % t.sides == side)
        sides = [self._score(side, went_out, concealed, conceded) for side in range(t.sides)]
        for side, score in enumerate(sides):
            self.scores[side] += score.total
        self.results.append(HandResult(self.deal_number, ended_by, went_out, tuple(sides),
                                       tuple(self.scores)))
        if self._game_over():
            return
        if self.one_hand:  # a world for looking ahead: nobody plays the next hand, so no deal
            self.over = True
            self.phase = OVER
            return
        self.deal_number += 1
        self.dealer = (self.dealer + 1) % t.players
        self._start_hand()

    def _score(self, side: int, went_out: int, concealed: bool, conceded: int) -> SideScore:
        rules, t = self.rules, self.t
        seats = [s for s in range(t.players) if s % t.sides == side]
        if conceded >= 0:
            points = 0 if side == conceded else rules.going_out.acaba_points
            return SideScore(side, 0, 0, 0, 0, 0, 0, 0, 0, False, 0, points, extra=points,
                             extra_label="the other side conceded (acaba)" if points else "")
        extra, label = 0, ""
        if self.cut_side == side:
            extra, label = rules.deal.perfect_cut_bonus, "perfect cut"
        if rules.canastas.seven_canastas_bonus and self.ncan[side] >= 7:
            extra, label = extra + rules.canastas.seven_canastas_bonus, "seven canastas"
        return score_side(
            rules, side, self.melds(side),
            [self.hands[s] for s in seats] + [self.foot[s] for s in seats],
            sum(self.red3[s] for s in seats), self.initial_done[side],
            went_out >= 0 and went_out % t.sides == side, concealed,
            self.yes_failures[side], self.removed3[side], extra, label,
            self.sequences(side),
        )

    def sequences(self, side: int) -> list[tuple[int, int, int]]:
        """The side's sequences as (suit, low, high): the open ones and the sambas."""
        cs = self.rules.melds.canasta_size
        out = [(suit, seq[0], seq[1]) for suit, seq in enumerate(self.seqs[side]) if seq]
        return out + [(suit, low, low + cs - 1) for suit, low in self.sambas[side]]

    def _game_over(self) -> bool:
        """RULINGS 15: at or over the target after a deal (or after the set number of deals,
        or with seven canastas where that wins outright); the higher total wins; level totals
        play one more deal."""
        rules = self.rules
        best = max(self.scores)
        done = bool(rules.game.target) and best >= rules.game.target
        if rules.game.deals and self.deal_number >= rules.game.deals:
            done = True
        if rules.canastas.seven_canastas_bonus and max(self.ncan) >= 7:
            done = True
        if not done or self.scores.count(best) > 1:
            return False
        self.over = True
        self.winner = self.scores.index(best)
        self.phase = OVER
        return True


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
    Game._meld_wild,
    Game._lay_red,
    Game._ask,
    Game._acaba,
    Game._sequence,
    Game._extend,
)

__all__ = ["ALL_ACTIONS", "Game"]
