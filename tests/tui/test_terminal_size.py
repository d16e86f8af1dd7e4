"""Below the table's minimum size the terminal says how big to make it, instead of drawing
a broken table; the table comes back when the terminal grows (issue 26)."""

from __future__ import annotations

from pathlib import Path

import pytest

from canasta import Game
from canasta.tui.local import CanastaApp
from canasta.tui.size import MIN_SIZE
from tests.tui.conftest import screen_text, session_at, settle

pytestmark = pytest.mark.anyio

MESSAGE = f"make the terminal at least {MIN_SIZE[0]} x {MIN_SIZE[1]}"


@pytest.mark.parametrize("size", [(MIN_SIZE[0] - 1, MIN_SIZE[1]), (MIN_SIZE[0], MIN_SIZE[1] - 1),
                                  (40, 12)])
async def test_a_terminal_too_small_says_how_big_to_make_it(
        tmp_path: Path, size: tuple[int, int]) -> None:
    session = session_at(Game("classic", 3), tmp_path)
    app = CanastaApp(session, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        text = screen_text(app)
        assert MESSAGE in text and f"(it is {size[0]} x {size[1]}; q quits)" in text
        assert "Your hand" not in text and "Pile" not in text
        moves = len(session.game.history)
        await pilot.press("d")  # the table's keys are off while it is not drawn
        await pilot.pause()
        assert len(session.game.history) == moves
        await pilot.resize_terminal(*MIN_SIZE)
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert MESSAGE not in text and "Your hand" in text
        await pilot.press("d")
        await settle(pilot, app, lambda: len(session.game.history) > moves)
        await pilot.resize_terminal(*size)
        await pilot.pause()
        await pilot.pause()
        assert MESSAGE in screen_text(app)


async def test_the_minimum_size_draws_the_table(tmp_path: Path) -> None:
    session = session_at(Game("classic", 3), tmp_path)
    app = CanastaApp(session, bot_delay=0)
    async with app.run_test(size=MIN_SIZE) as pilot:
        await settle(pilot, app)
        text = screen_text(app)
        assert MESSAGE not in text and "Your hand" in text and "Pile" in text
