"""The greedy bot: the published strategy, one explainable decision at a time.

- **Draw or take**: take the pile when it is worth more than a card from the stock (its cards,
  the meld its top card makes, less any wild spent on it), and, before the side has melded,
  only when the opening minimum can be reached with it. Where the first to take the pile plays
  the hand alone against the other two (cutthroat, ``players.partners_at_pile``), only a pile
  worth that (``alone_cost`` more).
- **Opening**: reach the minimum as cheaply as possible (fewest cards, no wild when it can be
  helped), found by trying the melds on a sampled copy of the turn (``planning``).
- **Melding**: lay natural sets and add naturals; keep wild cards for completing canastas; keep
  a few cards in hand unless going out or taking up a foot (Hand and Foot). Where wild cards
  are better spent building canastas (many canastas to go out, or cutthroat before anyone has
  taken the pile), add them to melds short of a canasta (``build_wild``). A rank whose meld
  costs a penalty short of a canasta (Modern American's sevens and aces,
  ``melds.special_ranks``) is not started, taken up from the pile or opened with unless
  nothing else does (``special_cost``), and not kept in hand beyond one card, where three
  would cost the hand's penalty; but a whole canasta of it in hand (a pile full of them taken)
  is laid at once (``special_whole``). While going out takes more clean canastas than the side
  has (Hand and Foot's clean books), no wild card goes onto a natural meld (``keep_clean``).
  Where the side still needs a samba to go out (Bolivia's escalera), a sequence laid or grown
  comes before other lays (``samba_need``), and a card near its ends is not laid in a rank's
  meld (``samba_keep``); where a sequence left short costs a penalty and no samba is needed
  (Brazilian), a sequence is started only where nothing else opens (``short_sequence``), and
  where an unfinished wild meld costs one (Modern American), a wild meld only as a whole
  canasta (``short_wild``).
- **Going out**: when a line goes out, take it when it wins the game, when ahead, or when the
  table is no better than the opponents'; hold when behind with a clearly better table. Where
  no one goes out without the partner's yes (``going_out.must_ask``), ask for it when the hand
  could go out.
- **Discard**: the card that is least use to us and least likely to give the next player the
  pile (black 3s block, dead ranks and cards nobody can pair are safe), counted from the view;
  a wild freezes a big pile when every other discard risks it.
- **"May I go out?"**: yes unless the hand should go on, or my own hand is still worth melding.

Every decision comes with its reason (``explain``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from canasta.bots import kinds, planning, situations
from canasta.bots.base import BotBase, BotError, Decision, forced
from canasta.bots.estimate import going_out_verdict, hand_value
from canasta.bots.knowledge import Knowledge
from canasta.cards import kind_word
from canasta.engine.actions import Action, ActionType
from canasta.engine.view import PlayerView

# Enum members read once: a member looked up on its enum class costs five times a global.
(
    _ASK, _ADD, _DECLINE, _DISCARD, _DRAW, _EXTEND, _LAY_RED_THREE, _MELD, _MELD_BLACK_THREES,
    _MELD_WILD, _NO, _RETRACT, _SEQUENCE, _TAKE, _YES,
) = (
    ActionType.ASK, ActionType.ADD, ActionType.DECLINE, ActionType.DISCARD, ActionType.DRAW,
    ActionType.EXTEND,
    ActionType.LAY_RED_THREE, ActionType.MELD, ActionType.MELD_BLACK_THREES,
    ActionType.MELD_WILD, ActionType.NO, ActionType.RETRACT, ActionType.SEQUENCE,
    ActionType.TAKE, ActionType.YES,
)


@dataclass(frozen=True, slots=True)
class GreedyParams:
    """The numbers behind the greedy bot's judgement."""

    take_threshold: float = 0.5  # pile value needed to take it rather than draw
    keep_cards: int = 3  # cards to keep in hand when not going out
    yes_hand_cost: int = 100  # answer "yes" while my hand costs no more than this
    hold_margin: int = 800  # hold when behind in the game and this far ahead on the hand
    low_stock: int = 8  # a stock this small means the hand is near its end
    danger_weight: float = 2.0  # cost of a discard per pile card it may give away
    slip: float = 0.0  # chance of another action of the same kind instead (weaker levels)
    out_limit: int = 300  # positions the going-out turn search looks at (``going_out_plan``)
    alone_cost: float = 25.0  # pile value a take that makes this seat play alone must exceed
    build_wild: float = 1.0  # a wild added short of a canasta, where wilds build (``wilds_build``)
    special_cost: float = 8.0  # starting a meld that costs a penalty short of a canasta
    special_whole: float = 10.0  # such a meld the hand's own cards complete this turn (0: off)
    keep_clean: float = 10.0  # a wild onto a natural meld while clean canastas are short (0: off)
    samba_need: float = 6.0  # a sequence laid or grown while the side needs a samba to go out
    samba_keep: float = 10.0  # a card near that sequence's ends laid in a rank's meld instead
    short_sequence: float = 8.0  # a new sequence, where one left short costs a penalty
    short_wild: float = 8.0  # a new wild meld, where one left unfinished costs a penalty


class GreedyBot(BotBase):
    """Heuristic play after the published strategy; see the module's docstring."""

    name = "greedy"

    def __init__(self, seed: int = 0, **params: float) -> None:
        try:
            self.params = GreedyParams(**params)  # type: ignore[arg-type]
        except TypeError as exc:
            raise BotError(f"greedy: {exc}") from None
        if not 0 <= self.params.slip <= 1:
            raise BotError(f"greedy: slip={self.params.slip}: expected a chance from 0 to 1")
        if self.params.out_limit < 1:
            raise BotError(f"greedy: out_limit={self.params.out_limit}: expected at least 1")
        self._ahead: dict[Hashable, planning.Plan] = {}  # the going-out line being played
        self.rng = random.Random(seed)  # drawn from only when slip > 0

    def decide(self, view: PlayerView) -> Decision:
        """Choose one of ``view.legal_actions``, with the reason; with ``slip``, sometimes
        another action of the same kind (docs/bots.md, "Levels")."""
        only = forced(view)
        if only is not None:
            return only
        decision = self._judge(view)
        if self.params.slip and self.rng.random() < self.params.slip:
            return _slipped(view, decision, self.rng)
        return decision

    def discard(self, view: PlayerView) -> Decision:
        """The discard greedy would make from ``view`` once it has laid what it lays (the
        search bot asks it of other seats: ``ismcts``, ``discards``)."""
        return self._discard(Knowledge(view))

    def _judge(self, view: PlayerView) -> Decision:
        know = Knowledge(view)
        if view.phase == "answer":
            return self._answer(know)
        if view.phase == "draw":
            return self._draw(know)
        return self._meld(know)

    # ------------------------------------------------------------------ "may I go out?"

    def _answer(self, know: Knowledge) -> Decision:
        p, view = self.params, know.view
        yes, no = (next(a for a in view.legal_actions if a.type == t)
                   for t in (_YES, _NO))
        if view.acaba == "asked":
            return Decision(no, "never concede the hand")
        go, why = going_out_verdict(know, p.hold_margin, p.low_stock)
        if not go:
            return Decision(no, why)
        cost = hand_value(know, view.seat)
        if cost > p.yes_hand_cost and view.stock_size > p.low_stock:
            return Decision(no, f"my hand still holds {cost:.0f} points to meld")
        return Decision(yes, f"{why}; my hand holds only {cost:.0f} points")

    # ------------------------------------------------------------------ draw or take

    def _draw(self, know: Knowledge) -> Decision:
        view = know.view
        legal = view.legal_actions
        ask = _ask(view)
        if ask is not None:
            return ask
        best: tuple[float, Action, str] | None = None
        for action in legal:
            if action.type == _TAKE:
                value = self._take_value(know, action)
                if value is not None and (best is None or value[0] > best[0]):
                    best = (value[0], action, value[1])
        draw = next((a for a in legal if a.type == _DRAW), None)
        if best is not None and (draw is None or best[0] >= self.params.take_threshold):
            return Decision(best[1], best[2])
        if draw is not None:
            why = "is not worth taking" if best else "cannot be taken"
            return Decision(draw, f"the pile ({_cards(len(view.pile))}) {why}")
        decline = next((a for a in legal if a.type == _DECLINE), None)
        if decline is not None:
            return Decision(decline, "leave the pile: taking it cannot open our melds")
        return _anything_but_conceding(legal)

    def _take_value(self, know: Knowledge, action: Action) -> tuple[float, str] | None:
        """The pile's worth with this route, and why; None when the side cannot open with it."""
        view = know.view
        top = view.pile_top
        hand = view.hand
        value = 1.5  # the top card grows a meld
        for card in view.pile[:-1]:
            kind = kinds.kind_of(card)
            if kinds.is_wild(kind):
                value += 3
            elif kind == kinds.STOPPER:
                value -= 0.5
            elif kinds.is_natural(kind):
                value += 2 if hand[kind] or kind in know.table_ranks else 1
            else:
                value += 1
        spent = kinds.wilds_used(action, top)
        value -= 3 * spent
        if kinds.kind_of(top) not in know.table_ranks and kinds.costs_short(view, top, spent):
            value -= self.params.special_cost  # the pile's top card starts such a meld
        if situations.before_partners(view):
            value -= self.params.alone_cost  # the first to take it plays alone against two
        note = f"the pile ({_cards(len(view.pile))}) is worth taking"
        if not view.initial_done[view.side]:
            game = planning.sample(view)
            game.apply(action)
            plan = planning.opening_plan(view, game, self._start_costs(view))
            if plan is None:
                return None
            value -= sum(kinds.wilds_used(a) for a in plan.actions)
            note += " and open with it: " + ", ".join(str(a) for a in plan.actions)
        if spent:
            wild = next(k for k in kinds.cards_used(action, top) if kinds.is_wild(k))
            note += f", spending a {kinds.name(wild)}"
        return value, note

    # ------------------------------------------------------------------ meld and discard

    def _meld(self, know: Knowledge) -> Decision:
        view = know.view
        legal = view.legal_actions
        side = view.side
        red = next((a for a in legal if a.type == _LAY_RED_THREE), None)
        if red is not None:
            return Decision(red, "a red 3 laid down scores its bonus and is replaced")
        hold = ""
        if view.permission != "no":
            out = self._going_out(view)
            if out is not None:
                p = self.params
                go, why = going_out_verdict(know, p.hold_margin, p.low_stock)
                if view.permission == "yes":
                    go, why = True, "partner said yes"
                if go:
                    return Decision(out.actions[0],
                                    f"going out: {why}; the hand scores {out.score} for us")
                hold = f"not going out ({why}); "
        if not view.initial_done[side]:
            plan = planning.opening_plan(view, extra=self._start_costs(view))
            need = view.minimums[side]
            if plan is not None:
                steps = ", ".join(str(a) for a in plan.actions)
                return Decision(plan.actions[0], f"open cheaply toward {need} points: {steps}")
            retract = next((a for a in legal if a.type == _RETRACT), None)
            if retract is not None:
                return Decision(retract, f"the opening minimum of {need} is out of reach")
        else:
            lay = self._best_lay(know)
            if lay is not None:
                return Decision(lay.action, hold + lay.reason)
        discard = self._discard(know)
        return Decision(discard.action, hold + discard.reason)

    def _going_out(self, view: PlayerView) -> planning.Plan | None:
        """The going-out line from here. A line found earlier in the turn is followed: each
        step it leads to is remembered (``planning.resumptions``), and a decision at one of
        them resumes the line instead of searching again (a search is most of the bot's time)."""
        if self._ahead:
            plan = self._ahead.get(planning.step_key(view))
            if plan is not None:
                return plan
            self._ahead = {}
        if not kinds.could_go_out(view):
            return None
        game = planning.sample(view)
        out = planning.going_out_plan(view, game, self.params.out_limit)
        self._ahead = planning.resumptions(view, game, out) if out is not None else {}
        return out

    def _best_lay(self, know: Knowledge) -> Decision | None:
        best: Decision | None = None
        best_score = 0.0
        for action in know.view.legal_actions:
            if kinds.is_laying(action):
                score, why = self.lay_score(know, action)
                if score > best_score:
                    best, best_score = Decision(action, why), score
        return best

    def lay_score(self, know: Knowledge, action: Action) -> tuple[float, str]:
        """How much greedy wants to lay ``action`` now, with the reason: a natural meld or a
        card that grows or completes a canasta is worth laying, a wild card kept for canastas
        is not (unless ``wilds_build``), and a lay that leaves fewer than ``keep_cards`` in
        hand (and completes nothing, and no foot waits) costs 6. Greedy lays the best lay above 0
        (``_best_lay``)."""
        view, p = know.view, self.params
        cs = view.rules.melds.canasta_size
        used = sum(kinds.cards_used(action).values())
        left = view.hand_sizes[view.seat] - used
        meld = next((m for m in view.melds[view.side] if m.rank == action.rank), None)
        completes = meld is not None and meld.size + 1 == cs
        whole = bool(p.special_whole) and situations.whole_special(view, action, meld)
        if whole:  # laid and grown to a canasta this turn, from the hand: never left short
            score = p.special_whole
            why = f"the hand holds a whole canasta of {kind_word(action.rank, 2)}"
        elif action.type == _MELD and p.special_cost \
                and kinds.costs_short(view, action.rank, kinds.wilds_used(action)):
            score = 5.0 - p.special_cost
            why = f"a meld of {kind_word(action.rank, 2)} costs a penalty unless completed"
        elif action.type == _MELD:
            if kinds.wilds_used(action) == 0:
                score, why = 5.0, "a natural set on the table is safe from penalties"
            else:
                score, why = -2.0, "keep wild cards for canastas"
        elif action.type in (_SEQUENCE, _EXTEND) and situations.needs_samba(view):
            score, why = p.samba_need, "our side needs a samba to go out"
        elif action.type == _SEQUENCE and self._sequence_cost(view):
            score = 4.0 - self._sequence_cost(view)
            why = "a sequence left at five cards or fewer costs a penalty"
        elif action.type in (_ADD, _EXTEND) and \
                not kinds.is_wild(action.arg if action.type == _ADD else action.rank):
            score = 10.0 if completes else 4.0
            why = "completes a natural canasta" if completes and meld and not meld.wilds \
                else "completes a canasta" if completes else "grows a meld toward a canasta"
        elif action.type == _MELD_WILD and self._wild_meld_cost(view):
            score = 2.0 - self._wild_meld_cost(view)
            why = "a wild meld left unfinished costs a penalty"
        elif action.type == _MELD_WILD:
            wilds = sum(view.hand[w] for w in kinds.WILDS)
            score = 2.0 if wilds > 3 else -2.0
            why = "enough wild cards to build a wild canasta" if wilds > 3 \
                else "keep wild cards for canastas"
        elif action.type == _ADD:
            natural_canasta = meld is not None and meld.size >= cs and not meld.wilds
            if p.keep_clean and meld is not None and not meld.wilds \
                    and situations.needs_clean(view):
                score = -p.keep_clean
                why = "our side needs clean canastas to go out: keep this meld clean"
            elif completes:
                score, why = 8.0, "a wild completes the canasta"
            elif natural_canasta:
                score, why = -10.0, "keep wild cards"
            elif situations.wilds_build(view):
                score, why = p.build_wild, "wild cards are for building canastas here"
            else:
                score, why = -3.0, "keep wild cards"
        elif action.type == _MELD_BLACK_THREES:
            score, why = -1.0, "black 3s only go down when going out"
        else:
            score, why = 4.0, "a sequence grows toward a samba"
        if action.type in (_MELD, _ADD) and p.samba_keep and situations.needs_samba(view) \
                and kinds.near_run(view, action):
            score -= p.samba_keep  # kept for the samba: in a set it is gone for good
        if left < p.keep_cards and not completes and not whole and not view.foot_sizes[view.seat]:
            score -= 6  # (with a foot waiting, an emptied hand takes it up: Hand and Foot)
        return score, why

    def _start_costs(self, view: PlayerView) -> Callable[[Action], float] | None:
        """What starting each meld costs greedy beyond its cards in an opening, where the rules
        make a meld left short pay a penalty (None where none does): a meld of a special rank
        (``special_cost``), a sequence (``short_sequence``), a meld of wild cards where an
        unfinished one costs (``short_wild``, unless the hand holds a whole canasta of them)."""
        sequence, wild = self._sequence_cost(view), self._wild_meld_cost(view)
        special = self.params.special_cost if any(view.t.special) else 0.0
        if not (sequence or wild or special):
            return None

        def cost(action: Action) -> float:
            if action.type == _MELD:
                return special if kinds.costs_short(view, action.rank,
                                                    kinds.wilds_used(action)) else 0.0
            return sequence if action.type == _SEQUENCE else \
                wild if action.type == _MELD_WILD else 0.0
        return cost

    def _sequence_cost(self, view: PlayerView) -> float:
        """What starting a sequence costs greedy where one left at five cards or fewer costs a
        penalty (``canastas.short_sequence_penalty``: Brazilian) and the side needs no samba to
        go out: ``short_sequence``; elsewhere nothing."""
        if not view.rules.canastas.short_sequence_penalty or situations.needs_samba(view):
            return 0.0
        return self.params.short_sequence

    def _wild_meld_cost(self, view: PlayerView) -> float:
        """What starting a meld of wild cards costs greedy where an unfinished one costs a
        penalty (``canastas.unfinished_wild_penalty``: Modern American) and the hand holds
        fewer wild cards than a canasta: ``short_wild``; elsewhere nothing."""
        if not view.rules.canastas.unfinished_wild_penalty or \
                sum(view.hand[w] for w in kinds.WILDS) >= view.rules.melds.canasta_size:
            return 0.0
        return self.params.short_wild

    def keep_worth(self, know: Knowledge, kind: int, pts: tuple[int, ...], late: bool) -> float:
        """What keeping a card of ``kind`` is worth to greedy, against discarding it: wild
        cards most, a natural more in a pair or more and on the side's melds, less the more
        points it costs in hand (twice as much ``late``: the stock is low), a black 3 less than
        nothing; a card of a special rank the side has not melded (``special_cost``) little,
        and less than nothing from two (a third held costs the hand's penalty). ``pts`` are the
        kinds' points (``kinds.points``)."""
        if kinds.is_wild(kind):
            return 10.0 + pts[kind] / 25
        if kind == kinds.STOPPER:
            return -1.0
        if not kinds.is_natural(kind):
            return 0.0
        count = know.view.hand[kind]
        if self.params.special_cost and know.view.t.special[kind] \
                and kind not in know.table_ranks:
            return (0.5 if count == 1 else -4.5) - pts[kind] / (10 if late else 20)
        keep = 1.0 if count == 1 else 4.0 + count
        if kind in know.table_ranks:
            keep += 2
        return keep - pts[kind] / (10 if late else 20)

    def _discard(self, know: Knowledge) -> Decision:
        view, p = know.view, self.params
        pts = kinds.points(view.rules)
        late = view.stock_size <= p.low_stock
        size = len(view.pile) + 1
        best: tuple[float, int, Action, float] | None = None
        for action in view.legal_actions:
            if action.type != _DISCARD:
                continue
            kind = kinds.kind_of(action.rank)
            danger = know.take_danger(kind)
            cost = self.keep_worth(know, kind, pts, late) + p.danger_weight * danger * size
            if best is None or cost < best[0]:
                best = (cost, kind, action, danger)
        if best is None:  # no discard now: an opening to finish, say
            return _anything_but_conceding(view.legal_actions)
        _, kind, action, danger = best
        if p.special_cost and view.t.special[kind] and kind not in know.table_ranks:
            return Decision(action, f"{kind_word(kind, 2)} are not worth starting (a meld short "
                            "of a canasta costs a penalty) nor holding (three held cost one)")
        return Decision(action, _discard_reason(know, kind, danger))


def _discard_reason(know: Knowledge, kind: int, danger: float) -> str:
    """Why the discard of ``kind`` was chosen (made for the chosen discard only)."""
    view = know.view
    pile = _cards(len(view.pile) + 1)
    if kinds.is_wild(kind):
        return (f"freezes the pile ({pile}): any other discard risks giving it away"
                if not know.frozen_for(view.side_of(know.next_seat)) else
                "no other card to spare")
    if kind == kinds.STOPPER:
        return (f"a black 3 blocks the next player from the pile ({pile})"
                if view.rules.pile.black_three_blocks_next else "a black 3 is of no use in hand")
    if kinds.is_natural(kind):
        if know.dead(kind):
            return f"safe: no opponent can hold a pair of {kinds.name(kind)}s"
        chance = "under 1%" if danger < 0.01 else f"{danger:.0%}"
        return (f"least use to us; the next player could take the pile ({pile}) "
                f"with it: a chance of {chance}")
    return "of no use to us"


def _ask(view: PlayerView) -> Decision | None:
    """Where nobody goes out without the partner's yes (``going_out.must_ask``), ask "may I go
    out?" at the start of a turn whose hand could go out (``kinds.could_go_out``; not while a
    foot waits to be taken up); None otherwise. A "yes" binds only while going out stays
    possible (docs/rules.md, ruling 19), so a turn that cannot go out after all plays on."""
    if not view.rules.going_out.must_ask or view.foot_sizes[view.seat]:
        return None
    ask = next((a for a in view.legal_actions if a.type == _ASK), None)
    if ask is None or not kinds.could_go_out(view):
        return None
    return Decision(ask, "my hand could go out this turn, and no one goes out without the "
                    "partner's yes here")


def make_greedy(seed: int = 0, **params: float) -> GreedyBot:
    """The greedy bot; options are ``GreedyParams`` fields (``greedy:keep_cards=2``)."""
    return GreedyBot(seed=seed, **params)


def _slipped(view: PlayerView, decision: Decision, rng: random.Random) -> Decision:
    """A weaker player's move: another legal action of the same kind as the judged one (a
    different discard, another meld, drawing rather than taking), never a concession; the
    judged one when there is no other."""
    kind = decision.action.type
    same = [a for a in view.legal_actions if a != decision.action and a.type not in
            kinds.CONCEDING and (a.type == kind or {a.type, kind} <= {_DRAW, _TAKE})]
    if not same:
        return decision
    return Decision(rng.choice(same), f"played without much thought (greedy would: "
                                      f"{decision.action})")


def _anything_but_conceding(legal: tuple[Action, ...]) -> Decision:
    """The first legal action that does not concede the hand (the last resort)."""
    action = next((a for a in legal if a.type not in kinds.CONCEDING), legal[0])
    return Decision(action, "nothing better to do")


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"
