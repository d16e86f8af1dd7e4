"""The reviews' worker process (``server.review_worker``): it judges what it is sent as
``judge`` does here, says why it could not, and ends when its input ends (its server closed it,
or died), so it never outlives the server."""

from __future__ import annotations

import subprocess
import sys
import time

from canasta import Game
from canasta.bots.review import judge
from canasta.server.review_worker import HEADER, frame, read_frame


def test_the_worker_judges_as_judge_does_and_ends_with_its_input() -> None:
    game = Game("classic", 4)
    game.apply(game.legal_actions()[0])
    view = game.view(game.current_player)
    chosen = view.legal_actions[-1]
    worker = subprocess.Popen([sys.executable, "-m", "canasta.server.review_worker", "0"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert worker.stdin is not None and worker.stdout is not None
    try:
        worker.stdin.write(frame((view, chosen, 3, 2)))
        worker.stdin.write(frame((None, chosen, 3, 2)))  # no view: an error, told
        worker.stdin.flush()
        assert read_frame(worker.stdout) == ("ok", judge(view, chosen, 3, 2))
        kind, words = read_frame(worker.stdout)
        assert kind == "error" and "AttributeError" in words
        worker.stdin.close()  # as when the server dies, even by kill -9
        deadline = time.monotonic() + 10
        while worker.poll() is None:
            assert time.monotonic() < deadline, "the worker outlived its input"
            time.sleep(0.05)
        assert worker.returncode == 0 and worker.stdout.read(HEADER.size) == b""
    finally:
        worker.kill()
        worker.wait()
