"""The local pool and Ray play the same games to the same results as this process."""

from __future__ import annotations

import sys

import pytest

from canasta.rules import load
from canasta.sim.backends import RayMissing, chunks, run_local, run_ray
from canasta.sim.games import GameJob, play_game
from canasta.sim.tournament import plan, play_tournament

ENTRANTS = ["greedy", "random", "ismcts:iterations=2,horizon=1"]


def jobs() -> list[GameJob]:
    return plan(ENTRANTS[:2], load("two_hand"), 6, seed=3, max_deals=1)


def test_a_game_is_the_same_every_time() -> None:
    job = jobs()[0]
    assert play_game(job) == play_game(job)


def test_chunks_cover_every_job_in_order() -> None:
    work = jobs()
    for workers in (1, 2, 5):
        batches = chunks(work, workers)
        assert [j for b in batches for j in b] == work


def test_the_process_pool_matches_one_process() -> None:
    work = jobs()
    done: list[int] = []
    alone = run_local(work, 1, done.append)
    pooled = run_local(work, 2)
    assert alone == pooled and len(alone) == len(work) and sum(done) == len(work)
    assert [r.index for r in pooled] == list(range(len(work)))


@pytest.mark.xdist_group("ray")  # one Ray instance for the session, on one worker
def test_ray_matches_the_process_pool(local_ray: None) -> None:
    work = jobs()
    done: list[int] = []
    assert run_ray(work, None, 2, done.append) == run_local(work, 2)
    assert sum(done) == len(work)


@pytest.mark.xdist_group("ray")
def test_a_tournament_on_ray_matches_the_local_one(local_ray: None) -> None:
    rules = load("classic")
    here = play_tournament(ENTRANTS, rules, 2, seed=5, max_deals=1, workers=2)
    there = play_tournament(ENTRANTS, rules, 2, seed=5, max_deals=1, ray=True)
    assert here == there
    assert len(here.results) == 3 * 2 and len(here.pairs) == 3


def test_a_bad_bot_fails_before_any_game() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        play_tournament(["greedy", "grredy"], load("classic"), 2)


def test_without_ray_installed_ray_is_refused_with_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # ``import ray`` raises ImportError
    with pytest.raises(RayMissing, match=r'pip install "canasta\[ray\]"'):
        run_ray(jobs(), None, 1)
    with pytest.raises(RayMissing):
        play_tournament(ENTRANTS[:2], load("classic"), 2, ray=True)
