"""The turn: its phases, the legal actions of each, applying one, and the end of a hand
(docs/architecture.md, "The walk of one action"; docs/rules.md, "How the engine settles what the
texts leave open").

    DRAW    ask "may I go out?" (the partner answers in ANSWER), draw, or take the pile
    MELD    meld, add, lay a held red 3, commit or retract a tentative opening, discard

Each rule family generates its own actions and says why it refuses others; this module puts
them together in a fixed order, applies the two look-ahead filters (the binding "yes" of ruling
19, an opening that must be complete before a foot is taken up), dispatches an action to its
family's transition, and alone ends turns and hands: it scores a finished hand and deals the
next.
"""

from __future__ import annotations

from collections.abc import Callable

from canasta.cards import (
    BLACK_THREE,
    JOKER,
    RED_THREE,
    TWO,
)
from canasta.engine import (
    binding_yes,
    deal,
    discard,
    going_out,
    melds,
    opening,
    partners,
    pile,
    scoring,
    sequences,
    wild_melds,
)
from canasta.engine.actions import (
    SIMPLE,
    TAKE_ACTIONS,
    Action,
    ActionType,
    Route,
)
from canasta.engine.refusal import Refusal, Topic, keep, refuse
from canasta.engine.state import (
    Answer,
    HandEnd,
    Match,
    Phase,
    SeatNo,
    SideNo,
    State,
    Table,
    Turn,
)
from canasta.engine.tables import Tables

Why = dict[Action, Refusal]

DRAW, DECLINE = SIMPLE[ActionType.DRAW], SIMPLE[ActionType.DECLINE]
COMMIT, RETRACT = SIMPLE[ActionType.COMMIT], SIMPLE[ActionType.RETRACT]
LAY_RED = SIMPLE[ActionType.LAY_RED_THREE]
ONTO_MELD = TAKE_ACTIONS[Route.ONTO_MELD]

# Enum members read once: a member looked up on its enum class costs five times a global.
_DRAWING, _ANSWERING, _MELDING, _OVER = Phase
_NOT_ASKED, _SAID_YES = Answer.NONE, Answer.YES
_DISCARD = ActionType.DISCARD


#: Actions that put cards from the hand on the table, by type, with their transitions: each
#: returns the cards and the card points it laid.
LAYS: dict[ActionType, Callable[[State, Tables, Action], tuple[int, int]]] = {
    **melds.LAYS,
    ActionType.SEQUENCE: sequences.start_sequence,
    ActionType.EXTEND: sequences.extend,
}


# ---------------------------------------------------------------------- a new game, a new turn

def new_state(t: Tables, seed: int) -> State:
    """The state of a new game: the first dealer cut, the first hand dealt, the first turn."""
    dealer, _ = deal.cut_for_dealer(t.rules, seed)
    s = State(Match(seed, [0] * t.sides, 1, dealer, (), -1, False, False),
              Table([], [], 0, -1, 0, -1, [], 0), [], [], _fresh_turn(0),
              t.seat_sides)  # dealt next
    deal.deal_hand(s, t)
    begin_turn(s, t, (dealer + 1) % t.players)
    return s


def _fresh_turn(seat: SeatNo) -> Turn:
    return Turn(seat, _DRAWING, -1, _NOT_ASKED, _NOT_ASKED, False, False, False, 0, False,
                (), 0, None)


def begin_turn(s: State, t: Tables, seat: SeatNo) -> None:
    """Start ``seat``'s turn. With the stock gone, the pile is turned over as a new stock
    (``stock_out.mode = "turn_pile"``), or the hand ends (``"last_discard"``: the last card's
    drawer has discarded), or it ends unless the player can take the pile (ruling 13)."""
    turn = s.turn  # becomes seat's new turn, as _fresh_turn makes one, without a new object
    turn.seat, turn.phase, turn.asker = seat, _DRAWING, -1
    turn.permission = turn.acaba = _NOT_ASKED
    turn.asked = turn.drew = turn.took = turn.melded = False
    turn.retracts = turn.opening_points = 0
    turn.created, turn.opening = (), None
    if t.partners_at_pile:
        partners.own_minimum(s, t, seat)
    table = s.table
    if table.stock:
        return
    if t.rules.stock_out.mode == "last_discard":
        end_hand(s, t, -1, HandEnd.STOCK_EXHAUSTED)
        return
    if t.rules.stock_out.mode == "turn_pile" and len(table.pile) > 1:
        top = table.pile.pop()
        table.stock = table.pile[::-1]
        table.pile = [top]
        table.freezers = 1 if t.freezes[top] else 0
        return
    if not pile.take_actions(s, t, keeps_going_out):
        end_hand(s, t, -1, HandEnd.STOCK_EXHAUSTED)


# ---------------------------------------------------------------------- legal actions

def legal_actions(s: State, t: Tables, why: Why | None = None) -> list[Action]:
    """Every action the player to act may take now, in a fixed order; never empty mid-game.
    With ``why``, the refusal of every action the generators considered and turned down."""
    phase = s.turn.phase
    if phase == _MELDING:
        if s.turn.acaba == _SAID_YES:
            return [going_out.ACABA]  # told "yes" to "may I concede?": bound (British Acaba)
        acts = _meld_phase(s, t, keeps_going_out, why)
        if s.turn.permission == _SAID_YES and acts:
            acts = binding_yes.yes_binds(s, t, acts, keeps_going_out, why)  # ruling 19
        return acts
    if phase == _DRAWING:
        return _draw_phase(s, t, why)
    if phase == _ANSWERING:
        return [going_out.YES, going_out.NO]
    return []


def _draw_phase(s: State, t: Tables, why: Why | None) -> list[Action]:
    if s.turn.acaba == _SAID_YES:
        return [going_out.ACABA]
    routes = pile.take_actions(s, t, keeps_going_out, why)
    acts = [] if s.turn.asked else going_out.ask_actions(s, t)
    if s.table.stock:
        acts.append(DRAW)
        acts += routes
    else:
        acts += routes
        if ONTO_MELD not in routes:
            acts.append(DECLINE)
    if t.rules.going_out.acaba:
        acts += going_out.acaba_actions(s, t)
    return acts


def _meld_phase(s: State, t: Tables, look: going_out.Lookahead, why: Why | None
                ) -> list[Action]:
    turn = s.turn
    seat = turn.seat
    player = s.seats[seat]
    hand = player.hand
    size = player.size + player.foot_size
    rules = t.rules
    acts: list[Action]
    if s.sides[s.seat_sides[seat]].opened or melds.lay_refusal(s, t) is None:
        acts = melds.rank_actions(s, t, size, look, why)
        if rules.melds.wild_melds and (hand[TWO] or hand[JOKER]):
            acts += wild_melds.wild_meld_actions(s, t, size, look, why)
        if player.cards is not None and rules.melds.sequences:
            acts += sequences.sequence_actions(s, t, size, look, why)
        if hand[BLACK_THREE]:
            acts += melds.black_three_actions(s, t, size, why)
        if player.foot_size and not s.sides[s.seat_sides[seat]].opened:
            acts = _foot_filter(s, t, acts, why)
    else:
        acts = []
    if hand[RED_THREE]:
        verdict = deal.red_three_refusal(s, t) or going_out.stranding(
            s, t, deal.cards_left_after_red_three(s), None, 0, LAY_RED, look, opens=False)
        keep(acts, why, LAY_RED, verdict)
    acts += discard.discard_actions(s, t, size, why)
    if turn.opening is not None:
        verdict = opening.commit_refusal(s, t)
        keep(acts, why, COMMIT, verdict)
        acts.append(RETRACT)
    if rules.going_out.acaba:
        acts += going_out.acaba_actions(s, t)
    return acts


# ---------------------------------------------------------------------- applying an action

def play(s: State, t: Tables, action: Action) -> None:
    """Apply ``action`` (known to be legal): its family's transition, then whatever it leaves
    to the turn (an emptied hand, the end of the hand)."""
    TRANSITIONS[action.type](s, t, action)


def _laying(s: State, t: Tables, action: Action) -> None:
    """The transition of a laying action: the family's lay, the turn's bookkeeping, and an
    emptied hand seen to."""
    if _lay(s, t, action, LAYS[action.type]):
        _hand_emptied(s, t)


def _lay(s: State, t: Tables, action: Action,
         lay: Callable[[State, Tables, Action], tuple[int, int]]) -> bool:
    """A laying action and its bookkeeping; True when it empties the hand (and no taken pile
    waits for a commit). An opening that empties the hand onto a foot is committed."""
    cards, points = lay(s, t, action)
    turn = s.turn
    player = s.seats[turn.seat]
    player.size -= cards
    turn.melded = True
    tentative = turn.opening
    if tentative is not None:
        turn.opening_points += points
    if player.size or (tentative is not None and tentative.pending is not None):
        return False
    if tentative is not None and player.foot_size:
        opening.close_opening(s, t)
    return True


def _hand_emptied(s: State, t: Tables) -> None:
    """An empty hand takes up the foot and plays on, or has gone out."""
    seat = s.turn.seat
    if s.seats[seat].foot_size:
        deal.take_up_foot(s, t, seat)
    else:
        end_hand(s, t, seat, HandEnd.GOING_OUT)


def _draw(s: State, t: Tables, action: Action) -> None:
    """Draw from the stock; the kind on top of the pile is one the seat passed on
    (``Seat.passed``) if its side has made its opening."""
    seat = s.turn.seat
    if s.table.pile and s.sides[s.seat_sides[seat]].opened:
        s.seats[seat].passed |= 1 << t.rank_of[s.table.pile[-1]]
    ended = deal.draw(s, t)
    if ended is not None:
        end_hand(s, t, -1, ended)


def _take(s: State, t: Tables, action: Action) -> None:
    if pile.take(s, t, action):
        _hand_emptied(s, t)


def _commit(s: State, t: Tables, action: Action) -> None:
    if opening.commit(s, t):  # everything was laid and the pile brought nothing to the hand
        _hand_emptied(s, t)


def _lay_red(s: State, t: Tables, action: Action) -> None:
    if deal.lay_red_three(s, t):
        _hand_emptied(s, t)


def _discard(s: State, t: Tables, action: Action) -> None:
    """The discard ends the turn; the last card goes out, or takes up the foot to be played
    from the next turn on (Hand and Foot). A black 3 blocks the next player (ruling 10)."""
    turn = s.turn
    seat = turn.seat
    player = s.seats[seat]
    if discard.discard(s, t, action):
        if not player.foot_size:
            end_hand(s, t, seat, HandEnd.GOING_OUT)
            return
        deal.take_up_foot(s, t, seat)
    if turn.melded:
        player.laid_before = True
    if turn.permission == _SAID_YES:
        s.sides[s.seat_sides[seat]].yes_failures += 1
    table = s.table
    nxt = (seat + 1) % t.players
    blocks = action.rank == BLACK_THREE and t.rules.pile.black_three_blocks_next
    table.blocked = nxt if blocks else -1
    table.turns += 1
    if table.turns >= t.rules.limits.max_turns_per_hand:
        end_hand(s, t, -1, HandEnd.TURN_CAP)
        return
    begin_turn(s, t, nxt)


def end_hand(s: State, t: Tables, went_out: SeatNo, ended_by: HandEnd,
             conceded: SideNo = -1) -> None:
    """Score the hand, add it to the game, and end the game or deal the next hand."""
    if went_out >= 0 and s.turn.opening is not None:
        opening.close_opening(s, t)
    if went_out >= 0 and t.partners_at_pile:
        partners.form(s, t, went_out)  # out before the pile was taken: the lone hand
    sides = scoring.hand_scores(s, t, went_out, conceded)
    match = s.match
    for side, score in enumerate(sides):
        match.scores[side] += score.total
    match.results = (*match.results, scoring.HandResult(
        match.deal, ended_by, went_out, sides, tuple(match.scores),
        s.seat_sides if t.partners_at_pile else ()))
    won = scoring.winner(s, t)
    if won >= 0 or match.one_hand:  # a look-ahead world ends with its hand: no deal
        match.over = True
        match.winner = won
        s.turn.phase = _OVER
        return
    match.deal += 1
    match.dealer = (match.dealer + 1) % t.players
    deal.deal_hand(s, t)
    begin_turn(s, t, (match.dealer + 1) % t.players)


#: The transition of each action type (``play``; ``Game.apply`` reads it directly).
TRANSITIONS: dict[ActionType, Callable[[State, Tables, Action], None]] = {
    **dict.fromkeys(LAYS, _laying),
    ActionType.ASK: going_out.ask,
    ActionType.ASK_ACABA: going_out.ask,
    ActionType.YES: lambda s, t, a: going_out.answer(s, a),
    ActionType.NO: lambda s, t, a: going_out.answer(s, a),
    ActionType.DRAW: _draw,
    ActionType.TAKE: _take,
    ActionType.DECLINE: lambda s, t, a: end_hand(s, t, -1, HandEnd.STOCK_EXHAUSTED),
    ActionType.COMMIT: _commit,
    ActionType.RETRACT: lambda s, t, a: opening.retract(s, t),
    ActionType.LAY_RED_THREE: _lay_red,
    ActionType.ACABA: lambda s, t, a: end_hand(s, t, -1, HandEnd.CONCEDED,
                                                s.seat_sides[s.turn.seat]),
    ActionType.DISCARD: _discard,
}


# ---------------------------------------------------------------------- playing ahead

def keeps_going_out(s: State, t: Tables, action: Action) -> bool:
    """Whether ``action`` goes out, or leaves a line of play that still goes out this turn
    (rulings 19 and 20). A discard and a lay are answered on counts; anything else is played
    on a copy of the game."""
    player = s.seats[s.turn.seat]
    kind = action.type
    if kind == _DISCARD:
        return going_out.discard_goes_out(player)
    if kind in melds.LAYS and not player.foot_size:
        hand, table, laid, delta = melds.ahead(s, t, action)
        if not any(hand):  # the hand is over: it went out, unless a taken pile waits
            tentative = s.turn.opening
            return tentative is None or tentative.pending is None
        side = s.sides[s.seat_sides[s.turn.seat]]
        points = s.turn.opening_points + (0 if side.opened else laid)
        return going_out.reachable_after(s, t, hand, table, points, delta)
    if kind in LAYS and not player.foot_size:
        ahead, emptied = _lay_ahead(s, t, action)
        if emptied:  # the hand is over: it went out, unless a taken pile waits
            tentative = ahead.turn.opening
            return tentative is None or tentative.pending is None
        return going_out.reachable(ahead, t)
    after = s.copy()
    play(after, t, action)
    if after.match.over or after.match.deal != s.match.deal:
        return bool(after.match.results[-1].went_out == s.turn.seat)
    if after.turn.seat != s.turn.seat or after.turn.phase != _MELDING:
        return False
    return going_out.reachable(after, t)


def _scratch(s: State, t: Tables) -> State:
    """A copy of the parts of the state a lay changes (the player, the side, the turn); the
    rest is shared with ``s``, for a lay played ahead."""
    seat = s.turn.seat
    side = s.seat_sides[seat]
    seats, sides = s.seats[:], s.sides[:]
    seats[seat] = seats[seat].copy()
    sides[side] = sides[side].copy()
    return State(s.match, s.table, seats, sides, s.turn.copy(), s.seat_sides)


def _lay_ahead(s: State, t: Tables, action: Action) -> tuple[State, bool]:
    """A lay played ahead: the state after it, and whether it emptied the hand."""
    ahead = _scratch(s, t)
    _lay(ahead, t, action, LAYS[action.type])
    return ahead, ahead.seats[s.turn.seat].size == 0


def _foot_filter(s: State, t: Tables, acts: list[Action], why: Why | None) -> list[Action]:
    """A tentative lay that empties the hand onto a waiting foot must complete the opening
    (it is committed as the foot is taken up: Hand and Foot)."""
    seat = s.turn.seat
    before = s.turn.opening_points
    kept = []
    for action in acts:
        ahead = _scratch(s, t)
        cards, points = LAYS[action.type](ahead, t, action)
        tentative = ahead.turn.opening
        short = None
        if ahead.seats[seat].size == cards and (tentative is None or tentative.pending is None):
            short = opening.shortfall(ahead.sides[ahead.seat_sides[seat]], t, before + points)
        if short is None:
            kept.append(action)
        elif why is not None:
            why[action] = refuse(Topic.OPENING, "that would take up your foot, and your opening "
                                 "must be complete by then: {}", short)
    return kept


# ---------------------------------------------------------------------- why an action is refused

FALLBACK = Refusal("that is not a legal move now", Topic.TURN)
GAME_OVER = Refusal("the game is over", Topic.END)
DRAW_FIRST = Refusal("draw from the stock or take the pile first", Topic.TURN)
DRAWN_ALREADY = Refusal("you have already drawn or taken the pile this turn", Topic.TURN)


def refusal(s: State, t: Tables, action: Action) -> Refusal | None:
    """Why ``action`` is not legal now, or None when it is: the refusal the generators met
    when they turned it down, or, for an action they did not consider (cards not held, the
    wrong phase), the rule that keeps it out."""
    turn = s.turn
    kind = action.type
    if s.match.over:
        return GAME_OVER
    if turn.phase == _ANSWERING:
        if kind in (ActionType.YES, ActionType.NO):
            return None
        return refuse(Topic.GOING_OUT, "seat {} asked {}: seat {} must answer yes or no",
                      turn.asker, going_out.question_asked(s), turn.seat)
    if kind in (ActionType.YES, ActionType.NO):
        return going_out.NOBODY_ASKED
    if turn.acaba == _SAID_YES and kind != ActionType.ACABA:
        return going_out.MUST_CONCEDE
    why: Why = {}
    if action in legal_actions(s, t, why):
        return None
    return why.get(action) or _not_considered(s, t, action) or FALLBACK


def _not_considered(s: State, t: Tables, action: Action) -> Refusal | None:
    """The refusal of an action no generator considered in this state."""
    kind = action.type
    if kind in (ActionType.ASK, ActionType.ASK_ACABA):
        return going_out.ask_refusal(s, t, action)
    if kind == ActionType.ACABA:
        return going_out.acaba_refusal(s, t)
    if s.turn.phase == _DRAWING:
        if kind == ActionType.DRAW:
            return deal.draw_refusal(s)
        if kind == ActionType.DECLINE:
            return pile.decline_refusal(s, t, pile.take_actions(s, t, keeps_going_out))
        if kind == ActionType.TAKE:
            return pile.form_refusal(t, action)
        return DRAW_FIRST
    if kind in (ActionType.DRAW, ActionType.TAKE, ActionType.DECLINE):
        return DRAWN_ALREADY
    if kind == ActionType.COMMIT:
        return opening.commit_refusal(s, t)
    if kind == ActionType.RETRACT:
        return opening.retract_refusal(s)
    if kind == ActionType.LAY_RED_THREE:
        return deal.red_three_refusal(s, t)
    if kind == ActionType.DISCARD:
        return discard.discard_refusal(s, t, action)
    return melds.lay_refusal(s, t) or _LAY_REFUSALS[kind](s, t, action)


_LAY_REFUSALS: dict[ActionType, Callable[[State, Tables, Action], Refusal | None]] = {
    ActionType.MELD: melds.meld_refusal,
    ActionType.ADD: melds.add_refusal,
    ActionType.MELD_WILD: wild_melds.wild_meld_refusal,
    ActionType.MELD_BLACK_THREES: melds.black_three_refusal,
    ActionType.SEQUENCE: sequences.sequence_refusal,
    ActionType.EXTEND: sequences.extend_refusal,
}
