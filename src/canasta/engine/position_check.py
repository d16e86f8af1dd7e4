"""What a reachable state holds: the invariants a position is checked against when it is read
(docs/positions.md, "What is refused"), all in one place.

``check`` refuses, with the reason (``PositionError``), a state that play cannot reach:

- **counts**: no count below zero; a part that only some rules have (feet, black 3s laid out,
  black 3s set aside, a perfect cut, a partner's answers) only under those rules;
- **cards**: no more of a kind (or of a suited card) than the pack holds;
- **melds**: each one as the meld rules allow it; melds only on a side that has opened (or is
  opening now);
- **the turn**: flags that agree with the phase (nothing drawn, taken or laid before the draw,
  not both drawn and taken; a tentative opening only after the draw; a question answered by
  the partner it was put to); a block only on the seat to act, by a black 3 on the pile;
  results numbered deal by deal;
- **a whole game** (unless ``partial``): every seat holds a card, and the cards known to be in
  a hand are in it; the turn says how it came about (drawn or taken before the meld phase; an
  answer with its question); a tentative opening holds exactly what taking it back restores;
  and the seat to act has a legal action. So no turn of a game read from a position comes to
  a dead end. A ``partial`` position is a part of a game: a test's scenario (seats with no
  cards, a turn that starts in the meld phase) or a seat's view on the wire (other hands
  hidden). Cards a position leaves out of play (it gives its ``stock``) stay out.
"""

from __future__ import annotations

from canasta.cards import (
    BLACK_THREE,
    FOUR,
    JOKER,
    NUM_CODES,
    NUM_KINDS,
    RED_THREE,
    SUITED,
    TWO,
    kind_name,
    rank_of,
)
from canasta.engine import turn as turns
from canasta.engine.position import PositionError, meld_text
from canasta.engine.state import WILD, Answer, Meld, Phase, Side, State
from canasta.engine.tables import Tables


def check(s: State, t: Tables, partial: bool = False) -> None:
    """Refuse a state the rules cannot reach (the module's docstring); ``partial``: a part of
    a game (a scenario, a view), not checked as a whole one."""
    _counts(s, t)
    _melds(s, t)
    _cards(s, t)
    _turn(s, t)
    if not partial and not s.match.over:
        _whole(s, t)


# ---------------------------------------------------------------------- counts

def _counts(s: State, t: Tables) -> None:
    """No count below zero; the parts only some rules have, only under those rules."""
    rules = t.rules
    for n, seat in enumerate(s.seats):
        for what, value in (("red3", seat.red_threes), ("black3", seat.black_threes)):
            if value < 0:
                raise PositionError(f"{what}: seat {n} has {value}, and a count is never "
                                    "below zero")
        if seat.black_threes and not rules.red_threes.black_too:
            raise PositionError("black3: these rules lay no black 3s out "
                                "(red_threes.black_too is off)")
        if seat.foot_size and not rules.deal.foot_size:
            raise PositionError("feet: these rules deal no feet")
    for n, side in enumerate(s.sides):
        for what, value in (("minimum", side.minimum), ("yes-failures", side.yes_failures),
                            ("set-aside", side.black_threes_removed)):
            if value < 0:
                raise PositionError(f"{what}: side {n} has {value}, and a count is never "
                                    "below zero")
        if side.opening_canasta not in (0, 1, 2):
            raise PositionError(f"opening-canasta: side {n} has {side.opening_canasta}; "
                                "expected 0 (no), 1 (any canasta) or 2 (a natural one)")
        if side.black_threes_removed and not rules.pile.black_threes_removed:
            raise PositionError("set-aside: these rules set no black 3s aside")
    if s.table.cut_side >= 0 and not rules.deal.perfect_cut_bonus:
        raise PositionError("cut: these rules pay no perfect cut")


# ---------------------------------------------------------------------- cards

def _side_cards(side: Side, kinds: list[int], codes: list[int]) -> None:
    """Add the cards of a side's melds and sequences to ``kinds`` and ``codes``."""
    for meld in side.melds:
        if meld is not None:
            if meld.rank != WILD:
                kinds[meld.rank] += meld.naturals
            kinds[TWO] += meld.twos
            kinds[JOKER] += meld.jokers
    runs = [(suit, run[0], run[1]) for suit, run in enumerate(side.runs) if run]
    for suit, low, high in runs + list(side.sambas):
        for rank in range(low, high + 1):
            kinds[rank] += 1
            codes[SUITED + (rank - FOUR) * 4 + suit] += 1


def _put(kinds: list[int], codes: list[int], cards: tuple[int, ...] | list[int]) -> None:
    for code in cards:
        kinds[rank_of(code)] += 1
        if code >= SUITED:
            codes[code] += 1


def _hand_cards(hand: tuple[int, ...] | list[int], cards: tuple[int, ...] | list[int] | None,
                kinds: list[int], codes: list[int]) -> None:
    """Add a hand (counts per kind, and per code where suits are kept) to the tallies."""
    if cards is None:
        for kind in range(NUM_KINDS):
            kinds[kind] += hand[kind]
        return
    for kind in range(FOUR):
        kinds[kind] += hand[kind]
    for code in range(SUITED, NUM_CODES):
        kinds[rank_of(code)] += cards[code]
        codes[code] += cards[code]


def used(s: State) -> tuple[list[int], list[int]]:
    """The cards a state places, by kind and by code (suited cards only; melds of a rank keep
    no suits)."""
    kinds, codes = [0] * NUM_KINDS, [0] * NUM_CODES
    for seat in s.seats:
        for kind in range(NUM_KINDS):
            kinds[kind] += seat.foot[kind]
        kinds[RED_THREE] += seat.red_threes
        kinds[BLACK_THREE] += seat.black_threes
        _hand_cards(seat.hand, seat.cards, kinds, codes)
    for side in s.sides:
        kinds[BLACK_THREE] += side.black_threes_removed
        _side_cards(side, kinds, codes)
    opening = s.turn.opening
    bonus = [c for pile in s.table.bonus for c in pile]
    _put(kinds, codes, [*s.table.pile, *s.table.under, *s.table.stock, *bonus,
                        *(opening.pending or () if opening else ())])
    return kinds, codes


def _cards(s: State, t: Tables) -> None:
    """No more cards than the pack holds; a tentative opening laid after the draw."""
    kinds, codes = used(s)
    for kind in range(NUM_KINDS):
        if kinds[kind] > t.pack[kind]:
            raise PositionError(f"the position holds {kinds[kind]} of {kind_name(kind)}, "
                                f"more than the pack's {t.pack[kind]}")
    for code in range(SUITED, NUM_CODES):
        if codes[code] > t.codes[code]:
            raise PositionError(f"the position holds {codes[code]} of {kind_name(code)}, "
                                f"more than the pack's {t.codes[code]}")
    opening, turn = s.turn.opening, s.turn
    if opening is None:
        return
    if turn.phase != Phase.MELD:
        raise PositionError("opening: a tentative opening is laid after the draw (turn ... meld)")
    if opening.pending is not None and not turn.took:
        raise PositionError("opening pending: only an opening that took the pile holds its "
                            "cards waiting (add 'took')")
    if not -1 <= opening.blocked < t.players:
        raise PositionError(f"opening blocked {opening.blocked}: expected -1 to {t.players - 1}")


# ---------------------------------------------------------------------- melds

def _melds(s: State, t: Tables) -> None:
    """Each meld as the meld rules allow it, on a side that has opened (or is opening)."""
    rules = t.rules
    combined = t.partners_at_pile and s.seat_sides != t.seat_sides
    for side in s.sides:
        for meld in side.melds:
            if meld is not None:
                _check_meld(meld, t, combined)
        if (side.runs != [None] * 4 or side.sambas) and not rules.melds.sequences:
            raise PositionError("a side has a sequence, but these rules have no sequences")
    for n, side in enumerate(s.sides):
        if n not in s.seat_sides and (side.opened or any(side.melds)):
            raise PositionError(f"side {n} has melds or has opened, but no seat plays for it "
                                "(partners)")
        tentative = s.turn.opening is not None and s.seat_sides[s.turn.seat] == n
        has = any(m is not None for m in side.melds) or side.sambas or side.runs != [None] * 4
        if has and not side.opened and not tentative:
            raise PositionError(f"side {n} has melds but has not made its initial meld "
                                "(add 'opened', or a tentative 'opening')")
        if side.opened and tentative:
            raise PositionError(f"side {n} has an opening in progress but has melded already")


def _check_meld(meld: Meld, t: Tables, combined: bool = False) -> None:
    """Refuse a meld the rules could not lay; ``combined``: two partners' melds may have been
    combined into it (``partners.form``), so it may hold more wild cards than ruling 7 lets a
    meld be laid with."""
    rules = t.rules.melds
    text = meld_text(meld)
    if meld.rank == WILD:
        if not rules.wild_melds:
            raise PositionError(f"a meld of wild cards alone ({text}): these rules allow none")
        if meld.size < 3:
            raise PositionError(f"a meld of wild cards alone ({text}) holds at least three")
        if rules.twos_meld and (meld.twos < rules.min_naturals or
                                meld.jokers > t.cap[min(meld.twos, len(t.cap) - 1)]):
            raise PositionError(f"a meld of 2s ({text}) holds more jokers than its 2s allow")
        return
    if meld.rank == BLACK_THREE:
        if meld.naturals not in rules.black_three_sets or meld.wilds:
            raise PositionError(f"a black-3 set of {meld.naturals} ({text}) is not allowed")
        return
    if meld.rank < FOUR:
        raise PositionError(f"{text}: red 3s are never melded")
    if meld.size < 3 or meld.naturals < rules.min_naturals:
        raise PositionError(f"a meld ({text}) needs three cards, {rules.min_naturals} of them "
                            "natural")
    if meld.wilds > t.cap[min(meld.naturals, len(t.cap) - 1)] and \
            not rules.wild_limit_at_laydown_only and not combined:
        raise PositionError(f"a meld ({text}) holds more wild cards than its naturals allow")
    if rules.max_size and meld.size > rules.max_size:
        raise PositionError(f"a meld ({text}) holds more than {rules.max_size} cards")


# ---------------------------------------------------------------------- the turn

def _turn(s: State, t: Tables) -> None:
    """The turn's flags agree with its phase, the questions with the rules and the seats."""
    turn, table, rules = s.turn, s.table, t.rules
    phase = turn.phase
    results = s.match.results
    if [r.deal for r in results] != list(range(1, len(results) + 1)) or (
            results and s.match.deal != len(results) + (0 if s.match.over else 1)):
        raise PositionError("results: the hands are numbered 1, 2, ... and the deal is the "
                            "one after the last result")
    if any(not -1 <= r.went_out < t.players for r in results):
        raise PositionError(f"results: the seat out is -1 or 0 to {t.players - 1}")
    if phase == Phase.OVER:
        return
    if table.turns >= rules.limits.max_turns_per_hand:
        raise PositionError(f"turns {table.turns}: a hand ends at "
                            f"limits.max_turns_per_hand ({rules.limits.max_turns_per_hand})")
    if turn.retracts > rules.limits.retracts_per_turn:
        raise PositionError(f"retracts {turn.retracts}: these rules allow "
                            f"{rules.limits.retracts_per_turn} a turn")
    if turn.permission != Answer.NONE and not rules.going_out.ask_partner:
        raise PositionError("permission: these rules do not let a player ask 'may I go out?'")
    if turn.acaba != Answer.NONE and not rules.going_out.acaba:
        raise PositionError("acaba: these rules have no acaba")
    if turn.asked and t.players == t.sides:
        raise PositionError("asked: no seat has a partner to ask under these rules")
    if phase == Phase.ANSWER:
        _answering(s, t)
    elif turn.asker not in (-1, turn.seat) or turn.acaba == Answer.ASKED:
        raise PositionError("asker, acaba: outside 'turn ... answer' the asker is the seat to "
                            "act, and a question asked is answered")
    if turn.drew and turn.took:
        raise PositionError("drew, took: a turn draws from the stock or takes the pile, not "
                            "both")
    if phase != Phase.MELD and (turn.drew or turn.took or turn.melded or turn.created or
                                turn.opening_points):
        raise PositionError("drew, took, melded, created, opening-points: nothing is drawn, "
                            "taken or laid before the draw (turn ... draw or answer)")
    acting = turn.asker if phase == Phase.ANSWER else turn.seat
    if table.blocked not in (-1, acting) or (table.blocked >= 0 and table.pile[-1:] !=
                                             [BLACK_THREE]):
        raise PositionError(f"blocked {table.blocked}: a black 3 on top of the pile blocks "
                            "the seat to act, and no other")


def _answering(s: State, t: Tables) -> None:
    """While the partner answers: the asker asked it, and nothing else happened yet."""
    turn = s.turn
    if turn.asker < 0 or turn.seat != (turn.asker + t.sides) % t.players or not turn.asked \
            or turn.permission != Answer.NONE or turn.acaba not in (Answer.NONE, Answer.ASKED):
        raise PositionError("turn ... answer: the seat to answer is the partner of the "
                            "'asker', who has 'asked' and has no answer yet")
    if turn.acaba == Answer.NONE and not t.rules.going_out.ask_partner:
        raise PositionError("turn ... answer: these rules do not let a player ask "
                            "'may I go out?'")


# ---------------------------------------------------------------------- a whole game

def _whole(s: State, t: Tables) -> None:
    """What a part of a game (``partial``) may leave out: the cards of every hand, how the
    turn came about, a move for the seat to act."""
    turn = s.turn
    for n, seat in enumerate(s.seats):
        if any(k > h for k, h in zip(seat.known, seat.hand, strict=True)):
            raise PositionError(f"known (seat {n}): the known cards must be in the seat's hand")
    if turn.phase == Phase.MELD and not (turn.drew or turn.took):
        raise PositionError("drew, took: after the draw a turn has drawn from the stock or "
                            "taken the pile (add 'drew' or 'took')")
    answers = (turn.permission != Answer.NONE) + (turn.acaba != Answer.NONE)
    if turn.phase != Phase.ANSWER and (turn.asked != (turn.asker == turn.seat) or
                                       turn.asked != (answers == 1)):
        raise PositionError("asked, asker, permission, acaba: a seat that asked this turn is "
                            "the 'asker' of its own turn, marked 'asked', with its partner's "
                            "one answer ('permission' or 'acaba' yes or no); one that did not "
                            "has none of them")
    if turn.opening is not None:
        _opening_accounts(s, t)
    _play_goes_on(s, t)


def _opening_accounts(s: State, t: Tables) -> None:
    """What a retract puts back (the hand before, and the pile before where the opening took
    it) is what the hand, the side's melds and the taken pile hold now."""
    turn = s.turn
    opening = turn.opening
    assert opening is not None
    if any(k > h for k, h in zip(opening.known, opening.hand, strict=True)):
        raise PositionError("opening known: the known cards must be in the opening's hand")
    before = ([0] * NUM_KINDS, [0] * NUM_CODES)
    now = ([0] * NUM_KINDS, [0] * NUM_CODES)
    _hand_cards(opening.hand, opening.cards, *before)
    player = s.seats[turn.seat]
    _hand_cards(player.hand, player.cards, *now)
    _side_cards(s.sides[s.seat_sides[turn.seat]], *now)
    if turn.took:
        _put(*before, opening.pile)
        _put(*now, [*s.table.pile, *(opening.pending or ())])
    elif list(opening.pile) != s.table.pile:
        raise PositionError("opening pile: an opening that did not take the pile leaves it as "
                            "it was")
    # (melds of a rank keep no suits: by code, only what is still suited is compared)
    if before[0] != now[0] or any(n > b for b, n in zip(before[1], now[1], strict=True)):
        raise PositionError("opening: its hand (and the pile it took) must hold exactly the "
                            "cards now in the hand, the side's melds and the taken pile")


# ---------------------------------------------------------------------- play goes on

def _play_goes_on(s: State, t: Tables) -> None:
    """Every seat holds a card (the seat to act none only while a taken pile waits for its
    opening's commit), and the seat to act has a legal action."""
    turn = s.turn
    pending = turn.opening is not None and turn.opening.pending is not None
    for n, seat in enumerate(s.seats):
        if seat.size + seat.foot_size == 0 and not (n == turn.seat and pending):
            raise PositionError(f"hands: seat {n} holds no card, but a seat's hand empties "
                                "only as the hand ends")
    if not turns.legal_actions(s, t):
        raise PositionError("the seat to act has no legal action, and the game is not over")
