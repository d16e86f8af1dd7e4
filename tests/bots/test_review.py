"""Reviews of a seat's decisions (docs/bots.md, "Reviews"): judged on the seat's view alone,
the same for the same seed, and marked by what a decision surely lost."""

from __future__ import annotations

import itertools
import json
import random
import re
from pathlib import Path

import pytest

from canasta import Game, record
from canasta.bots import make_bot
from canasta.bots.greedy import GreedyBot
from canasta.bots.ismcts import IsmctsBot
from canasta.bots.review import MARKS, Evidence, decisions, judge, mark_of, review
from canasta.cards import NATURAL_RANKS, rank_of
from canasta.cli.main import main
from canasta.engine.actions import Action, ActionType
from canasta.engine.determinize import determinize
from canasta.rules import from_dict, load

ONE_DEAL = from_dict({"name": "one-deal", "game": {"deals": 1}}, base=load("classic"))


def played(seed: int, first: str = "casual") -> tuple[Game, list[Action]]:
    """A finished one-deal game: seat 0 at ``first``, the others at club."""
    game = Game(ONE_DEAL, seed)
    bots = [make_bot(first if s == 0 else "club", seed=s) for s in range(4)]
    actions = []
    while not game.is_terminal():
        action = bots[game.current_player].act(game.view(game.current_player))
        actions.append(action)
        game.apply(action)
    return game, actions


def test_marks_by_the_loss_a_decision_surely_made() -> None:
    assert [mark for mark, _ in MARKS] == ["blunder", "mistake", "inaccuracy"]
    assert mark_of(0) == "" and mark_of(39.9) == "" and mark_of(40) == "inaccuracy"
    assert mark_of(120) == "mistake" and mark_of(1000) == "blunder"


def _same_views(a: Game, b: Game, actions: list[Action]) -> bool:
    """Whether seat 0 sees the same at every step of ``actions`` in ``a`` and in ``b``."""
    a, b = a.clone(), b.clone()
    try:
        for action in actions:
            if a.view(0) != b.view(0):
                return False
            a.apply(action)
            b.apply(action)
    except ValueError:  # an action of a turned illegal in b
        return False
    return True


def _with_hidden_cards_swapped(start: Game, actions: list[Action]) -> Game | None:
    """The game ``start`` with a card of seat 1's hand swapped with a card of another kind in
    the stock, chosen so that seat 0's view stays the same at every step of ``actions``
    (seat 1 never plays it, and it is never drawn); None if no such swap exists."""
    stock = start.state.table.stock
    for x, place in itertools.product(NATURAL_RANKS, range(len(stock))):
        y = rank_of(stock[place])
        if x == y or not start.state.seats[1].hand[x] or y not in NATURAL_RANKS:
            continue
        other = start.clone()
        hand = other.state.seats[1].hand
        hand[x] -= 1
        hand[y] += 1
        other.state.table.stock[place] = x
        if _same_views(start, other, actions):
            return other
    return None


def test_a_review_reads_only_what_the_seat_saw() -> None:
    """Two deals that differ only in cards seat 0 never saw give the same review."""
    _, actions = played(5)
    start = Game(ONE_DEAL, 5)
    other = _with_hidden_cards_swapped(start, actions)
    assert other is not None, "no hidden swap keeps seat 0's view: pick another seed"
    assert other.state.seats[1].hand != start.state.seats[1].hand
    first = review(start.clone(), actions, 0, samples=2)
    assert first == review(other, actions, 0, samples=2)
    assert len(first) == sum(1 for _ in decisions(start.clone(), actions, 0)) > 5


def test_a_judgement_is_the_same_for_the_same_seed_and_names_the_best_action() -> None:
    _, actions = played(7)
    replay = Game(ONE_DEAL, 7)
    index, chosen = next(decisions(replay, actions, 0))
    view = replay.view(0)
    once, again = judge(view, chosen, index, 3), judge(view, chosen, index, 3)
    assert once == again and once.best in view.legal_actions
    assert once.best_points >= once.chosen_points and 0 <= once.sure_loss <= once.loss
    sound = GreedyBot().decide(view)
    assert (once.sound, once.reason) == (sound.action, sound.reason)
    for evidence in (once.chosen_evidence, once.best_evidence):
        assert evidence.samples == 3 and evidence.we_went_out + evidence.rival_went_out <= 3
        assert 0 <= evidence.rival_took_pile <= 3 and once.rivals == 2


def _evidence_by_hand(world: Game, action: Action, seat: int) -> Evidence:
    """The evidence of one playout, found again from its history alone: replay the actions
    and see who took the pile before ``seat``'s next turn, who went out, the canastas."""
    game = IsmctsBot(seed=0).playout(world, action)
    again, took, waiting = world.clone(), 0, True
    again.apply(action)
    sides = world.state.seat_sides
    for code in game.history[len(world.history) + 1:]:
        move, player = Action.from_code(code), again.current_player
        if waiting and player == seat and move.type in (ActionType.DRAW, ActionType.TAKE):
            waiting = False
        elif waiting and move.type == ActionType.TAKE and sides[player] != sides[seat]:
            waiting, took = False, 1
        again.apply(move)
    result = game.results[len(world.results)]
    mine = sides[seat]
    out = -1 if result.went_out < 0 else sides[result.went_out]
    rival = max((s for s in range(len(result.sides)) if s != mine),
                key=lambda s: result.sides[s].total)

    def canastas(side: int) -> int:
        score = result.sides[side]
        return score.natural_canastas + score.mixed_canastas
    return Evidence(1, took, int(out == mine), int(out not in (-1, mine)), canastas(mine),
                    canastas(rival))


def test_the_evidence_is_what_the_played_out_hands_did() -> None:
    """Each action's evidence is the sum over its samples of what its playout did, as a
    replay of the playout's history finds it."""
    _, actions = played(11)
    replay = Game(ONE_DEAL, 11)
    found = 0
    for index, chosen in decisions(replay, actions, 0):
        view = replay.view(0)
        j = judge(view, chosen, index, 2)
        rng = random.Random(f"0:{index}")
        worlds = [determinize(view, rng, one_hand=True) for _ in range(2)]
        for action, evidence in ((j.chosen, j.chosen_evidence), (j.best, j.best_evidence)):
            assert evidence == sum((_evidence_by_hand(w, action, 0) for w in worlds),
                                   Evidence())
        found += j.chosen_evidence.rival_took_pile + j.best_evidence.rival_took_pile
        if index > 60:
            break
    assert found > 0, "no playout of these decisions had a rival take the pile"


def test_the_command_reviews_a_finished_game_and_refuses_the_rest(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game, _ = played(5)
    path = tmp_path / "game.json"
    record.write(game, path)
    assert main(["review", str(path), "--seat", "0", "--samples", "2", "--all"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert re.fullmatch(r"\d+ decisions: \d+ blunders?, \d+ mistakes?, \d+ inaccurac(y|ies)",
                        out[-1])
    assert len(out) > 5 and all(". deal 1: " in line for line in out[:-1])
    assert main(["review", str(path), "--seat", "4"]) == 1
    assert "seat 4 is not in this game" in capsys.readouterr().err
    assert main(["review", str(path), "--seat", "0", "--samples", "100000"]) == 2
    unfinished = json.loads(path.read_text())
    unfinished["actions"] = unfinished["actions"][:10]  # a game in progress
    path.write_text(json.dumps(unfinished))
    assert main(["review", str(path), "--seat", "0"]) == 1
    assert "the game is not over: only a finished game is reviewed" in capsys.readouterr().err
