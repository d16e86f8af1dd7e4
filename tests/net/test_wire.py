"""The seat's view on the wire (``PlayerView.to_wire`` / ``PlayerView.from_wire``): read back,
it equals the server's view of the seat — every seat, every preset, along random games; what is
not a view is refused."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from canasta.engine.game import Game
from canasta.engine.view import PlayerView, ViewError
from canasta.rules import load, preset_names


@pytest.mark.parametrize("preset", preset_names())
def test_every_seats_view_reads_back_equal(preset: str) -> None:
    seed, checked = 11, 0
    game, rng = Game(preset, seed), random.Random(seed)
    for step in range(45):
        if game.is_terminal():  # a short game: another one
            seed += 1
            game, rng = Game(preset, seed), random.Random(seed)
        # the seat to act at every step, every seat now and then
        seats = range(game.num_players) if step % 9 == 0 else [game.current_player]
        for seat in seats:
            view = game.view(seat)
            sent = json.loads(json.dumps(view.to_wire()))
            assert PlayerView.from_wire(sent, view.rules) == view
            checked += 1
        game.apply(rng.choice(game.legal_actions()))
    assert checked >= 45


def test_other_hands_travel_as_sizes_and_known_cards_only() -> None:
    game, rng = Game("classic", 4), random.Random(4)
    while not any(game.state.seats[n].known != (0,) * 15 for n in range(4)):
        game.apply(rng.choice(game.legal_actions()))
    wire = game.view(0).to_wire()
    fields = wire["position"].split("; ")
    hands = next(f for f in fields if f.startswith("hands "))
    assert [h.strip() for h in hands.split("|")[1:]] == ["", "", ""]  # only their sizes
    assert "stock" in fields and not any(f.startswith("seed") for f in fields)
    assert wire["hand_sizes"] == list(game.view(0).hand_sizes)


def good() -> dict[str, Any]:
    return Game("classic", 1).view(0).to_wire()


@pytest.mark.parametrize(("change", "says"), [
    ({"format": "canasta-view 9"}, "format"),
    ({"seat": 4}, "seat"),
    ({"seat": True}, "seat"),
    ({"hand_sizes": [11, 11, 11]}, "hand_sizes"),
    ({"foot_sizes": [0, 0, 0, -1]}, "foot_sizes"),
    ({"stock": "many"}, "stock"),
    ({"legal": "draw"}, "legal"),
    ({"legal": [10**9]}, "does not read"),
    ({"position": "hands K K K"}, "does not read"),
])
def test_what_is_not_a_view_is_refused(change: dict[str, Any], says: str) -> None:
    with pytest.raises(ViewError, match=says):
        PlayerView.from_wire({**good(), **change}, load("classic"))


def test_a_view_for_other_rules_is_refused() -> None:
    with pytest.raises(ViewError, match="other rules"):
        PlayerView.from_wire(good(), load("samba"))
    with pytest.raises(ViewError, match="an object"):
        PlayerView.from_wire([1, 2], load("classic"))
