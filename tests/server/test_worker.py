"""The server's worker processes (``server.worker``): a worker process runs what it is sent as
it runs here, says why it could not, and ends when its input ends (its server closed it, or
died), so it never outlives the server; ``Workers`` runs a bot's move in another process,
replaces a process that died and asks it again, and tells a function's failure in its words.
Bots' moves never run in the server's own process, where a search holds up every table
(``bench/server_load.py --bot-tables``)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from concurrent.futures import Future
from functools import partial
from pathlib import Path

import pytest
from tests.processes import alive, children, gone
from tests.server.harness import create, db_url, running

from canasta import Game
from canasta.bots import make_bot
from canasta.bots.review import judge
from canasta.engine.view import PlayerView
from canasta.server.site import BOT_NICE
from canasta.server.worker import (
    HEADER,
    WorkerFailed,
    Workers,
    decide,
    frame,
    quick,
    read_frame,
)


def a_view() -> PlayerView:
    game = Game("classic", 4)
    game.apply(game.legal_actions()[0])
    return game.view(game.current_player)


def ended(process: subprocess.Popen[bytes] | int) -> None:
    """Wait (10 s at most) for a process to end."""
    deadline = time.monotonic() + 10
    while (process.poll() is None if isinstance(process, subprocess.Popen)
           else alive(process)):
        assert time.monotonic() < deadline, "the worker outlived its input"
        time.sleep(0.05)


def test_a_worker_runs_what_it_is_sent_and_ends_with_its_input() -> None:
    view = a_view()
    chosen = view.legal_actions[-1]
    worker = subprocess.Popen([sys.executable, "-m", "canasta.server.worker", "0"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert worker.stdin is not None and worker.stdout is not None
    try:
        worker.stdin.write(frame((judge, (view, chosen, 3, 2))))
        worker.stdin.write(frame((judge, (None, chosen, 3, 2))))  # no view: an error, told
        worker.stdin.flush()
        assert read_frame(worker.stdout) == ("ok", judge(view, chosen, 3, 2))
        kind, words = read_frame(worker.stdout)
        assert kind == "error" and "AttributeError" in words
        worker.stdin.close()  # as when the server dies, even by kill -9
        ended(worker)
        assert worker.returncode == 0 and worker.stdout.read(HEADER.size) == b""
    finally:
        worker.kill()
        worker.wait()


def test_workers_decide_as_here_in_another_process_and_replace_one_that_died() -> None:
    view = a_view()
    workers = Workers(1, nice=0)
    try:
        assert workers.submit(decide, "ismcts:iterations=4", 7, view).result(60) == decide(
            "ismcts:iterations=4", 7, view)
        [pid] = workers.pids()
        assert pid != os.getpid()
        os.kill(pid, signal.SIGKILL)  # killed between two requests
        ended(pid)
        assert workers.submit(decide, "greedy", 1, view).result(60) == decide("greedy", 1, view)
        [again] = workers.pids()
        assert again != pid
        # killed while it thinks: the request goes to a new process, and is answered
        slow: Future[object] = workers.submit(decide, "ismcts:seconds=3,settle=0", 2, view)
        deadline = time.monotonic() + 10
        while not slow.running():
            assert time.monotonic() < deadline
            time.sleep(0.01)
        time.sleep(0.3)
        os.kill(again, signal.SIGKILL)
        assert slow.result(60) in view.legal_actions
        assert workers.pids() and workers.pids()[0] not in (pid, again)
    finally:
        workers.shutdown()
    assert workers.pids() == []


def test_a_search_on_two_processes_decides_in_a_worker_as_here_and_leaves_nothing_behind(
        ) -> None:
    """The expert level samples in a helper process too (``processes=2``): in a worker the
    helper is the worker's child, and when the worker is killed its children end with it."""
    view = a_view()
    spec = "ismcts:iterations=4,settle=0,processes=2"
    workers = Workers(1, nice=0)
    try:
        assert workers.submit(decide, spec, 7, view).result(60) == decide(spec, 7, view)
        [pid] = workers.pids()
        helpers = children(pid)
        assert helpers
        os.kill(pid, signal.SIGKILL)
        ended(pid)
        assert all(gone(helper, within=10) for helper in helpers)
        assert workers.submit(decide, spec, 7, view).result(60) == decide(spec, 7, view)
    finally:
        workers.shutdown()


def test_a_failure_in_a_worker_is_told_in_its_words_and_shutdown_ends_the_processes() -> None:
    workers = Workers(2, nice=0)
    try:
        with pytest.raises(WorkerFailed, match="decide failed in a worker process: BotError"):
            workers.submit(decide, "no-such-bot", 1, a_view()).result(60)
        started = workers.pids()
        assert len(started) == 1  # one process was needed, one was started
    finally:
        workers.shutdown()
    ended(started[0])
    with pytest.raises(RuntimeError, match="shut down"):
        workers.submit(decide, "greedy", 1, a_view())


def test_a_quick_request_is_served_before_the_searches_waiting_before_it() -> None:
    workers = Workers(1, nice=0)
    done: list[str] = []
    try:
        futures = [workers.submit(time.sleep, 0.3) for _ in range(3)]
        futures.append(workers.submit_quick(time.time))
        for name, future in zip(("slow 1", "slow 2", "slow 3", "quick"), futures, strict=True):
            future.add_done_callback(partial(lambda name, _: done.append(name), name))
        for future in futures:
            future.result(60)
    finally:
        workers.shutdown()
    assert done.index("quick") < done.index("slow 2") < done.index("slow 3"), done


def test_keyword_arguments_are_refused_in_the_words_of_the_method_called() -> None:
    workers = Workers(1, nice=0)
    try:
        with pytest.raises(TypeError, match=r"^Workers\.submit takes"):
            workers.submit(sorted, [2, 1], reverse=True)
        with pytest.raises(TypeError, match=r"^Workers\.submit_quick takes"):
            workers.submit_quick(sorted, [2, 1], reverse=True)
    finally:
        workers.shutdown()


def test_what_is_quick_a_bot_that_does_not_search_or_a_forced_move() -> None:
    view = a_view()
    assert len(view.legal_actions) > 1
    assert quick("greedy", view) and quick("novice", view)
    assert not quick("ismcts:iterations=4", view) and not quick("expert", view)
    game, greedy = Game("classic", 4), make_bot("greedy")
    while len(game.legal_actions()) > 1:
        game.apply(greedy.act(game.view(game.current_player)))
    forced = game.view(game.current_player)
    assert len(forced.legal_actions) == 1 and quick("expert", forced)


def test_a_worker_whose_server_went_away_mid_request_ends_quietly() -> None:
    worker = subprocess.Popen([sys.executable, "-m", "canasta.server.worker", "0"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE)
    assert worker.stdin is not None and worker.stdout is not None and worker.stderr is not None
    try:
        worker.stdin.write(frame((decide, ("ismcts:seconds=0.5,settle=0", 1, a_view()))))
        worker.stdin.flush()
        worker.stdout.close()  # nobody reads the answer: its write finds the pipe broken
        ended(worker)
        assert worker.returncode == 0 and worker.stderr.read() == b""
    finally:
        worker.kill()
        worker.wait()


def worker_processes() -> dict[int, int]:
    """This process's worker children (``python -m canasta.server.worker``): pid, niceness."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                words = cmdline.read().split(b"\0")
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:  # it ended meanwhile
            continue
        if b"canasta.server.worker" in words and int(fields[1]) == os.getpid():
            found[int(entry)] = int(fields[16])  # ppid is field 4, nice field 19 of stat
    return found


def test_a_tables_bots_think_in_the_servers_worker_processes(tmp_path: Path) -> None:
    before = worker_processes()
    with running(db_url(tmp_path)) as server, server.http() as http:
        table = create(http, ["club"] * 4)["id"]
        deadline = time.monotonic() + 60
        while not http.get(f"/api/tables/{table}").json()["over"]:
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.05)
        started = {pid: nice for pid, nice in worker_processes().items() if pid not in before}
        assert started and set(started.values()) == {BOT_NICE}, started
    for pid in started:  # the server stopped: its workers' input closed, they ended
        ended(pid)
