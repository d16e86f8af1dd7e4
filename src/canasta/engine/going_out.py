"""Going out: who may, keeping a card for the discard, the partner's binding answer, and
conceding (docs/rules.md, "The game in brief": going out; "Keeping a card to discard";
""Yes" binds from the draw on"; rulings 8, 11, 12, 19 and 20; Presets: british).

A player goes out by melding every card in hand, or all but one which is then discarded. The
side needs its canastas (``going_out.canastas``, and the natural, mixed and samba quotas) and
its initial meld, or the concealed exemption (ruling 8). Two rules look ahead:

- ruling 20: a lay or take that leaves fewer than two cards is legal only if the player can
  still finish the turn by going out (``stranding``);
- ruling 19: after the partner's "yes", while a line of play that goes out exists, only actions
  that keep one are legal (``binding_yes``, applied by ``turn``, which can play an action
  ahead).

Both ask the same question, answered exactly on counts by a small packing check
(``can_go_out``): can the hand be melded onto and beside the side's melds, with the canastas
the side needs?
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import mul

from canasta.cards import BLACK_THREE, JOKER, NATURAL_RANKS, RED_THREE, TWO
from canasta.engine import canastas
from canasta.engine.actions import SIMPLE, Action, ActionType
from canasta.engine.canastas import Delta
from canasta.engine.opening import shortfall
from canasta.engine.refusal import Refusal, Topic, refuse
from canasta.engine.state import WILD, Answer, Meld, Phase, Seat, State
from canasta.engine.tables import Tables

#: Plays an action ahead: whether it goes out, or leaves a line that still goes out this turn
#: (``turn.keeps_going_out``).
Lookahead = Callable[[State, Tables, Action], bool]

# Enum members read once: a member looked up on its enum class costs five times a global.
_SAID_YES, _SAID_NO, _ASKED, _NOT_ASKED = Answer.YES, Answer.NO, Answer.ASKED, Answer.NONE
_DRAWING, _ANSWERING = Phase.DRAW, Phase.ANSWER
_YES, _ASKING_ACABA = ActionType.YES, ActionType.ASK_ACABA


# ---------------------------------------------------------------------- the packing check


def can_meld_everything(t: Tables, hand: Sequence[int], melds: Sequence[Meld | None],
                        canastas_needed: int, points_needed: int, opened: bool = True,
                        dead: Sequence[bool] = ()) -> bool:
    """Whether ``hand`` can be melded completely onto and beside the side's ``melds`` (its
    meld table by rank), giving the side ``canastas_needed`` canastas and laying at least
    ``points_needed`` card points from the hand.

    Each natural rank in hand joins the side's meld of that rank or forms a new one (at least
    two naturals, and a wild for two); black 3s form an allowed set; every wild goes into a
    meld with room for it; spare wilds are best spent completing the melds closest to a
    canasta, which a greedy pass finds.

    Where a meld's wild cards depend on more than its naturals (``canastas.wild_cap``: Modern
    American), ``opened`` says whether the side has made its initial meld (True, the default,
    allows fewer wild cards: a safe under-estimate), ``dead`` which ranks no meld may take
    (``canastas.completed_ranks``), and an unfinished wild meld that binds takes the hand's
    wild cards first: it must be completed.
    """
    if hand[RED_THREE]:
        return False
    rules = t.rules
    size_to_canasta = rules.melds.canasta_size
    b3 = hand[BLACK_THREE]
    if b3:
        b3_meld = melds[BLACK_THREE]
        if (b3_meld.naturals if b3_meld else 0) + b3 not in rules.melds.black_three_sets:
            return False
    cap = t.cap
    ncap = len(cap)
    spare = hand[JOKER] + hand[TWO]
    demand = room = made = 0
    wild_rules = t.wild_rules
    max_size = rules.melds.max_size
    if t.bound_wilds or dead:
        bound = _bound_wilds(t, hand, melds, dead)
        if bound is None:
            return False
        taken, made, melds = bound
        spare -= taken
    short: list[tuple[int, int]] = []  # (cards missing to a canasta, room for wilds)
    for r in NATURAL_RANKS:
        c = hand[r]
        meld = melds[r]
        if meld is None:  # a new meld from hand, or nothing of this rank
            if not c:
                continue
            if c < 2:
                return False
            w = 0
            if c == 2:
                two_cap = canastas.wild_cap(t, melds, opened, r, 2, 0) if wild_rules else \
                    cap[2] if ncap > 2 else 0
                if two_cap < 1:
                    return False
                demand += 1
                w = 1
            n = c
        else:
            n = meld.naturals + c
            w = meld.twos + meld.jokers
        if wild_rules:  # and the size limit, which classic's packing never needed
            r_room = canastas.wild_cap(t, melds, opened, r, n, w) - w if n < ncap else 0
            if max_size:
                r_room = min(r_room, max_size - n - w)
        else:
            r_room = cap[n] - w if n < ncap else 0
        if r_room < 0:
            if wild_rules or not t.partners_at_pile:
                return False
            r_room = 0  # partners' melds combined past the limit (partners.form)
        size = n + w
        if size >= size_to_canasta:
            made += canastas.in_meld(t, r, size)
        else:
            short.append((size_to_canasta - size, r_room))
        room += r_room
    if demand > spare:
        return False
    spare -= demand
    if spare > room:
        return False
    if made < canastas_needed:
        budget = spare
        for missing, r_room in sorted(short):
            if missing <= r_room and missing <= budget:
                budget -= missing
                made += 1
                if made >= canastas_needed:
                    break
        if made < canastas_needed:
            return False
    if points_needed > 0:
        laid = sum(map(mul, hand, t.points))
        if laid < points_needed:
            return False
    return True


def _bound_wilds(t: Tables, hand: Sequence[int], melds: Sequence[Meld | None],
                 dead: Sequence[bool]) -> tuple[int, int, Sequence[Meld | None]] | None:
    """For ``can_meld_everything``, where wild cards are bound (``Tables.bound_wilds``) or
    ranks dead: None if the hand holds a dead rank, or if the wild cards it must spend on
    the side's open meld of 2s (Italian: 2s are not wild while it is open) or on its
    unfinished wild meld (Modern American: it must be completed) do not fit; else the wild
    cards so taken, the canastas so made and the meld table with the wild meld completed."""
    if dead and any(hand[r] and dead[r] for r in NATURAL_RANKS):
        return None
    rules = t.rules
    size_to_canasta = rules.melds.canasta_size
    taken = made = 0
    twos_meld = melds[WILD]
    if hand[TWO] and rules.melds.twos_tame_while_open and twos_meld is not None and \
            twos_meld.size < size_to_canasta:
        # 2s are not wild while the meld of 2s is open (Italian): they must all go on it (a
        # safe under-estimate: it never looks at jokers joining it, nor at the 2s completing it)
        if twos_meld.size + hand[TWO] > size_to_canasta:
            return None
        taken = hand[TWO]
    if t.wild_rules and canastas.wild_meld_unfinished(t, melds):
        wild = melds[WILD]
        assert wild is not None
        missing = size_to_canasta - wild.size
        if hand[JOKER] + hand[TWO] - taken < missing:
            return None
        taken += missing
        made += 1
        melds = [*melds]
        melds[WILD] = Meld(WILD, 0, wild.twos + missing, wild.jokers)  # complete: binds no more
    elif t.wild_rules and (wild := melds[WILD]) is not None and wild.size >= size_to_canasta:
        made += 1
    return taken, made, melds


def can_go_out(t: Tables, hand: Sequence[int], melds: Sequence[Meld | None],
               canastas_needed: int, points_needed: int, opened: bool = True,
               dead: Sequence[bool] = ()) -> bool:
    """Whether the hand can go out: meld it all, or all but one card that is then discarded.

    A card that can never be melded — a red 3, a lone natural of a rank the side has no meld
    of, a black 3 of a set the rules do not allow — must be the discard; two such cards, and
    the hand cannot go out. With no such card, a hand that cannot be melded whole is helped
    only by discarding a wild card (one spare too many) or a black 3 (a set of the wrong
    size): a natural less never adds room for wild cards (``RuleSet.wilds_allowed`` never
    falls as naturals rise), nor canastas, nor points, and leaves a pair's partner alone.
    Where ``going_out.needs_discard``, the hand is never melded whole: one card, any, is the
    discard. ``opened`` and ``dead`` as for ``can_meld_everything``.
    """
    forced: list[int] = []
    for k in NATURAL_RANKS:
        if hand[k] == 1 and melds[k] is None:
            if forced:  # a second such card: False below, whatever else is forced
                return False
            forced.append(k)
    if dead:  # a dead rank is never melded: each of its cards is a discard
        for k in NATURAL_RANKS:
            if hand[k] and dead[k] and (hand[k] > 1 or melds[k] is not None):
                forced.extend([k] * min(hand[k], 2))
    if hand[RED_THREE]:
        forced.append(RED_THREE)
    b3 = hand[BLACK_THREE]
    if b3:
        b3_meld = melds[BLACK_THREE]
        if (b3_meld.naturals if b3_meld else 0) + b3 not in t.rules.melds.black_three_sets:
            forced.append(BLACK_THREE)
    if len(forced) > 1:
        return False
    needs_discard = t.rules.going_out.needs_discard
    if not forced and not needs_discard and can_meld_everything(
            t, hand, melds, canastas_needed, points_needed, opened, dead):
        return True
    work = list(hand)
    tries = forced or ([k for k, n in enumerate(hand) if n] if needs_discard else
                       [k for k in (JOKER, TWO, BLACK_THREE) if hand[k]])
    for kind in tries:
        work[kind] -= 1
        ok = can_meld_everything(t, work, melds, canastas_needed, points_needed, opened, dead)
        work[kind] += 1
        if ok:
            return True
    return False


# ---------------------------------------------------------------------- who may go out

PARTNER_SAID_NO = Refusal("your partner said you may not go out this turn", Topic.GOING_OUT)
PILE_WAITING = Refusal("the taken pile's cards wait for your opening's commit", Topic.OPENING)
FOOT_FIRST = Refusal("you must take up and play your foot first", Topic.CARDS)
BONUS_WAITING = Refusal("your opening brings a pile of bonus cards to your hand as you commit it",
                        Topic.OPENING)
WILD_MELD_UNFINISHED = Refusal("your side's meld of wild cards is unfinished: it may not go out "
                               "under these rules", Topic.GOING_OUT)
NO_DISCARD_LEFT = Refusal("these rules go out only with a discard: keep a card for it",
                          Topic.GOING_OUT)
MUST_ASK = Refusal("these rules let you go out only after your partner said yes to "
                   "'may I go out?'", Topic.GOING_OUT)


def barred(s: State, t: Tables, delta: Delta = None) -> Refusal | None:
    """What bars the player from going out this turn whatever it lays: the partner's "no",
    a taken pile waiting for the commit, a foot still to play, no "yes" where the rules want
    one, the side's natural and mixed quotas unmet (ruling 12; Presets: hand_and_foot)."""
    turn = s.turn
    if turn.permission == _SAID_NO:
        return PARTNER_SAID_NO
    opening = turn.opening
    if opening is not None and opening.pending is not None:
        return PILE_WAITING
    if s.seats[turn.seat].foot_size:
        return FOOT_FIRST
    go = t.rules.going_out
    if go.must_ask and turn.permission != _SAID_YES:
        return MUST_ASK
    if opening is not None and s.table.bonus:
        return BONUS_WAITING
    if t.rules.melds.unfinished_wild_binds and \
            canastas.wild_meld_unfinished(t, s.sides[s.seat_sides[turn.seat]].melds, delta):
        return WILD_MELD_UNFINISHED
    if go.natural_canastas or go.mixed_canastas:
        _, natural, mixed = canastas.counts(s.sides[s.seat_sides[turn.seat]], t, delta)
        if natural < go.natural_canastas or mixed < go.mixed_canastas:
            return refuse(Topic.GOING_OUT, "your side needs {} natural and {} mixed canastas to go "
                          "out", go.natural_canastas, go.mixed_canastas)
    return None


def go_out_refusal(s: State, t: Tables, delta: Delta, opening_points: int) -> Refusal | None:
    """Why the side may not go out now, after ``delta`` (rulings 8, 11 and 12); None if it
    may."""
    bar = barred(s, t, delta)
    if bar is not None:
        return bar
    go = t.rules.going_out
    side = s.sides[s.seat_sides[s.turn.seat]]
    total = canastas.toward_going_out(side, t, delta)
    if total < go.canastas:
        return refuse(Topic.GOING_OUT, "your side needs {} canasta{} to go out", go.canastas,
                      "s" if go.canastas > 1 else "")
    if len(side.sambas) < go.sambas:
        return refuse(Topic.GOING_OUT, "your side needs {} samba{} to go out", go.sambas,
                      "s" if go.sambas > 1 else "")
    if side.opened:
        return None
    short = shortfall(side, t, opening_points, delta)
    turn = s.turn
    if short is None or (go.concealed_exemption and turn.drew and not turn.took):
        return None
    return short


def stranding(s: State, t: Tables, left: int, delta: Delta, opening_points: int,
              action: Action, look: Lookahead, opens: bool = True) -> Refusal | None:
    """Ruling 20: an action that leaves ``left`` cards (a waiting foot included) must keep the
    turn finishable.

    Two cards or more: discard one, keep one. A tentative opening can always be taken back
    (or, with one card left, finished by going out): a lay or take of a side that has not
    opened is one (``opens``; not a held red 3 laid down, which opens nothing). Otherwise the
    action must go out, or leave one card to go out with: by discarding it, which needs the
    side to be allowed out already, or by laying it (``look``: a line that goes out remains).
    """
    if left >= 2:
        return None
    if left == 0 and t.rules.going_out.needs_discard:
        return NO_DISCARD_LEFT
    side = s.sides[s.seat_sides[s.turn.seat]]
    if not side.opened and opens:
        opening = s.turn.opening
        if left == 1 or (opening is not None and opening.pending is not None):
            return None
    why = go_out_refusal(s, t, delta, opening_points)
    if why is None or (left == 1 and look(s, t, action)):
        return None
    what = "one card" if left == 1 else "no card"
    return refuse(Topic.GOING_OUT, "that would leave you {} to discard, and you may not go out: {}",
                  what, why)


def discard_goes_out(player: Seat) -> bool:
    """Whether the player's discard (any card) goes out: the hand's last card, no foot
    waiting (the look of ``turn.keeps_going_out`` at a discard)."""
    return player.size == 1 and not player.foot_size


def reachable(s: State, t: Tables) -> bool:
    """Is there still a line of play that goes out this turn? (rulings 19 and 20)

    The packing check counts canastas, not their kinds: it is trusted only once the side's
    natural and mixed quotas are met already, and its sambas laid (it knows no sequences): a
    safe under-estimate.
    """
    turn = s.turn
    side = s.sides[s.seat_sides[turn.seat]]
    if not side.opened and turn.opening is None and \
            turn.retracts >= t.rules.limits.retracts_per_turn:
        return False  # no opening may be laid any more this turn
    return reachable_after(s, t, s.seats[turn.seat].hand, side.melds, turn.opening_points,
                           None)


def reachable_after(s: State, t: Tables, hand: Sequence[int], melds: Sequence[Meld | None],
                    opening_points: int, delta: Delta) -> bool:
    """``reachable`` after a lay that leaves ``hand`` and the side's ``melds``, with
    ``opening_points`` laid toward the opening this turn and ``delta`` added to a meld. The
    packing check goes before ``barred``: it fails most often, and neither changes anything."""
    turn = s.turn
    go = t.rules.going_out
    side = s.sides[s.seat_sides[turn.seat]]
    if len(side.sambas) < go.sambas:
        return False
    need = 0
    if not side.opened and not (go.concealed_exemption and turn.drew and not turn.took):
        need = side.minimum - opening_points
    dead = canastas.completed_ranks(s, t) if t.rules.melds.completed_rank_dead else ()
    return can_go_out(t, hand, melds, go.canastas - len(side.sambas), need, side.opened,
                      dead) and barred(s, t, delta) is None


# ---------------------------------------------------------------------- asking the partner

ASK, YES, NO = SIMPLE[ActionType.ASK], SIMPLE[ActionType.YES], SIMPLE[ActionType.NO]
ASK_ACABA, ACABA = SIMPLE[ActionType.ASK_ACABA], SIMPLE[ActionType.ACABA]

NO_ASKING = Refusal("these rules do not let you ask your partner about going out", Topic.GOING_OUT)
NO_ACABA = Refusal("these rules have no acaba (it is British Canasta's)", Topic.GOING_OUT)
NO_PARTNER = Refusal("you have no partner to ask", Topic.GOING_OUT)
ASKED_ALREADY = Refusal("you have already asked this turn", Topic.GOING_OUT)
ASK_FIRST = Refusal("you may ask your partner only before any other action of your turn",
                    Topic.GOING_OUT)
NOBODY_ASKED = Refusal("nobody has asked 'may I go out?'", Topic.GOING_OUT)
ACABA_REFUSED = Refusal("your partner said you may not concede the hand this turn", Topic.GOING_OUT)
MUST_CONCEDE = Refusal("your partner said yes to 'may I say acaba?': you must concede the hand",
                       Topic.GOING_OUT)


def ask_actions(s: State, t: Tables) -> list[Action]:
    """At the start of a turn, before any other action: "may I go out?" (and, in British
    Canasta, "may I say acaba?"), where the player has a partner (ruling 12)."""
    if s.turn.asked or t.players == t.sides:
        return []
    go = t.rules.going_out
    asks = [ASK] if go.ask_partner else []
    if go.acaba:
        asks.append(ASK_ACABA)
    return asks


def ask_refusal(s: State, t: Tables, action: Action) -> Refusal | None:
    """Why a question is not offered (the generator's conditions, in words)."""
    go = t.rules.going_out
    if action.type == ActionType.ASK and not go.ask_partner:
        return NO_ASKING
    if action.type == ActionType.ASK_ACABA and not go.acaba:
        return NO_ACABA
    if t.players == t.sides:
        return NO_PARTNER
    if s.turn.phase != Phase.DRAW:
        return ASK_FIRST
    return ASKED_ALREADY if s.turn.asked else None


def acaba_actions(s: State, t: Tables) -> list[Action]:
    """Conceding the hand is open on any own turn unless the partner was asked and said no
    (British Acaba)."""
    return [ACABA] if t.rules.going_out.acaba and s.turn.acaba == _NOT_ASKED else []


def acaba_refusal(s: State, t: Tables) -> Refusal | None:
    """Why conceding the hand is not offered."""
    if not t.rules.going_out.acaba:
        return NO_ACABA
    return ACABA_REFUSED if s.turn.acaba == _SAID_NO else None


def ask(s: State, t: Tables, action: Action) -> None:
    """Ask the next partner; the partner answers before the turn goes on."""
    turn = s.turn
    turn.asked = True
    turn.asker = turn.seat
    if action.type == _ASKING_ACABA:
        turn.acaba = _ASKED
    turn.seat = (turn.seat + t.sides) % t.players
    turn.phase = _ANSWERING


def answer(s: State, action: Action) -> None:
    """The partner's answer binds the asker for the rest of the turn (rulings 12 and 19)."""
    turn = s.turn
    verdict = _SAID_YES if action.type == _YES else _SAID_NO
    if turn.acaba == _ASKED:
        turn.acaba = verdict
    else:
        turn.permission = verdict
    turn.seat = turn.asker
    turn.phase = _DRAWING


def question_asked(s: State) -> str:
    """The question the partner must answer, in words."""
    return "'may I say acaba?'" if s.turn.acaba == _ASKED else "'may I go out?'"
