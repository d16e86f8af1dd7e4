"""Melds: new melds of a rank, additions, melds of wild cards alone, black-3 sets
(docs/rules.md, "The game in brief": melds; rulings 7, 10, 14 and 21).

A new meld is three cards — three naturals of a rank, or two and a wild (``meld K K K``,
``meld K K 2``) — and cards join it one at a time (``add K JK``). Each side has one meld per
rank, in its meld table (``Side.melds``). Where the rules allow it, three wild cards make a
meld of their own (``meld 2 2 JK``, ``add W 2``: their generator is ``wild_melds``', their lay
this module's); black 3s go down only as the player goes out, as a set (``meld B3 B3 B3``).
Where suits matter, a new meld names its naturals' suits.

Each lay must keep the turn finishable (ruling 20: ``going_out.stranding``).
"""

from __future__ import annotations

from canasta.cards import ACE, BLACK_THREE, JOKER, NATURAL_RANKS, SUITED, TWO, kind_name
from canasta.engine import going_out
from canasta.engine.actions import (
    ADD_ACTIONS,
    ALL_ACTIONS,
    BLACK_THREE_MELDS,
    CODE,
    MELD_ACTIONS,
    SUITED_MELDS,
    Action,
    ActionType,
    Base,
    meld_cards,
    suited_melds_held,
)
from canasta.engine.canastas import (
    DEAD_RANK,
    TWOS_TAME,
    Delta,
    completed_ranks,
    in_meld,
    twos_tame,
    wild_add_refusal,
    wild_cap,
    wild_rule_refusal,
)
from canasta.engine.going_out import Lookahead
from canasta.engine.hand import spend
from canasta.engine.opening import open_tentatively
from canasta.engine.refusal import Refusal, Topic, keep, refuse
from canasta.engine.state import WILD, Meld, State
from canasta.engine.tables import Tables

Why = dict[Action, Refusal] | None


LAY_LIMIT = ("you have taken back your opening {} times this turn; discard to end your turn")


def lay_refusal(s: State, t: Tables) -> Refusal | None:
    """An unmelded side's player who has taken back ``limits.retracts_per_turn`` openings this
    turn may lay nothing more this turn (docs/rules.md, "Engine caps")."""
    turn = s.turn
    if not s.sides[s.seat_sides[turn.seat]].opened and turn.opening is None and \
            turn.retracts >= t.rules.limits.retracts_per_turn:
        return refuse(Topic.OPENING, LAY_LIMIT, turn.retracts)
    return None


def rank_actions(s: State, t: Tables, size: int, look: Lookahead, why: Why = None
                 ) -> list[Action]:
    """New melds and additions of every natural rank the seat may lay now, rank by rank
    (``size``: its cards, a waiting foot included)."""
    seat = s.turn.seat
    side = s.sides[s.seat_sides[seat]]
    player = s.seats[seat]
    hand, cards = player.hand, player.cards
    melds, cap, points = side.melds, t.cap, t.points
    rules = t.rules.melds
    limit = rules.max_size or 10**6
    # When ``wild_add_refusal`` can refuse a wild card: only then is it asked.
    free_wilds, full_canasta = rules.wild_limit_at_laydown_only, rules.no_wild_on_canasta
    csize = rules.canasta_size
    wild_two, wild_jok = hand[TWO], hand[JOKER]
    if wild_two and rules.twos_tame_while_open and twos_tame(side, t):
        wild_two = 0  # the refusal is melds.meld_refusal's and add_refusal's
    ops = s.turn.opening_points
    stranding = going_out.stranding
    # Ranks no meld may take (meld_refusal and add_refusal say why) are left out of the loop.
    ranks = NATURAL_RANKS
    if rules.completed_rank_dead:
        dead = completed_ranks(s, t)
        ranks = tuple(r for r in NATURAL_RANKS if not dead[r])
    wild_rules, opened = t.wild_rules, side.opened
    held = (1 if wild_two else 0) + (2 if wild_jok else 0)  # which wild kinds the hand holds
    wild_kinds = _WILD_KINDS[held]
    three_ok = rules.min_naturals <= 3
    # Two cards kept and no refusal wanted: no new meld needs looking at (ruling 20).
    unhurried = size >= 5 and why is None
    # New suited melds when two cards are kept and no refusal is wanted: what they are
    # depends only on the suits of the rank held, the wild cards held, whether three
    # naturals meld and whether a wild card may join two (``_suited_melds``).
    plain_suited = cards is not None and size >= 5 and why is None
    acts: list[Action] = []
    for r in ranks:
        c = hand[r]
        meld = melds[r]
        if meld is None:
            if c < 2:
                continue
            two_cap = wild_cap(t, melds, opened, r, 2, 0) if wild_rules else cap[2]
            if cards is not None:
                if not plain_suited:  # ruling 20 or the refusals to look at: every meld checked
                    acts += _suited_melds(s, t, r, size, look, why)
                    continue
                plain = _PLAIN_SUITED.setdefault((three_ok, two_cap >= 1), {})
                base = SUITED + (r - 4) * 4
                key = (r, bytes(cards[base:base + 4]), wild_two > 0, wild_jok > 0)
                found = plain.get(key)
                if found is None:
                    found = plain[key] = tuple(_suited_melds(s, t, r, size, look, None))
                acts += found
                continue
            if unhurried:
                acts += _NEW_SETS[r][c >= 3 and three_ok][held if two_cap >= 1 else 0]
                continue
            bases = MELD_ACTIONS[r]
            assert bases is not None
            cand = []
            for base, wild in _NEW_MELDS[c >= 3][held]:
                if wild < 0:  # three naturals
                    if three_ok:
                        cand.append((base, 3 * points[r], 3))
                    elif why is not None:
                        why[bases[base]] = _min_naturals(t)
                elif two_cap >= 1:
                    cand.append((base, 2 * points[r] + points[wild], 2))
                elif why is not None:
                    why[bases[base]] = wild_rule_refusal(t, melds, opened, r, 2) \
                        if cap[2] >= 1 else _no_wild_with_two(t)
            for base, laid, dn in cand:
                if size >= 5:  # two cards kept: nothing to look at (ruling 20)
                    acts.append(bases[base])
                else:
                    keep(acts, why, bases[base], stranding(
                        s, t, size - 3, (r, dn, 3 - dn), ops + laid, bases[base], look))
            continue
        if not c and not wild_kinds:
            continue
        wilds = wild_kinds
        n, w = meld.naturals, meld.twos + meld.jokers
        if n + w >= limit:
            if why is not None:
                full = refuse(Topic.MELDS, "a meld holds at most {} cards under these rules", limit)
                for k in _naturals_held(r, c, cards) + wilds:
                    why[ADD_ACTIONS[r][k]] = full
            continue
        if wilds and ((w >= cap[n] and not free_wilds) or (full_canasta and n + w >= csize)
                      or (wild_rules and w >= wild_cap(t, melds, opened, r, n, w))):
            no_wild = wild_add_refusal(t, meld, melds, opened)
            if no_wild is not None:
                if why is not None:
                    for k in wilds:
                        why[ADD_ACTIONS[r][k]] = no_wild
                wilds = ()
        if size >= 3 and cards is None:  # two cards kept: nothing to look at (ruling 20)
            acts += _ADD_SETS[r][c > 0][held if wilds else 0]
            continue
        adds = ADD_ACTIONS[r]
        kinds = _naturals_held(r, c, cards) + wilds  # the order of _ADD_SETS
        if size >= 3:
            acts += [adds[k] for k in kinds]
            continue
        for k in kinds:
            is_wild = k <= TWO
            keep(acts, why, adds[k], stranding(s, t, size - 1, (r, int(not is_wild), int(is_wild)),
                                               ops + points[t.rank_of[k]], adds[k], look))
    return acts


def _naturals_held(r: int, c: int, cards: list[int] | None) -> tuple[int, ...]:
    """The naturals of rank ``r`` (``c`` held) an addition may name: the kind, or where suits
    matter each suited code held."""
    if not c:
        return ()
    if cards is None:
        return _ALONE[r]
    return tuple([k for k in _SUIT_CODES[r] if cards[k]])


#: New suited melds when the hand keeps two cards and no refusal is wanted (``rank_actions``),
#: by (three naturals allowed, a wild allowed with two), then by (rank, the hand's count of
#: it in each suit, a 2 held, a joker held).
_PLAIN_SUITED: dict[tuple[bool, bool], dict[tuple[int, bytes, bool, bool], tuple[Action, ...]]] = {}

#: By which wild kinds a hand holds (1: a 2, 2: a joker, 3: both): those kinds, in the order
#: their melds and additions are generated.
_WILD_KINDS: tuple[tuple[int, ...], ...] = ((), (TWO,), (JOKER,), (TWO, JOKER))

#: The order of new unsuited melds, spelled once (``rank_actions``' loop and ``_NEW_SETS``):
#: _NEW_MELDS[three naturals held][wild kinds held, as for _WILD_KINDS], each candidate's
#: (base, wild kind or -1): three naturals first, then two naturals with each wild kind.
_NEW_MELDS: tuple[tuple[tuple[tuple[Base, int], ...], ...], ...] = tuple(tuple(
    ((Base.NATURAL, -1),) * nat + tuple((Base.WITH_JOKER if k == JOKER else Base.WITH_TWO, k)
                                        for k in wk) for wk in _WILD_KINDS) for nat in (0, 1))

#: New unsuited melds when two cards are kept (``rank_actions``): _NEW_SETS[rank][three
#: naturals allowed and held][wild kinds held and allowed with two naturals], as _NEW_MELDS.
_NEW_SETS = tuple(tuple(tuple(tuple(bases[b] for b, _ in melds) for melds in by_wilds)
                        for by_wilds in _NEW_MELDS)
                  if bases is not None else () for bases in MELD_ACTIONS)

#: Per kind: the one-kind tuple of it (the natural an addition names, made once).
_ALONE = tuple((k,) for k in range(ACE + 1))

#: Unsuited additions: _ADD_SETS[rank][a natural held][wild kinds held, as for _WILD_KINDS],
#: in ``rank_actions``' order: the naturals held (``_naturals_held``), then the wild cards.
_ADD_SETS = tuple(tuple(tuple(tuple(ADD_ACTIONS[r][k] for k in _naturals_held(r, nat, None) + wk)
                              for wk in _WILD_KINDS) for nat in (0, 1))
                  if r in NATURAL_RANKS else () for r in range(ACE + 1))

#: Per natural rank: its four suited card codes.
_SUIT_CODES = {r: tuple(range(SUITED + (r - 4) * 4, SUITED + (r - 3) * 4)) for r in NATURAL_RANKS}

# Enum members read once: a member looked up on its enum class costs five times a global.
_BLACK_THREES, _ADD = ActionType.MELD_BLACK_THREES, ActionType.ADD


def _min_naturals(t: Tables) -> Refusal:
    return refuse(Topic.MELDS, "a meld needs {} natural cards", t.rules.melds.min_naturals)


def _no_wild_with_two(t: Tables) -> Refusal:
    return refuse(Topic.MELDS, "a meld needs at least {} natural cards and these rules allow no "
                  "wild card with two naturals", t.rules.melds.min_naturals)


def _suited_melds(s: State, t: Tables, r: int, size: int, look: Lookahead, why: Why
                  ) -> list[Action]:
    """New melds of rank ``r`` naming the suits of their naturals, found from the hand's
    count of the rank in each suit."""
    player = s.seats[s.turn.seat]
    cards, hand = player.cards, player.hand
    assert cards is not None
    base = SUITED + (r - 4) * 4
    cap, points = t.cap, t.points
    ops = s.turn.opening_points
    three_ok = t.rules.melds.min_naturals <= 3
    templates = SUITED_MELDS[r]
    side = s.sides[s.seat_sides[s.turn.seat]]
    tame = twos_tame(side, t)
    two_cap = wild_cap(t, side.melds, side.opened, r, 2, 0)
    acts: list[Action] = []
    for i in suited_melds_held(bytes(cards[base:base + 4])):
        action, naturals, wild, _ = templates[i]
        if wild < 0:
            if not three_ok:
                if why is not None:
                    why[action] = _min_naturals(t)
                continue
        elif not hand[wild] or (tame and wild == TWO):
            continue
        elif two_cap < 1:
            if why is not None:
                why[action] = _no_wild_with_two(t) if cap[2] < 1 else \
                    wild_rule_refusal(t, side.melds, side.opened, r, 2)
            continue
        if size >= 5:  # two cards kept: nothing to look at (ruling 20)
            acts.append(action)
            continue
        laid = len(naturals) * points[r] + (points[wild] if wild >= 0 else 0)
        verdict = going_out.stranding(s, t, size - 3, (r, len(naturals), int(wild >= 0)),
                                      ops + laid, action, look)
        keep(acts, why, action, verdict)
    return acts


def black_three_actions(s: State, t: Tables, size: int, why: Why = None) -> list[Action]:
    """Black 3s are melded only when going out, as a natural set of an allowed size
    (``melds.black_three_sets``; ruling 10): with at most one card left for the discard, or
    none where the set must be the last of the hand."""
    seat = s.turn.seat
    side = s.sides[s.seat_sides[seat]]
    b3 = s.seats[seat].hand[BLACK_THREE]
    sets = t.rules.melds.black_three_sets
    ops = s.turn.opening_points
    last = 0 if t.rules.melds.black_three_set_last else 1
    if why is None and size - b3 > last:  # each set (of at most b3) leaves more than that
        return []
    points = t.points[BLACK_THREE]
    meld = side.melds[BLACK_THREE]
    if meld is not None:
        candidates = [(ADD_ACTIONS[BLACK_THREE][BLACK_THREE], 1)] if meld.naturals + 1 in sets \
            else []
    else:
        candidates = [(BLACK_THREE_MELDS[n], n) for n in sets if n <= b3]
    tentative = s.turn.opening
    if tentative is not None and tentative.pending is not None:
        if why is not None:
            for action, _ in candidates:
                why[action] = OPENING_FIRST
        return []
    acts: list[Action] = []
    for action, n in candidates:
        verdict: Refusal | None = None
        if size - n > last:
            verdict = ONLY_GOING_OUT_LAST if last == 0 else ONLY_GOING_OUT
        else:
            why_not = going_out.go_out_refusal(s, t, None, ops + n * points)
            if why_not is not None:
                verdict = refuse(Topic.THREES, "black 3s go down only as you go out, and you may "
                                 "not go out: {}", why_not)
        keep(acts, why, action, verdict)
    return acts


OPENING_FIRST = Refusal("commit your opening first", Topic.OPENING)
ONLY_GOING_OUT = Refusal("black 3s may be melded only as you go out (docs/rules.md, "
                         "ruling 10)", Topic.THREES)
ONLY_GOING_OUT_LAST = Refusal("black 3s may be melded only as the last cards of your hand "
                              "(docs/rules.md, ruling 10)", Topic.THREES)


# ---------------------------------------------------------------------- refusals in words

def meld_refusal(s: State, t: Tables, action: Action) -> Refusal | None:
    """Why a new meld was not even considered: a meld of that rank exists, suits missing or
    superfluous, cards not held."""
    seat, r = s.turn.seat, action.rank
    hand, cards = s.seats[seat].hand, s.seats[seat].cards
    naturals, wild = meld_cards(action)
    if s.sides[s.seat_sides[seat]].melds[r] is not None:
        return refuse(Topic.MELDS, "your side already has a meld of {:kinds}: add to it instead", r)
    if (naturals[0] >= SUITED) != t.suited:
        return Refusal("name the suits of your naturals, e.g. 'meld KS KH KH'" if t.suited
                       else "suits play no part in these rules: 'meld K K K'", Topic.MELDS)
    if hand[r] < len(naturals):
        return refuse(Topic.MELDS, "you have {} {:" + ("kind" if hand[r] == 1 else "kinds")
                      + "}; this meld needs {}", hand[r], r, len(naturals))
    if cards is not None and any(cards[c] < naturals.count(c) for c in naturals):
        return refuse(Topic.MELDS, "you do not hold {}", " ".join(kind_name(c) for c in naturals))
    if wild >= 0 and not hand[wild]:
        return refuse(Topic.MELDS, "you have no {:kind}", wild)
    if wild == TWO and twos_tame(s.sides[s.seat_sides[seat]], t):
        return TWOS_TAME
    return refuse(Topic.MELDS, DEAD_RANK, r) if completed_ranks(s, t)[r] else None


def add_refusal(s: State, t: Tables, action: Action) -> Refusal | None:
    """Why an addition was not even considered: no such meld, the card not held."""
    seat = s.turn.seat
    hand, cards = s.seats[seat].hand, s.seats[seat].cards
    r, kind = action.rank, action.arg
    meld = s.sides[s.seat_sides[seat]].melds[r]
    if r == WILD:
        if meld is None:
            return Refusal("your side has no meld of wild cards", Topic.MELDS)
    elif meld is None:
        return refuse(Topic.MELDS, "your side has no meld of {:kinds}", r)
    if t.rank_of[kind] == r and r != BLACK_THREE and (kind >= SUITED) != t.suited:
        return Refusal("name the card's suit, e.g. 'add K KH'" if t.suited
                       else "suits play no part in these rules: 'add K K'", Topic.MELDS)
    held = cards[kind] if kind >= SUITED and cards is not None else hand[kind]
    if not held:
        return refuse(Topic.MELDS, "you have no {:kind}", kind)
    if r == BLACK_THREE:
        return Refusal("these rules do not allow a black-3 set that large", Topic.THREES)
    if kind == TWO and r != WILD and twos_tame(s.sides[s.seat_sides[seat]], t):
        return TWOS_TAME
    return refuse(Topic.MELDS, DEAD_RANK, r) if r != WILD and completed_ranks(s, t)[r] else None


def black_three_refusal(s: State, t: Tables, action: Action) -> Refusal | None:
    """Why a black-3 set was not considered."""
    b3 = s.seats[s.turn.seat].hand[BLACK_THREE]
    if b3 < action.arg:
        return refuse(Topic.THREES, "you have only {} black 3s", b3)
    if s.sides[s.seat_sides[s.turn.seat]].melds[BLACK_THREE] is not None:
        return Refusal("your side already has its black 3s down", Topic.THREES)
    if action.arg not in t.rules.melds.black_three_sets:
        return Refusal("these rules do not allow a black-3 set of that size", Topic.THREES)
    return None


# ---------------------------------------------------------------------- laying

def _cards_laid(action: Action) -> tuple[int, ...]:
    """The cards a laying action of this family takes from the hand (kinds, or suited codes
    where suits matter)."""
    kind = action.type
    if kind == ActionType.MELD:
        naturals, wild = meld_cards(action)
        return naturals if wild < 0 else (*naturals, wild)
    if kind == ActionType.MELD_WILD:
        return (JOKER,) * action.arg + (TWO,) * (3 - action.arg)
    if kind == ActionType.MELD_BLACK_THREES:
        return (BLACK_THREE,) * action.arg
    return (action.arg,)


#: Per action code: the cards it lays (for the actions of this family; others are empty).
CARDS_LAID: tuple[tuple[int, ...], ...] = tuple(
    _cards_laid(a) if a.type in (ActionType.MELD, ActionType.MELD_WILD,
                                 ActionType.MELD_BLACK_THREES, ActionType.ADD) else ()
    for a in ALL_ACTIONS)


def _new_meld(action: Action) -> Meld:
    """The meld a new meld of this family lays: its three cards (or the black-3 set)."""
    if action.type == ActionType.MELD:
        naturals, wild = meld_cards(action)
        return Meld(action.rank, len(naturals), int(wild == TWO), int(wild == JOKER))
    if action.type == ActionType.MELD_WILD:
        return Meld(WILD, 0, 3 - action.arg, action.arg)
    return Meld(BLACK_THREE, action.arg)


#: Per action code: the meld a new meld of this family lays (None for any other action).
NEW_MELDS: tuple[Meld | None, ...] = tuple(
    _new_meld(a) if a.type in (ActionType.MELD, ActionType.MELD_WILD,
                               ActionType.MELD_BLACK_THREES) else None
    for a in ALL_ACTIONS)

#: Per action code: the cards ``CARDS_LAID`` names, as (card, how many), in their order.
CARDS_SPENT: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((card, cards.count(card)) for card in dict.fromkeys(cards)) for cards in CARDS_LAID)


def grown(melds: list[Meld | None], t: Tables, action: Action) -> Meld:
    """The side's meld of the action's rank after a laying action of this family: a new meld
    of its three cards, or the old one with the card added (a wild added to a natural canasta
    makes it mixed: ruling 14)."""
    if action.type == _ADD:
        r = action.rank
        old = melds[r]
        assert old is not None
        card = action.arg
        if card == TWO:
            return Meld(r, old.naturals, old.twos + 1, old.jokers)
        if card == JOKER:
            return Meld(r, old.naturals, old.twos, old.jokers + 1)
        return Meld(r, old.naturals + 1, old.twos, old.jokers)
    new = NEW_MELDS[CODE[action]]
    assert new is not None
    return new


def lay(s: State, t: Tables, action: Action) -> tuple[int, int]:
    """Lay a new meld (three of a rank, or two and a wild; three wild cards; the black-3
    set) or add one card to a meld of the side: a side that has not melded lays tentatively.
    Returns the cards and the card points laid."""
    seat = s.turn.seat
    side = s.sides[s.seat_sides[seat]]
    code = CODE[action]
    new = grown(side.melds, t, action)
    old = side.melds[new.rank]
    if old is None:  # a new meld
        if not side.opened:
            open_tentatively(s, t)
        s.turn.created = (*s.turn.created, new.rank)
    points = 0
    for card, n in CARDS_SPENT[code]:
        spend(s, t, seat, card, n)
        points += n * t.points[t.rank_of[card]]
    side.melds[new.rank] = new
    cs = t.rules.melds.canasta_size
    before = old.naturals + old.twos + old.jokers if old is not None else 0
    if before < cs:
        if cs <= new.naturals + new.twos + new.jokers and \
                action.type != _BLACK_THREES:  # a set laid whole was never counted
            side.canastas += 1
    elif t.canasta_top > before:  # a rank's next canastas (Samba: melds.canastas_per_rank)
        side.canastas += in_meld(t, new.rank, new.size) - in_meld(t, new.rank, before)
    return len(CARDS_LAID[code]), points


def ahead(s: State, t: Tables, action: Action
          ) -> tuple[list[int], list[Meld | None], int, Delta]:
    """What a laying action of this family would leave, the state unchanged: the hand (by
    kind), the side's meld table, the card points laid, and what it adds to the meld of its
    rank (naturals, wilds), for the going-out look-ahead (docs/architecture.md)."""
    seat = s.turn.seat
    side = s.sides[s.seat_sides[seat]]
    hand = s.seats[seat].hand[:]
    rank_of, points = t.rank_of, t.points
    laid = 0
    for card, n in CARDS_SPENT[CODE[action]]:
        kind = rank_of[card]
        hand[kind] -= n
        laid += n * points[kind]
    table = side.melds[:]
    new = grown(side.melds, t, action)
    old = table[new.rank]
    table[new.rank] = new
    if old is None:
        delta = (new.rank, new.naturals, new.twos + new.jokers)
    else:
        delta = (new.rank, new.naturals - old.naturals,
                 new.twos + new.jokers - old.twos - old.jokers)
    return hand, table, laid, delta


#: The laying transitions of this family, by action type.
LAYS = {kind: lay for kind in (ActionType.MELD, ActionType.MELD_WILD,
                               ActionType.MELD_BLACK_THREES, ActionType.ADD)}
