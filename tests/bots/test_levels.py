"""The levels a player chooses a bot by (docs/bots.md, "Levels"): each is a bot spec, offered
by name wherever a bot is named, and plays only legal moves on every preset."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from canasta import Game
from canasta.bots import BotError, kinds, make_bot
from canasta.bots.greedy import GreedyBot
from canasta.bots.ismcts import IsmctsBot
from canasta.bots.levels import LEVELS, Level, level_of, level_spec
from canasta.cli.main import build_parser
from canasta.engine.actions import ActionType
from canasta.rules import load, preset_names
from canasta.sim.tournament import plan
from tests.bots.test_every_preset import play

QUICK = [level for level in LEVELS if not level.spec.startswith("ismcts")]


def test_five_levels_gentlest_first_each_with_a_line() -> None:
    assert [level.name for level in LEVELS] == ["beginner", "novice", "casual", "club",
                                                "expert"]
    assert all(level.description and make_bot(level.spec) for level in LEVELS)


@pytest.mark.parametrize("level", LEVELS, ids=lambda level: level.name)
def test_a_level_is_a_bot_spec_wherever_a_bot_is_named(level: Level) -> None:
    bot = make_bot(level.name, seed=3)
    assert isinstance(bot, IsmctsBot if level.spec.startswith("ismcts") else GreedyBot)
    assert build_parser().parse_args(["play", "--level", level.name]).bots == level.name
    assert build_parser().parse_args(["bot", "--server", "http://h:1", "--join", "/join/t/1/c",
                                      level.name]).bot == level.name
    jobs = plan([level.name, "greedy"], load("classic"), 2, 0)
    assert {job.specs[0] for job in jobs} | {job.specs[1] for job in jobs} == {level.name,
                                                                              "greedy"}


def test_the_ratings_a_level_carries_are_the_ladders_in_the_docs() -> None:
    """The page shows ``Level.rating``: the figure docs/bots.md's ladder measured, or none."""
    docs = (Path(__file__).parents[2] / "docs" / "bots.md").read_text()
    for level in LEVELS:
        row = next(line for line in docs.splitlines() if line.startswith(f"| {level.name} |"))
        shown = re.search(r"\| (\d{3,4}) \[", row)
        assert (int(shown.group(1)) if shown else None) == level.rating, row
    levels = [level for level in LEVELS if level.rating is not None]
    assert levels == sorted(levels, key=lambda level: level.rating or 0)


@pytest.mark.parametrize("spec", ["greedy", "greedy:slip=0.75", "ismcts:seconds=1,processes=2"])
def test_a_seat_names_the_level_its_spec_plays(spec: str) -> None:
    assert level_of(spec) == next(level.name for level in LEVELS if level.spec == spec)
    assert level_of("ismcts:seconds=2") is None and level_of(None) is None


def test_a_level_takes_no_options_and_slip_is_a_chance() -> None:
    with pytest.raises(BotError, match="unknown bot 'novice'"):
        make_bot("novice:slip=0.1")
    with pytest.raises(BotError, match="slip=1.5: expected a chance from 0 to 1"):
        make_bot("greedy:slip=1.5")
    assert level_spec("club") == "greedy"


@pytest.mark.parametrize("rules", preset_names())
@pytest.mark.parametrize("level", QUICK, ids=lambda level: level.name)
def test_a_quick_level_plays_legal_moves_on_every_preset(rules: str, level: Level) -> None:
    for seed in range(2):
        game = play(rules, level.name, seed, 1)
        assert game.is_terminal() or len(game.results) == 1


def test_a_slip_keeps_the_kind_of_move_and_never_concedes() -> None:
    """A beginner (slip 1) meld where greedy melds and discards where greedy discards."""
    game = Game("classic", 11)
    beginner, club = make_bot("beginner", seed=1), make_bot("club")
    moves = 0
    while not game.is_terminal() and game.deal_number == 1 and moves < 400:
        view = game.view(game.current_player)
        mine, sound = beginner.decide(view), club.decide(view)
        same = mine.action.type == sound.action.type or \
            {mine.action.type, sound.action.type} <= {ActionType.DRAW, ActionType.TAKE}
        assert same, (mine, sound)
        assert mine.action.type not in kinds.CONCEDING or mine == sound
        game.apply(sound.action if game.current_player % 2 else mine.action)
        moves += 1
    assert moves > 50
