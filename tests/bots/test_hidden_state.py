"""A bot never reads hidden state: two games that differ only in cards the seat cannot see
give the same decision."""

from __future__ import annotations

import random

import pytest

from canasta import Game
from canasta.bots import make_bot
from canasta.engine.determinize import determinize

SPECS = ["random", "greedy", "ismcts:iterations=3,horizon=2"]


def positions(rules: str, count: int) -> list[Game]:
    """Positions from greedy play, every few decisions."""
    out: list[Game] = []
    game, bots = Game(rules, 11), [make_bot("greedy") for _ in range(4)]
    step = 0
    while len(out) < count and not game.is_terminal():
        seat = game.current_player
        if step % 7 == 0:
            out.append(game.clone())
        game.apply(bots[seat].act(game.view(seat)))
        step += 1
    return out


def hidden(game: Game, seat: int) -> list[list[int]]:
    return [p.hand for s, p in enumerate(game.state.seats) if s != seat] + [game.state.table.stock]


@pytest.mark.parametrize("spec", SPECS)
def test_same_view_same_decision(spec: str) -> None:
    rng = random.Random(3)
    differed = 0
    for game in positions("classic", 30):
        seat = game.current_player
        view = game.view(seat)
        twin = determinize(view, rng)  # the same view, other hidden cards
        assert twin.view(seat) == view
        differed += hidden(twin, seat) != hidden(game, seat)
        first = make_bot(spec, seed=9).decide(view)
        second = make_bot(spec, seed=9).decide(twin.view(seat))
        assert first == second
    assert differed >= 25
