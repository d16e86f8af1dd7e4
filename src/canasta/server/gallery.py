"""What a spectator is shown: the public information of a table.

``canasta.presentation`` builds facts for one seat (its chair says "you" and "your partner")
and, from the *public* information set, a spectator's (``spectator_facts``: every seat in the
third person, ``Gallery``). This module gives it that public view — every hand reduced to the
cards everyone knows (``information_set`` of no seat), the stock to its size, no seed — and a
spectator's log lines. It re-derives nothing: the facts and the sentences are presentation's
functions over the public view.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta.engine.actions import Action
from canasta.engine.game import Game
from canasta.engine.view import PlayerView, information_set
from canasta.presentation import Suits, deal_breakdown, describe_move, game_over_words
from canasta.presentation.names import NOBODY, Gallery


def public_view(game: Game) -> PlayerView:
    """The public information of ``game`` as a view without legal actions. It is placed at
    the seat to act (so the pile's frozen verdict is for that seat's side), but holds no hand
    beyond what everyone knows that seat holds."""
    seat = max(game.current_player, 0)
    return PlayerView(seat, game.rules, information_set(game.state, NOBODY), (),
                      len(game.state.table.stock))


def log_lines(before: PlayerView, action: Action, after: PlayerView,
              names: Sequence[str], suits: Suits | None = None) -> tuple[str, ...]:
    """The spectator's log lines for ``action``: the sentence as an opponent of the actor
    would read it (an opponent never reads "you" or "your partner" about the actor, and is
    told no card the actor drew; a discard's suit from ``suits``, the spectator's
    ``SuitLedger.seen_by(None)`` after the action), then the deal's and the game's end in the
    gallery's words."""
    actor = before.current_player
    sides = before.seat_sides  # the watcher is never the actor's partner
    watcher = next(s for s in ((actor + i) % before.players for i in range(1, before.players))
                   if sides[s] != sides[actor])
    info_before, info_after = information_set(before.state, NOBODY), \
        information_set(after.state, NOBODY)
    seen_before = PlayerView(watcher, before.rules, info_before, (), before.stock_size)
    seen_after = PlayerView(watcher, after.rules, info_after, (), after.stock_size)
    sentence = describe_move(seen_before, action, seen_after, names, suits)[0]
    gallery = Gallery(before.seat_sides, names, before.t.partners_at_pile)
    lines = [sentence]
    if len(after.results) > len(before.results):
        lines.append(deal_breakdown(after.results[len(before.results)], gallery).words)
    if after.current_player < 0 <= before.current_player:
        lines.append(game_over_words(after, gallery))
    return tuple(lines)


__all__ = ["log_lines", "public_view"]
