"""The whole table as one seat sees it: ``table_facts(view, names, log)``
(docs/presentation.md, "The table"); and as a spectator sees it, from the public view:
``spectator_facts(view, names, log)``, the same facts built the same way from a chair at no
seat (``Gallery``: every seat in the third person), without what only a seat has.

Every fact is read from the seat's ``PlayerView`` or asked of the engine: legal actions and
their words, refusals (``why_illegal`` on a game sampled from the view, which agrees with
everything the seat can see), scoring, the frozen verdict and its reason (``pile.frozen_by``,
the reason a refused take gives as well).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from canasta.cards import BLACK_THREE, JOKER, RED_THREE, TWO, kind_name, rank_of, suited
from canasta.engine.actions import (
    SUITED_TAKES,
    TAKE_ACTIONS,
    Action,
    ActionType,
    Route,
    route_of,
)
from canasta.engine.determinize import determinize
from canasta.engine.pile import BLOCKED, Frozen, frozen_by
from canasta.engine.view import PlayerView
from canasta.presentation.cards import (
    card_fact,
    eyed,
    groups_text,
    hand_groups,
    side_melds,
    with_suits,
)
from canasta.presentation.facts import (
    HintFact,
    OpeningFact,
    PileFact,
    SeatFact,
    SideFact,
    Suits,
    TableFacts,
    TurnFact,
    scoreboard,
)
from canasta.presentation.hint import action_fact, hint
from canasta.presentation.log import a, game_over_words, listing
from canasta.presentation.names import (
    NOBODY,
    Chair,
    Gallery,
    check_names,
    default_names,
    heading,
    wins,
)
from canasta.presentation.results import deal_breakdown, deal_lines


def frozen_reason(view: PlayerView, side_name: str = "") -> str:
    """Why the pile is frozen against the seat's side (the engine's ``pile.frozen_by``), the
    cards that freeze it named; "" when it is not frozen. ``side_name`` names that side for a
    spectator (else it is "your side")."""
    why = frozen_by(view.state, view.t, view.side)
    if why == Frozen.BY_CARDS:
        freezing = [c for c in view.pile if view.t.freezes[c]]
        if not freezing:
            return f"frozen: {why}"
        words = listing([a(card_fact(c).words) for c in freezing[-3:]])
        more = f" (and {len(freezing) - 3} more)" if len(freezing) > 3 else ""
        verb = "lies" if len(freezing) == 1 else "lie"
        return f"frozen: {words}{more} {verb} in it"
    if why == Frozen.BY_RULES:
        return "frozen: these rules keep the pile frozen"
    if why == Frozen.UNTIL_MELD:
        if side_name:
            return f"frozen for {side_name} until their initial meld"
        return "frozen for your side until it makes its initial meld"
    return ""


def take_refusal(view: PlayerView) -> str:
    """When the seat is to draw and no take is legal, the engine's reason a take by a natural
    pair is refused (asked on a game that agrees with the view); else ""."""
    if view.phase != "draw" or not view.legal_actions or \
            any(a.type == ActionType.TAKE for a in view.legal_actions):
        return ""
    if not view.pile:
        return "the pile is empty"
    game = determinize(view, random.Random(0), one_hand=True)
    pair = next(a for a in SUITED_TAKES if route_of(a)[0] == Route.PAIR) if view.t.suited \
        else TAKE_ACTIONS[Route.PAIR]
    return game.why_illegal(pair) or ""


def take_cards(view: PlayerView, action: Action) -> tuple[str, ...]:
    """The texts of the hand's cards the take ``action`` lays with the pile's top card: a
    natural pair, or a natural and a 2 or a joker (suited where the rules keep suits); none
    onto a meld."""
    route, suits = route_of(action)
    if route not in (Route.PAIR, Route.WITH_TWO, Route.WITH_JOKER):
        return ()
    rank = rank_of(view.pile_top)
    naturals = [suited(rank, s) for s in suits] if suits else \
        [rank] * (2 if route == Route.PAIR else 1)
    wild = {Route.WITH_TWO: [TWO], Route.WITH_JOKER: [JOKER]}.get(Route(route), [])
    return tuple(kind_name(code) for code in naturals + wild)


def pile_fact(view: PlayerView, suits: Suits | None = None, side_name: str = "") -> PileFact:
    """The pile: size, top card, frozen and why (and the card that freezes it), blocked, the
    routes offered; with ``suits`` its cards show their suits; ``side_name``: the side of the
    seat to act, named for a spectator (``frozen_reason``)."""
    legal_takes = [a for a in view.legal_actions if a.type == ActionType.TAKE]
    eyes = suits.pile if suits is not None and len(suits.pile) == len(view.pile) else \
        ("",) * len(view.pile)
    freezing = [i for i, c in enumerate(view.pile) if view.t.freezes[c]]
    under = freezing[-1] if freezing and view.pile_frozen else -1
    return PileFact(len(view.pile), eyed(view.pile_top, eyes[-1]) if view.pile else None,
                    view.pile_frozen, frozen_reason(view, side_name), view.blocked,
                    BLOCKED.words() if view.blocked else "",
                    tuple(action_fact(a) for a in legal_takes), take_refusal(view),
                    card_fact(view.pile[under]).rank if under >= 0 else "",
                    eyed(view.pile[under], eyes[under]).eye if under >= 0 else "",
                    tuple(take_cards(view, a) for a in legal_takes))


def turn_fact(view: PlayerView, chair: Chair) -> TurnFact:
    """Whose turn it is, in words for the seat."""
    seat = view.current_player
    if seat < 0:
        return TurnFact(-1, "", False, "over", game_over_words(view, chair))
    mine = seat == chair.seat
    asker = view.state.turn.asker
    if view.phase == "answer":
        words = (f"{chair.who(asker)} asks you: may I go out?" if mine else
                 f"{chair.who(asker)} asked {chair.who(seat, capital=False)}: may I go out?")
    elif mine:
        words = ("Your turn: draw from the stock or take the pile" if view.phase == "draw"
                 else "Your turn: meld, then discard (or go out)")
    else:
        words = f"{chair.who(seat)} to play"
    return TurnFact(seat, chair.names[seat], mine, view.phase, words)


def seat_facts(view: PlayerView, chair: Chair,
               suits: Suits | None = None) -> tuple[SeatFact, ...]:
    """Every seat: name, relation, cards in hand and foot, red 3s and black 3s laid out (as
    cards), known cards (of every seat but the chair's own, whose hand is shown whole: a
    spectator's chair is no seat's, so it is shown every seat's); with ``suits`` the 3s and the
    known cards show their suits."""
    sizes, feet, red, known = view.hand_sizes, view.foot_sizes, view.red_threes, view.known
    black = view.black_threes
    to_act = view.current_player

    def eyes(seat: int, kind: int) -> tuple[str, ...]:
        return suits.known[seat].get(kind, ()) if suits is not None and suits.known else ()

    def reds(seat: int) -> tuple[str, ...]:
        return suits.red_threes[seat] if suits is not None and suits.red_threes else ()

    def blacks(seat: int) -> tuple[str, ...]:
        return suits.black_threes[seat] if suits is not None and suits.black_threes else ()

    return tuple(
        SeatFact(seat, chair.names[seat], chair.side_of(seat), chair.relation(seat),
                 sizes[seat], feet[seat], red[seat],
                 tuple(card for k, n in enumerate(known[seat]) if n
                       for card in with_suits((card_fact(k),) * n, eyes(seat, k)))
                 if seat != chair.seat else (), seat == to_act,
                 with_suits((card_fact(RED_THREE),) * red[seat], reds(seat)), chair.who(seat),
                 with_suits((card_fact(BLACK_THREE),) * black[seat], blacks(seat)))
        for seat in range(view.players))


def side_facts(view: PlayerView, chair: Chair,
               suits: Suits | None = None) -> tuple[SideFact, ...]:
    """Every side: its melds, canastas, red 3s, score and opening minimum; where every seat
    keeps its own score (``players.partners_at_pile``), each of its seats' scores too. The
    seat's own side is ``mine`` (drawn nearest it); for a spectator the first side is, on
    every move alike, so the sides' melds keep their places as the turn goes round."""
    red, black = view.red_threes, view.black_threes
    scores, canastas, opened, minimums = (view.scores, view.canastas, view.initial_done,
                                          view.minimums)
    seated = [tuple(s for s in range(view.players) if chair.side_of(s) == side)
              for side in range(view.sides)]
    mine = view.side if chair.seat == view.seat else 0  # a spectator's: the first, always
    return tuple(
        SideFact(side, chair.side_name(side), side == mine, seats,
                 scores[side], side_melds(view, side, suits), canastas[side],
                 sum(red[s] for s in seats), opened[side], minimums[side],
                 sum(black[s] for s in seats),
                 tuple(scores[s] for s in seats) if chair.by_seat else ())
        for side, seats in enumerate(seated))


def table_facts(view: PlayerView, names: Sequence[str] | None = None,
                log: Sequence[str] = (), with_hint: bool = False,
                suits: Suits | None = None) -> TableFacts:
    """Everything the seat of ``view`` is shown: ``names`` one per seat (default
    ``default_names``), ``log`` the move log so far (lines of ``describe_move``), with
    ``with_hint`` the greedy bot's advice when the seat is to act, and with ``suits`` (the
    seat's, ``SuitLedger.seen_by``) the suit every card shows."""
    chosen = check_names(names, view.players) if names is not None else \
        default_names(view.players, view.seat)
    chair = Chair(view.seat, view.seat_sides, chosen, view.t.partners_at_pile)
    return _facts(view, chair, log, hint(view) if with_hint else None, suits)


def spectator_facts(view: PlayerView, names: Sequence[str], log: Sequence[str] = (),
                    suits: Suits | None = None) -> TableFacts:
    """Everything a spectator is shown, from the *public* view (the server's
    ``gallery.public_view``: every hand reduced to the cards everyone knows, placed at the seat
    to act): the facts a seat is shown, built the same way, from a chair at no seat
    (``Gallery``), with nothing of a seat's own (no hand, opening, dead ranks, actions or
    hint); with ``suits`` (``SuitLedger.seen_by(None)``) the suits the table's cards show."""
    chair = Gallery(view.seat_sides, check_names(names, view.players), view.t.partners_at_pile)
    return _facts(view, chair, log, None, suits)


def _facts(view: PlayerView, chair: Chair, log: Sequence[str], advice: HintFact | None,
           suits: Suits | None) -> TableFacts:
    """The facts of ``view`` from ``chair``: at the view's seat, a seat's; at no seat
    (``Gallery``), a spectator's, where what only a seat has is left empty."""
    seated = chair.seat == view.seat
    side = view.side
    results = view.results
    hand = hand_groups(view, suits) if seated else ()
    winner = view.state.match.winner
    winner_name = chair.score_name(winner) if view.state.match.over and winner >= 0 else ""
    seats, sides = seat_facts(view, chair, suits), side_facts(view, chair, suits)
    # the melds as the last deal ended: just after it (the ledger's), or the table's at the end
    ended = suits.deal_end if suits is not None and suits.deal_end else \
        tuple(side.melds for side in sides) if view.state.match.over else ()
    return TableFacts(
        rules=view.rules.title, deal=view.deal_number, seat=chair.seat,
        name=chair.names[chair.seat] if seated else "", side=side if seated else NOBODY,
        partners=tuple(chair.names[s] for s in chair.partners()),
        turn=turn_fact(view, chair), stock=view.stock_size,
        pile=pile_fact(view, suits, "" if seated else chair.side_name(side)),
        hand=hand, hand_text=groups_text(hand), seats=seats, sides=sides,
        opening=OpeningFact(view.initial_done[side], view.minimums[side],
                            view.opening_points, view.pending_pile) if seated else None,
        permission=view.permission,
        dead_ranks=tuple(kind_name(r) for r in view.dead_ranks) if seated else (),
        actions=tuple(action_fact(a) for a in view.legal_actions) if seated else (),
        log=tuple(log), hint=advice,
        last_deal=deal_breakdown(results[-1], chair, ended) if results else None,
        winner=winner_name, won=heading(wins(winner_name)) if winner_name else "",
        bonus_piles=view.bonus_sizes, deals=deal_lines(results),
        scoreboard=scoreboard(seats, sides))
