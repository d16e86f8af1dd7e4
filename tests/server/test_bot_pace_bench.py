"""bench/bot_pace.py: a table of bots timed on the server, as the bench prints it."""

from __future__ import annotations

import pytest
from tests.scripts import load_script


def test_the_bench_times_a_table_of_quick_bots(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_script("bench/bot_pace.py")
    # ends after 4 moves: a watch of fixed length saw no two on a loaded machine, where the
    # table's first moves wait for its worker processes to start
    bench.main(["--level", "club", "--pause", "0.05", "--moves", "4", "--seconds", "60"])
    out = capsys.readouterr().out
    assert out.startswith("club, pause 0.05 s, classic: ") and "4 moves in " in out \
        and "from one move to the next" in out


def test_the_bench_refuses_a_pause_a_table_may_not_have() -> None:
    bench = load_script("bench/bot_pace.py")
    with pytest.raises(SystemExit):
        bench.main(["--pause", "6"])


def test_the_bench_refuses_fewer_than_two_moves_to_watch() -> None:
    bench = load_script("bench/bot_pace.py")
    with pytest.raises(SystemExit):
        bench.main(["--moves", "1"])
