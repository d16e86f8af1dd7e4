"""A seat's view as it travels in the server's frames (docs/protocol.md, "The seat's view"):
the information set in the position notation (docs/positions.md), with what the notation
leaves to the full state (hand sizes, foot sizes, the stock's size, the number of face-down
cards under the pile and the sizes of face-down bonus piles where the rules have them) and the
legal actions' codes beside it.

``encode_view`` writes what ``view`` holds and nothing more: the information set already lacks
every card the seat cannot see (other hands keep only their known cards, feet and stock only
their sizes, no seed); other hands are written empty, their known cards travel in the
notation's ``known`` field. ``decode_view`` rebuilds a ``PlayerView`` equal to the server's
(``tests/net/test_wire.py`` checks every seat of every preset along random games), so a bot or
an interface on the other end of a WebSocket works on the same object as one in the server.
"""

from __future__ import annotations

from typing import Any

from canasta.engine.actions import Action
from canasta.engine.position import write
from canasta.engine.position_read import read
from canasta.engine.tables import tables_for
from canasta.engine.view import PlayerView, information_set
from canasta.errors import CanastaError
from canasta.rules import RuleSet

FORMAT = "canasta-view 1"  #: the form of ``encode_view``'s dict (its ``format`` field)


class ViewError(CanastaError):
    """A view on the wire that is malformed or for other rules."""


def encode_view(view: PlayerView) -> dict[str, Any]:
    """``view`` as JSON-ready data (the ``view`` field of a seat's frames)."""
    state = view.state.copy()
    for number, seat in enumerate(state.seats):
        if number != view.seat:  # what it holds that this seat may know is its ``known``
            seat.hand = [0] * len(seat.hand)
    out = {"format": FORMAT, "seat": view.seat, "position": write(state, view.t),
           "hand_sizes": list(view.hand_sizes), "foot_sizes": list(view.foot_sizes),
           "stock": view.stock_size, "legal": [a.code for a in view.legal_actions]}
    if view.pile_face_down:  # only their number: nobody sees them (Italian)
        out["face_down"] = view.pile_face_down
    if view.bonus_sizes:  # face-down bonus piles (Modern American): their sizes only
        out["bonus_sizes"] = list(view.bonus_sizes)
    return out


def decode_view(data: object, rules: RuleSet) -> PlayerView:
    """The ``PlayerView`` that ``encode_view`` wrote, under ``rules`` (the table's);
    ``ViewError`` for data that is not one (or is for other rules)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ViewError(f"a view on the wire is an object of format {FORMAT!r}")
    seat, players = data.get("seat"), rules.players.count
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ViewError(f"the view's seat {seat!r} is not in this game")
    sizes, feet = _numbers(data, "hand_sizes", players), _numbers(data, "foot_sizes", players)
    stock, legal = _numbers(data, "stock", None), data.get("legal")
    face_down = _numbers(data, "face_down", None) if "face_down" in data else 0
    if not isinstance(legal, list):
        raise ViewError("the view's 'legal' is a list of action codes")
    try:
        state = information_set(read(str(data.get("position")), tables_for(rules), True), seat)
        actions = tuple(Action.from_code(code) for code in legal)
    except CanastaError as exc:
        raise ViewError(f"the view does not read: {exc}") from None
    for player, size, foot in zip(state.seats, sizes, feet, strict=True):
        player.size, player.foot_size = size, foot
    state.table.under_size = face_down
    piles = data.get("bonus_sizes", [])
    if not isinstance(piles, list) or len(piles) > len(rules.deal.bonus_piles) or any(
            isinstance(n, bool) or not isinstance(n, int) or n < 1 for n in piles):
        raise ViewError(f"the view's 'bonus_sizes' is not the sizes of at most "
                        f"{len(rules.deal.bonus_piles)} bonus piles")
    state.table.bonus_sizes = tuple(piles)
    assert isinstance(stock, int)
    return PlayerView(seat, rules, state, actions, stock)


def _numbers(data: dict[str, Any], key: str, count: int | None) -> Any:
    value = data.get(key)
    items = value if count is not None else [value]
    if not isinstance(items, list) or (count is not None and len(items) != count) or any(
            isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in items):
        raise ViewError(f"the view's {key!r} is not "
                        + (f"{count} whole numbers" if count else "a whole number"))
    return value


__all__ = ["FORMAT", "ViewError", "decode_view", "encode_view"]
