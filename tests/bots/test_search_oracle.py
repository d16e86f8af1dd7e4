"""``bench/search_oracle.py``: the search bot told every hand, for the ceiling of its design."""

from __future__ import annotations

from types import ModuleType

import pytest

from canasta import Game
from canasta.cards import NATURAL_RANKS
from tests.scripts import load_script


def script() -> ModuleType:
    return load_script("bench/search_oracle.py")


def test_the_oracle_samples_the_true_hands_and_a_shuffled_stock() -> None:
    game = Game("classic", 3)
    stock = list(game.state.table.stock)
    bot = script().oracle("ismcts:iterations=4", seed=1)
    bot.truth = game
    world = bot.world(game.view(0), None)
    assert [p.hand for p in world.state.seats] == [p.hand for p in game.state.seats]
    assert world.state.table.under == game.state.table.under
    assert sorted(world.state.table.stock) == sorted(stock) != world.state.table.stock
    assert game.state.table.stock == stock and world.state.match.one_hand


def test_the_oracle_refuses_what_it_cannot_be() -> None:
    oracle = script().oracle
    for spec in ("greedy", "ismcts:seconds=1,processes=2"):
        with pytest.raises(SystemExit, match="expected a search bot"):
            oracle(spec, seed=0)


def test_a_game_gives_the_oracle_side_its_entrant() -> None:
    result = script().play(("ismcts:iterations=1", 1, 5, 1, (1,), True))
    assert result.entrants == (1, 0) and result.deals == 1 and result.seed == 5


def test_an_oracle_told_one_hand_samples_the_others() -> None:
    game = Game("classic", 3)
    for _ in range(12):  # some turns into the deal
        game.apply(game.legal_actions()[0])
    seat = game.current_player
    bot = script().oracle("ismcts:iterations=4", seed=1, told=(1,))
    bot.truth = game
    worlds = [bot.world(game.view(seat), None) for _ in range(6)]
    told, untold = (seat + 1) % 4, (seat + 2) % 4
    true = game.state.seats
    for world in worlds:
        assert world.view(seat).state.seats == game.view(seat).state.seats
        assert world.state.seats[told].hand == true[told].hand
        assert world.state.seats[told].known == true[told].known
    assert any(w.state.seats[untold].hand != true[untold].hand for w in worlds)


def test_told_names_only_seats(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        script().main(["--told", "next,dealer"])
    assert "--told dealer: expected some of next, partner, previous" in capsys.readouterr().err


def test_an_oracle_told_only_the_pairs_deals_them_and_samples_the_rest() -> None:
    game = Game("classic", 4)
    seat = game.current_player
    told = (seat + 1) % 4
    hand = game.state.seats[told].hand
    pairs = [kind for kind in NATURAL_RANKS if hand[kind] >= 2]
    assert pairs, "the deal should give the next seat a pair"
    bot = script().oracle("ismcts:iterations=4", seed=1, told=(1,), pairs_only=True)
    bot.truth = game
    worlds = [bot.world(game.view(seat), None) for _ in range(8)]
    for world in worlds:
        assert all(world.state.seats[told].hand[kind] >= 2 for kind in pairs)
        assert world.state.seats[told].known == game.state.seats[told].known
        assert world.view(seat).state.seats == game.view(seat).state.seats
    assert any(w.state.seats[told].hand != hand for w in worlds)


def test_pairs_only_needs_the_hands_named(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        script().main(["--pairs-only"])
    assert "--pairs-only: name the hands with --told" in capsys.readouterr().err
