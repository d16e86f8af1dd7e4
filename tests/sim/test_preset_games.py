"""A full game of every preset completes under random play within a bounded number of deals.

Uniformly random play finishes most presets quickly. Some do not reach their target that way:
``modern_american`` drifts negative (a random side rarely makes the two canastas it needs, so
its 3s and hands count against it deal after deal, and a random wild meld or meld of sevens or
aces is mostly left unfinished at -2,000 or -2,500), and ``cuban``, ``joker`` and ``italian``
crawl (the pile is always frozen; a game can take a hundred deals), as does ``brazilian`` (a
canasta to open from 7,000, and the partner must be asked before going out). Those are played by
an "eager" random policy instead: it picks at random among the actions that lay cards (take the
pile, meld, add, meld wilds or sequences, meld black 3s, lay a red 3, commit) whenever there is
one, and otherwise discards a black 3 or a natural card it holds only one of, if it can.
``british`` is played both ways: uniform random play mostly says "acaba", so it is also played
with acaba left out, which is classic.
"""

from __future__ import annotations

import random

import pytest

from canasta import ActionType, Game
from canasta.cards import BLACK_THREE, NATURAL_RANKS, rank_of
from canasta.rules import from_dict, load, preset_names

MAX_DEALS = 60
SEEDS = (0, 1, 2)
EAGER = {ActionType.TAKE, ActionType.MELD, ActionType.ADD, ActionType.MELD_WILD,
         ActionType.SEQUENCE, ActionType.EXTEND,
         ActionType.MELD_BLACK_THREES, ActionType.LAY_RED_THREE, ActionType.COMMIT}
#: The presets uniform random play does not bring to the end (see the module docstring).
EAGER_PRESETS = {"modern_american", "cuban", "joker", "brazilian", "italian"}


#: Presets even eager random play does not bring to their target within ``MAX_DEALS``:
#: Italian (pile always frozen, a natural opening, 15,000 to reach), Modern American (eager
#: play lays sevens, aces and wild cards it never completes: its scores fall deal after deal).
#: Their games are played with ``game.deals = MAX_DEALS``, so they end by the number of deals.
CAPPED_PRESETS = {"italian", "modern_american"}


def play(name: str, seed: int, policy: str) -> Game:
    """One game to its end (or ``MAX_DEALS`` deals) under ``policy``: "uniform", "eager" or
    "no acaba"."""
    rules = load(name)
    if name in CAPPED_PRESETS:
        rules = from_dict({"game": {"deals": MAX_DEALS}}, base=rules)
    game = Game(rules, seed)
    rng = random.Random(seed)
    while not game.is_terminal() and len(game.results) < MAX_DEALS:
        legal = game.legal_actions()
        assert legal, (name, seed, len(game.history))
        if policy == "no acaba":
            legal = [a for a in legal
                     if a.type not in (ActionType.ACABA, ActionType.ASK_ACABA)] or legal
        elif policy == "eager":
            hand = game.state.seats[game.current_player].hand
            discards = [a for a in legal if a.type == ActionType.DISCARD]
            legal = ([a for a in legal if a.type in EAGER]
                     or [a for a in discards if a.rank == BLACK_THREE]
                     or [a for a in discards
                        if rank_of(a.rank) in NATURAL_RANKS and hand[rank_of(a.rank)] == 1]
                     or legal)
        game.apply(rng.choice(legal))
    return game


def cases() -> list[tuple[str, str]]:
    out = [(name, "eager" if name in EAGER_PRESETS else "uniform") for name in preset_names()]
    return [*out, ("british", "no acaba")]


@pytest.mark.parametrize(("name", "policy"), cases())
def test_a_full_game_completes(name: str, policy: str) -> None:
    for seed in SEEDS:
        game = play(name, seed, policy)
        rules = game.rules
        assert game.is_terminal(), (name, seed, policy, game.scores)
        results = game.results
        assert len(results) <= MAX_DEALS
        assert game.card_count() == sum(game.t.pack)
        assert list(results[-1].totals) == game.scores == [
            sum(r.sides[side].total for r in results) for side in range(rules.players.sides)]
        best = max(game.scores)
        assert game.scores.count(best) == 1 and game.scores[game.winner] == best
        if rules.game.deals:  # a fixed number of deals (Hand and Foot)
            assert len(results) >= rules.game.deals
        else:
            assert best >= rules.game.target or (
                rules.canastas.seven_canastas_bonus
                and max(side.canastas for side in game.state.sides) >= 7)
