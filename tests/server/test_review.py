"""Reviews over HTTP (docs/protocol.md, "Reviews"): a finished game's seat reviewed in the
background, its progress shown, stored and done once (a restart keeps it; a review whose process
went away goes on where it stopped); a game in progress, a bad seat, too many reviews at once
refused with a reason."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx2
import pytest
from sqlalchemy import create_engine, select, update
from tests.server.harness import Running, create, lifted_limits, running
from tests.server.test_replay import finished_table

from canasta.server.models import ReviewRow

LIMITS = lifted_limits(review_samples=2, reviews_per_client=1)


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    return f"sqlite:///{tmp_path_factory.mktemp('review') / 'server.db'}"


@pytest.fixture(scope="module")
def server(db: str) -> Iterator[Running]:
    with running(db, seeds="review", limits=LIMITS) as s:
        yield s


@pytest.fixture(scope="module")
def finished(server: Running) -> str:
    with server.http() as http:
        return finished_table(http)


def reviewed(http: httpx2.Client, path: str, seconds: float = 120) -> dict[str, Any]:
    """Ask for the review at ``path`` (…/review?seat=N) and wait until it is done; every
    answer on the way shows no more judged than in all."""
    started = http.post(path)
    assert started.status_code == 202, started.text
    deadline = time.monotonic() + seconds
    while True:
        answer: dict[str, Any] = http.get(path).json()
        assert answer["judged"] == len(answer["lines"]) <= answer["total"]
        if answer["state"] == "done":
            return answer
        assert answer["state"] == "running" and time.monotonic() < deadline, answer["state"]
        time.sleep(0.1)


def test_a_seat_of_a_finished_table_is_reviewed_in_the_background_and_stored(
        server: Running, finished: str, db: str) -> None:
    path = f"/api/tables/{finished}/review?seat=0"
    with server.http() as http:
        before = http.get(path).json()
        assert (before["state"], before["judged"], before["lines"]) == ("none", 0, [])
        assert before["total"] > 3 and before["samples"] == 2
        done = reviewed(http, path)
        assert done["judged"] == done["total"] == before["total"]
        steps = [line["step"] for line in done["lines"]]
        assert steps == sorted(steps) and len(set(steps)) == len(steps)
        moves = http.get(f"/api/tables/{finished}/replay?seat=0").json()["moves"]
        for line in done["lines"]:
            move = moves[line["step"] - 1]
            assert move["seat"] == 0  # a review judges the seat's own decisions
            assert line["chosen"]["words"] and line["why"].endswith(".")
            assert line["best_points"] >= line["chosen_points"] - 1
            assert line["mark"] in ("", "inaccuracy", "mistake", "blunder")
        assert sum(done["marks"].values()) == sum(1 for line in done["lines"] if line["mark"])
        again = http.post(path)  # done once: asked again, it is the stored review
        assert again.status_code == 202 and again.json() == done
    with running(db, seeds="review-2", limits=LIMITS) as other, other.http() as http:
        assert http.get(path).json() == done  # the database keeps it through a restart


def test_a_review_whose_process_went_away_goes_on_where_it_stopped(
        server: Running, finished: str, db: str) -> None:
    path = f"/api/tables/{finished}/review?seat=1"
    with server.http() as http:
        whole = reviewed(http, path)["lines"]
        kept = [{**whole[0], "why": "judged before the server stopped."}, *whole[1:3]]
        engine = create_engine(db)
        with engine.begin() as connection:  # as a process that died after three decisions
            connection.execute(update(ReviewRow).where(
                ReviewRow.game == f"t:{finished}", ReviewRow.seat == 1).values(
                lines=kept, done=False, worker="gone",
                updated_at=datetime(2026, 1, 1, tzinfo=UTC)))
        engine.dispose()
        stopped = http.get(path).json()
        assert (stopped["state"], stopped["judged"]) == ("stopped", 3)
        resumed = reviewed(http, path)["lines"]
        assert resumed[0]["why"] == "judged before the server stopped."  # not judged again
        assert resumed[1:] == whole[1:]  # the same judgements: a review is deterministic


def test_an_uploaded_record_is_reviewed_too(server: Running, finished: str) -> None:
    with server.http() as http:
        text = http.get(f"/api/tables/{finished}/record").text
        upload = http.post("/api/replays", content=text).json()["id"]
        here = reviewed(http, f"/api/replays/{upload}/review?seat=2")
        there = reviewed(http, f"/api/tables/{finished}/review?seat=2")
        assert here["lines"] == there["lines"]


def test_a_game_in_progress_or_a_bad_seat_is_not_reviewed(server: Running,
                                                          finished: str) -> None:
    with server.http() as http:
        table = create(http, ["me", "greedy", "greedy", "greedy"])["id"]  # waits for Ann
        for method in ("GET", "POST"):
            answer = http.request(method, f"/api/tables/{table}/review?seat=1")
            assert answer.status_code == 409 and answer.json()["code"] == "not-over"
            for seat, words in (("all", "of one seat"), ("4", "from 0 to 3"), ("", "''")):
                answer = http.request(method, f"/api/tables/{finished}/review?seat={seat}")
                assert answer.status_code == 400 and answer.json()["code"] == "bad-seat"
                assert words in answer.json()["message"], answer.text
        answer = http.post("/api/replays/0123456789abcdef01234567/review?seat=0")
        assert answer.status_code == 404 and answer.json()["code"] == "no-replay"


def test_a_client_has_one_review_under_way_at_a_time(tmp_path: Path) -> None:
    with running(f"sqlite:///{tmp_path / 'busy.db'}", seeds="review",
                 limits=lifted_limits(review_samples=40, reviews_per_client=1)) as s, \
            s.http() as http:
        table = finished_table(http)
        first = http.post(f"/api/tables/{table}/review?seat=0")
        assert first.status_code == 202 and first.json()["state"] == "running"
        second = http.post(f"/api/tables/{table}/review?seat=1")
        assert second.status_code == 503 and second.json()["code"] == "busy", second.text
        assert http.get(f"/api/tables/{table}/review?seat=1").json()["state"] == "none"
        assert http.post(f"/api/tables/{table}/review?seat=0").json()["state"] == "running"


def stored(db: str) -> set[tuple[str, int]]:
    """The (game, seat) of every review the database holds."""
    engine = create_engine(db)
    with engine.connect() as connection:
        rows = {(game, seat) for game, seat in
                connection.execute(select(ReviewRow.game, ReviewRow.seat))}
    engine.dispose()
    return rows


def test_the_database_keeps_only_the_newest_reviews_of_uploads(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'kept.db'}"
    limits = lifted_limits(review_samples=2, reviews_per_client=1, upload_reviews_kept=2)
    with running(db, seeds="review", limits=limits) as s, s.http() as http:
        table = finished_table(http)
        reviewed(http, f"/api/tables/{table}/review?seat=0")
        upload = http.post("/api/replays",
                           content=http.get(f"/api/tables/{table}/record").text).json()["id"]
        path = f"/api/replays/{upload}/review?seat="
        for seat in (0, 1, 2):
            reviewed(http, f"{path}{seat}")
        assert stored(db) == {(f"t:{table}", 0), (f"u:{upload}", 1), (f"u:{upload}", 2)}
        assert http.get(f"{path}0").json()["state"] == "none"  # forgotten: it may be asked again
        assert http.get(f"{path}2").json()["state"] == "done"
        assert reviewed(http, f"{path}0")["judged"] > 0
        assert stored(db) == {(f"t:{table}", 0), (f"u:{upload}", 2), (f"u:{upload}", 0)}
