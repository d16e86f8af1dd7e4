"""Match statistics on known inputs: Wilson intervals, mean intervals, Elo, Bradley-Terry."""

from __future__ import annotations

import math

import pytest

from canasta.rules import load
from canasta.sim.games import GameResult
from canasta.sim.stats import bradley_terry, elo, elo_estimate, mean_interval, wilson
from canasta.sim.tournament import deals_for, lineups, pair_stats, plan, summarize, winning_entrant


def test_wilson_interval() -> None:
    assert wilson(8, 10) == pytest.approx((0.4902, 0.9433), abs=1e-4)
    assert wilson(50, 100) == pytest.approx((0.4038, 0.5962), abs=1e-4)
    low, high = wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    assert wilson(10, 10)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_mean_interval() -> None:
    mean, low, high = mean_interval([1, 2, 3, 4, 5])
    half = 1.959963984540054 * math.sqrt(2.5 / 5)
    assert (mean, low, high) == pytest.approx((3, 3 - half, 3 + half))
    assert mean_interval([7.0]) == (7.0, 7.0, 7.0)
    assert mean_interval([]) == (0.0, 0.0, 0.0)


def test_elo() -> None:
    assert elo(0.5) == 0.0
    assert elo(0.75) == pytest.approx(190.85, abs=0.01)
    assert elo(0.25) == pytest.approx(-190.85, abs=0.01)
    assert elo(1.0) == pytest.approx(400 * math.log10(999))  # clamped, finite
    assert elo_estimate(10, 10) == pytest.approx(400 * math.log10(21))


def test_bradley_terry() -> None:
    # A scored 3 of 4 against B; with half a win each added: 3.5 to 1.5.
    a, b = bradley_terry([[0, 3], [1, 0]], [[0, 4], [4, 0]])
    assert a - b == pytest.approx(400 * math.log10(3.5 / 1.5), abs=1e-6)
    assert (a + b) / 2 == pytest.approx(1500)
    x, y, z = bradley_terry([[0, 8, 9], [2, 0, 6], [1, 4, 0]], [[0, 10, 10], [10, 0, 10],
                                                                [10, 10, 0]])
    assert x > y > z


def test_lineups_give_each_bot_every_side_equally() -> None:
    assert lineups(2) == [(0, 1), (1, 0)]
    three = lineups(3)
    assert len(three) == 6 and len(set(three)) == 6
    for side in range(3):
        assert sum(lineup[side] for lineup in three) == 3
    assert deals_for(7, 2) == 4 and deals_for(7, 3) == 2


def test_plan_mirrors_every_deal() -> None:
    jobs = plan(["greedy", "random", "greedy"], load("classic"), 4, seed=10, max_deals=1)
    assert len(jobs) == 3 * 4 and [j.index for j in jobs] == list(range(12))
    first = jobs[:4]
    assert [(j.seed, j.entrants) for j in first] == [
        (10, (0, 1)), (10, (1, 0)), (11, (0, 1)), (11, (1, 0))]
    assert first[1].specs == ("random", "greedy")


def result(index: int, seed: int, entrants: tuple[int, int], scores: tuple[int, int],
           winner: int) -> GameResult:
    return GameResult(index, seed, entrants, scores, winner, winner >= 0, 3, 100)


def test_pair_stats_on_known_games() -> None:
    results = [
        result(0, 1, (0, 1), (5100, 2000), 0),  # a wins by 3100
        result(1, 1, (1, 0), (5200, 4900), 0),  # b wins: a's margin -300
        result(2, 2, (0, 1), (3000, 3000), -1),  # level after the deal cap
        result(3, 2, (1, 0), (1000, 5050), 1),  # a wins by 4050
        result(4, 2, (0, 2), (9999, 0), 0),  # another match: ignored
    ]
    p = pair_stats(0, 1, results)
    assert (p.games, p.wins, p.losses, p.ties) == (4, 2, 1, 1)
    assert p.win_rate == 0.625
    assert (p.win_low, p.win_high) == pytest.approx(wilson(2.5, 4))
    assert p.margin == pytest.approx((1400 + 2025) / 2)  # per deal: (3100-300)/2, (0+4050)/2
    assert p.elo == pytest.approx(elo(3 / 5))


def test_in_cutthroat_two_partnered_seats_of_one_bot_win_for_it() -> None:
    """Cutthroat's partners share their pair's score, so the top is two columns: a win for
    the bot that holds both, level where the two bots share it (the game's own ``winner``,
    a column, is -1 in both)."""
    def three(index: int, entrants: tuple[int, ...], scores: tuple[int, ...]) -> GameResult:
        return GameResult(index, 5, entrants, scores, -1, False, 1, 90)
    results = [three(0, (1, 0, 0), (1300, 1445, 1445)),  # a's seats partnered and won
               three(1, (0, 1, 1), (1300, 1445, 1445)),  # b's did
               three(2, (0, 1, 0), (1445, 1445, 1300)),  # a and b partnered: level
               three(3, (1, 0, 0), (1500, 1445, 1445))]  # b alone beat a's pair
    assert [winning_entrant(r) for r in results] == [0, 1, -1, 1]
    p = pair_stats(0, 1, results)
    assert (p.wins, p.losses, p.ties) == (1, 2, 1)
    outcome = summarize(["a", "b"], load("cutthroat"), results)
    assert outcome.standings[0].spec == "b" and outcome.standings[0].score == 2.5


def test_summary_ranks_the_stronger_bot_first() -> None:
    results = [result(i, i // 2, (0, 1) if i % 2 == 0 else (1, 0), (5000, 100), 0)
               for i in range(8)]  # side 0 always wins: each bot wins half
    outcome = summarize(["a", "b"], load("classic"), results)
    assert outcome.pairs[0].win_rate == 0.5
    assert [s.rating for s in outcome.standings] == pytest.approx([1500, 1500])
    results = [result(i, i // 2, (0, 1) if i % 2 == 0 else (1, 0), (5000, 100), i % 2)
               for i in range(8)]  # entrant 0 always wins
    outcome = summarize(["a", "b"], load("classic"), results)
    assert [s.spec for s in outcome.standings] == ["a", "b"]
    assert outcome.standings[0].win_rate == 1.0 and outcome.standings[0].rating > 1700
