"""What a spectator is shown: the public information of a table, as facts.

``canasta.presentation`` builds facts for one seat (its chair says "you" and "your partner");
a spectator holds no seat, so this module builds the same kind of facts from the *public*
information set — every hand reduced to the cards everyone knows (``information_set`` of no
seat), the stock to its size, no seed — and names every seat in the third person (``Gallery``,
a chair with nobody in it). It re-derives nothing: the melds, the pile, the seats and the
breakdown are presentation's functions over that public view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from canasta.engine.actions import Action
from canasta.engine.game import Game
from canasta.engine.view import PlayerView, information_set
from canasta.presentation import (
    deal_breakdown,
    describe_move,
    game_over_words,
    pile_fact,
    plain,
)
from canasta.presentation.facts import Suits
from canasta.presentation.names import Chair
from canasta.presentation.results import deal_lines
from canasta.presentation.table import seat_facts, side_facts

NOBODY = -1  # the seat a spectator's chair is at


class Gallery(Chair):
    """The chair of a spectator: every seat by its name, no "you", no partners."""

    def __init__(self, view: PlayerView, names: Sequence[str]) -> None:
        super().__init__(NOBODY, view.seat_sides, names, view.t.partners_at_pile)

    def relation(self, seat: int) -> str:
        return "player"

    def partners(self) -> tuple[int, ...]:
        return ()

    def who(self, seat: int, capital: bool = True) -> str:
        return self.names[seat]

    def side_name(self, side: int) -> str:
        return " and ".join(self.names[s] for s in range(len(self.names))
                            if self.side_of(s) == side)

    def whose(self, seat: int) -> str:
        return "their"


def public_view(game: Game) -> PlayerView:
    """The public information of ``game`` as a view without legal actions. It is placed at
    the seat to act (so the pile's frozen verdict is for that seat's side), but holds no hand
    beyond what everyone knows that seat holds."""
    seat = max(game.current_player, 0)
    return PlayerView(seat, game.rules, information_set(game.state, NOBODY), (),
                      len(game.state.table.stock))


def log_lines(before: PlayerView, action: Action, after: PlayerView,
              names: Sequence[str]) -> tuple[str, ...]:
    """The spectator's log lines for ``action``: the sentence as an opponent of the actor
    would read it (an opponent never reads "you" or "your partner" about the actor, and is
    told no card the actor drew), then the deal's and the game's end in the gallery's words."""
    actor = before.current_player
    sides = before.seat_sides  # the watcher is never the actor's partner
    watcher = next(s for s in ((actor + i) % before.players for i in range(1, before.players))
                   if sides[s] != sides[actor])
    info_before, info_after = information_set(before.state, NOBODY), \
        information_set(after.state, NOBODY)
    seen_before = PlayerView(watcher, before.rules, info_before, (), before.stock_size)
    seen_after = PlayerView(watcher, after.rules, info_after, (), after.stock_size)
    sentence = describe_move(seen_before, action, seen_after, names)[0]
    gallery = Gallery(before, names)
    lines = [sentence]
    if len(after.results) > len(before.results):
        lines.append(deal_breakdown(after.results[len(before.results)], gallery).words)
    if after.current_player < 0 <= before.current_player:
        lines.append(game_over_words(after, gallery))
    return tuple(lines)


def gallery_facts(view: PlayerView, names: Sequence[str], log: Sequence[str],
                  suits: Suits | None = None) -> dict[str, Any]:
    """Everything a spectator is shown, JSON-ready, in the fields of ``TableFacts`` that a
    spectator has (no hand, no opening of its own, no actions, no hint); with ``suits`` (a
    spectator's, ``SuitLedger.seen_by(None)``) the suits the table's cards show."""
    gallery = Gallery(view, names)
    seat = view.current_player
    if seat < 0:
        turn = {"seat": -1, "name": "", "mine": False, "phase": "over",
                "words": game_over_words(view, gallery)}
    elif view.phase == "answer":
        asker = view.state.turn.asker
        turn = {"seat": seat, "name": names[seat], "mine": False, "phase": "answer",
                "words": f"{names[asker]} asked {names[seat]}: may I go out?"}
    else:
        turn = {"seat": seat, "name": names[seat], "mine": False, "phase": view.phase,
                "words": f"{names[seat]} to play"}
    results = view.results
    winner = view.state.match.winner
    return {
        "rules": view.rules.name, "deal": view.deal_number, "seat": NOBODY, "name": "",
        "side": NOBODY, "partners": [], "turn": turn, "stock": view.stock_size,
        "pile": plain(pile_fact(view, suits)), "hand": [], "hand_text": "",
        "seats": plain(seat_facts(view, gallery, suits)),
        "sides": plain(side_facts(view, gallery, suits)),
        "opening": None, "permission": view.permission, "dead_ranks": [], "actions": [],
        "log": list(log), "hint": None,
        "last_deal": plain(deal_breakdown(results[-1], gallery)) if results else None,
        "winner": gallery.side_name(winner) if view.state.match.over and winner >= 0 else "",
        "bonus_piles": list(view.bonus_sizes), "deals": plain(deal_lines(results)),
    }


__all__ = ["NOBODY", "Gallery", "gallery_facts", "log_lines", "public_view"]
