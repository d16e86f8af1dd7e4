"""The hidden-information check of every frame a client received (docs/protocol.md, "What a
client may know"): given the game as it truly stood when the frame was sent, a frame may name
no card its receiver cannot see, nor the seed before the end, nor any seat's token."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from canasta.cards import JOKER, RED_THREE, TWO
from canasta.engine.game import Game
from canasta.engine.view import PlayerView
from canasta.presentation import hand_codes

CARD_KEYS = {"code", "text", "rank", "suit", "colour", "words"}


def cards_named(value: Any, found: Counter[int] | None = None) -> Counter[int]:
    """Every card fact in a frame, by code (each occurrence counted)."""
    found = Counter() if found is None else found
    if isinstance(value, dict):
        if value.keys() >= CARD_KEYS:
            found[value["code"]] += 1
        for item in value.values():
            if isinstance(item, dict | list):
                cards_named(item, found)
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, dict | list):
                cards_named(item, found)
    return found


def melded(game: Game) -> Counter[int]:
    """The cards of every side's melds, by kind."""
    seen: Counter[int] = Counter()
    for side in game.state.sides:
        for meld in side.melds:
            if meld is not None:
                seen[meld.rank] += meld.naturals
                seen[TWO] += meld.twos
                seen[JOKER] += meld.jokers
    return seen


def visible(game: Game, receiver: int | None) -> Counter[int]:
    """The cards ``receiver`` (a seat, or None: a spectator) can see, by kind: its own hand,
    every meld, the whole pile, the red 3s laid out, the cards others are known to hold
    (classic: codes are kinds)."""
    seen: Counter[int] = Counter()
    if receiver is not None:
        seen.update(hand_codes(game.view(receiver)))
    seen.update(melded(game))
    seen.update(game.state.table.pile)
    for number, seat in enumerate(game.state.seats):
        seen[RED_THREE] += seat.red_threes
        if number != receiver:
            seen.update({kind: n for kind, n in enumerate(seat.known) if n})
    return seen


def hand_in(frame: dict[str, Any]) -> Counter[int]:
    """The cards a frame shows as the receiver's hand."""
    return cards_named(frame.get("facts", {}).get("hand", []))


def leaks(raw: str, game: Game, receiver: int | None, seed: int,
          tokens: list[str], ended: Game | None = None) -> list[str]:
    """What a frame (its text ``raw``) tells ``receiver`` that it may not know, given the
    game as it stood when the frame was sent (and ``ended``, the game as the last action left
    the deal it ended, if it ended one); empty when nothing."""
    frame = json.loads(raw)
    found = []
    # the deal's breakdown shows the melds as the deal ended: just after it, or at the end
    # (cutthroat's partners' columns show the same melds, their side's: counted once)
    shown: Counter[int] = Counter()
    tables = {json.dumps(side.pop("melds")) for side in
              ((frame.get("facts") or {}).get("last_deal") or {}).get("sides", [])}
    for table in tables:
        shown += cards_named(json.loads(table))
    ending = ended if ended is not None else game if game.is_terminal() else None
    if shown and (ending is None or shown != melded(ending)):
        found.append(f"melds the deal did not end with: {dict(shown)}")
    named, seen = cards_named(frame), visible(game, receiver)
    over = named - seen
    if over:
        found.append(f"cards the receiver cannot see: {dict(over)}")
    if "facts" in frame:
        own = Counter(hand_codes(game.view(receiver))) if receiver is not None else Counter()
        if hand_in(frame) != own:
            found.append(f"a hand that is not the receiver's: {dict(hand_in(frame))}")
        if receiver is None and frame.get("invites"):
            found.append("invitations sent to a spectator")
    if "view" in frame and (receiver is None or PlayerView.from_wire(frame["view"], game.rules)
                            != game.view(receiver)):  # the view is exactly the seat's own
        found.append("a view that is not the receiver's")
    if str(seed) in raw and not game.is_terminal():
        found.append("the seed before the end")
    found += [f"a seat's token: {t[:6]}..." for t in tokens if t in raw]
    return found
