"""The initial meld, laid tentatively: the minimum, commit and retract (docs/rules.md, "The
game in brief": the initial meld; "Tentative openings"; ruling 6).

Until its side has made its initial meld, a player's melds and pile take are tentative: they
open an ``Opening`` that remembers the hand and the pile as they were. ``commit`` checks the
requirement (the minimum, a canasta where the score asks for one, no wild card where the
opening must be natural) and only then brings a taken pile's other cards into the hand;
``retract`` puts everything back, so a short opening is never a dead end.
"""

from __future__ import annotations

from canasta.cards import NUM_KINDS
from canasta.engine import canastas, partners
from canasta.engine.canastas import Delta
from canasta.engine.deal import take_bonus_pile
from canasta.engine.hand import joining, receive, take_under
from canasta.engine.refusal import Refusal, Topic, refuse
from canasta.engine.state import Answer, Opening, Phase, Side, State
from canasta.engine.tables import Tables

NO_OPENING = Refusal("there is no opening to commit", Topic.OPENING)
NOTHING_TO_RETRACT = Refusal("there is nothing tentative to take back", Topic.OPENING)

# Enum members read once: a member looked up on its enum class costs five times a global.
_SAID_NO, _SAID_YES, _DRAWING = Answer.NO, Answer.YES, Phase.DRAW



def open_tentatively(s: State, t: Tables) -> None:
    """Begin the turn's tentative opening, remembering what ``retract`` restores."""
    turn = s.turn
    if turn.opening is not None:
        return
    player, table = s.seats[turn.seat], s.table
    turn.opening = Opening(None, tuple(player.hand),
                           None if player.cards is None else tuple(player.cards),
                           player.known, tuple(table.pile), table.blocked)


def shortfall(side: Side, t: Tables, points: int, delta: Delta = None) -> Refusal | None:
    """What a tentative opening of ``points`` (plus ``delta``) still lacks, or None when it
    is complete: the minimum (ruling 6), a canasta where the side's score asks for one
    (``initial_meld.canasta_tiers``), no wild card where it must be natural (``natural_only``)."""
    if points < side.minimum:
        return refuse(Topic.OPENING, "your opening has {} points; your side needs {} "
                      "(docs/rules.md, ruling 6)", points, side.minimum)
    need = side.opening_canasta
    if need:
        _, natural, mixed = canastas.counts(side, t, delta)
        if natural + (mixed if need == 1 else 0) == 0:
            return refuse(Topic.OPENING, "your opening must hold {} at your side's score",
                          "a natural canasta" if need == 2 else "a canasta")
    if t.rules.initial_meld.natural_only and (
            canastas.wilds_on_table(side) or (delta is not None and delta[2])):
        return Refusal("your opening may hold no wild card under these rules", Topic.OPENING)
    return None


def commit_refusal(s: State, t: Tables) -> Refusal | None:
    """Commit only a complete opening; one that leaves a card or none must let the side go
    out (ruling 20: there must be a card for the turn's discard). The cards a taken pile
    brings count, less the 3s that are laid out or set aside on the way (Cuban)."""
    turn = s.turn
    opening = turn.opening
    if opening is None:
        return NO_OPENING
    side = s.sides[s.seat_sides[turn.seat]]
    short = shortfall(side, t, turn.opening_points)
    if short is not None:
        return short
    player = s.seats[turn.seat]
    left = player.size + player.foot_size  # and what a taken pile brings into the hand
    if opening.pending is not None:
        left += joining(t, opening.pending) + joining(t, s.table.under)
    if s.table.bonus:
        left += len(s.table.bonus[0])
    if left >= 2:
        return None
    go = t.rules.going_out
    if turn.permission == _SAID_NO:
        return Refusal("committing would leave you no card to keep after your discard, and "
                       "your partner said you may not go out", Topic.GOING_OUT)
    if go.must_ask and turn.permission != _SAID_YES:
        return Refusal("committing would leave you no card to keep after your discard, and these "
                       "rules let you go out only after your partner said yes", Topic.GOING_OUT)
    if canastas.toward_going_out(side, t) < go.canastas:
        return refuse(Topic.GOING_OUT, "committing would leave you no card to keep after your "
                      "discard, and your side needs {} canasta{} to go out", go.canastas,
                      "s" if go.canastas > 1 else "")
    if player.foot_size:
        return Refusal("committing would leave you no card to keep, and your foot is still "
                       "to be played", Topic.CARDS)
    return None


def retract_refusal(s: State) -> Refusal | None:
    """There must be a tentative opening to take back."""
    return NOTHING_TO_RETRACT if s.turn.opening is None else None


def close_opening(s: State, t: Tables) -> None:
    """The opening becomes the side's initial meld; a taken pile's waiting cards join the
    hand."""
    turn = s.turn
    s.sides[s.seat_sides[turn.seat]].opened = True
    if turn.took and t.partners_at_pile:
        partners.form(s, t, turn.seat)  # the pile is taken for good: the lone hand
    opening, turn.opening = turn.opening, None
    if opening is not None and opening.pending is not None:
        receive(s, t, turn.seat, opening.pending)
        take_under(s, t, turn.seat)  # face-down cards waited under the taken pile


def commit(s: State, t: Tables) -> bool:
    """Lay the opening down for good; True when that leaves the hand empty (everything was
    laid, and the taken pile brought nothing into it). The first pile of bonus cards left
    comes into the hand (``deal.bonus_piles``)."""
    close_opening(s, t)
    if s.table.bonus:
        take_bonus_pile(s, t)
    return s.seats[s.turn.seat].size == 0


def retract(s: State, t: Tables) -> None:
    """Take the opening back: the hand, the side's melds (it had none), and an untaken pile
    return as they were; the player may then draw instead."""
    turn = s.turn
    opening = turn.opening
    assert opening is not None
    player = s.seats[turn.seat]
    player.hand = list(opening.hand)
    player.size = sum(opening.hand)
    player.known = opening.known
    if opening.cards is not None:
        player.cards = list(opening.cards)
    side = s.sides[s.seat_sides[turn.seat]]
    side.melds = [None] * NUM_KINDS
    side.runs = [None] * 4
    side.sambas = ()
    side.canastas = 0
    if turn.took:
        table = s.table
        table.pile = list(opening.pile)
        table.freezers = sum(t.freezes[c] for c in table.pile)
        table.blocked = opening.blocked
        turn.took = False
        turn.phase = _DRAWING
    turn.opening = None
    turn.opening_points = 0
    turn.melded = False
    turn.created = ()
    turn.retracts += 1
