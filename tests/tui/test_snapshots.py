"""The table's look, as reviewed SVG snapshots (pytest-textual-snapshot) at 80x24: the draw
phase, the meld phase and a deal's breakdown, each from a seeded game with greedy bots. A
change to the look fails here until its new snapshots are accepted
(``python -m pytest tests/tui/test_snapshots.py --snapshot-update``) and committed, so it is
reviewed with the change.

Nothing of the machine enters a snapshot: no file path or seed is on screen (``session_at``
starts with no notes), the theme is set, ``NO_COLOR`` is cleared, and the headless driver
draws at the given size whatever the real terminal is.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from canasta import Game
from canasta.tui.local import CanastaApp
from canasta.tui.screens import BreakdownScreen
from tests.helpers import MELD, position
from tests.tui.conftest import session_at, settle

Compare = Callable[..., bool]
OTHERS = {1: "4 6 8 J Q", 2: "5 7 9 J Q", 3: "4 6 8 10 A"}


@pytest.fixture
def table(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Callable[[Game], CanastaApp]:
    """A table app over a game, its look independent of the environment."""
    monkeypatch.delenv("NO_COLOR", raising=False)

    def make(game: Game) -> CanastaApp:
        app = CanastaApp(session_at(game, tmp_path), bot_delay=0)
        app.theme = "textual-dark"
        return app

    return make


def until(ready: Callable[[CanastaApp], bool] | None = None,
          keys: tuple[str, ...] = ()) -> Callable[[Pilot[Any]], Awaitable[None]]:
    """Wait for the person's turn, press ``keys``, wait until ``ready``."""
    async def run(pilot: Pilot[Any]) -> None:
        app = pilot.app
        assert isinstance(app, CanastaApp)
        await settle(pilot, app)
        if keys:
            await pilot.press(*keys)
            await settle(pilot, app, None if ready is None else lambda: ready(app))
    return run


def test_the_draw_phase(snap_compare: Compare, table: Callable[[Game], CanastaApp]) -> None:
    app = table(Game("classic", 3))
    assert snap_compare(app, terminal_size=(80, 24), run_before=until())
    assert app.session.facts().turn.phase == "draw"


def test_the_meld_phase(snap_compare: Compare, table: Callable[[Game], CanastaApp]) -> None:
    app = table(Game("classic", 3))
    assert snap_compare(app, terminal_size=(80, 24), run_before=until(keys=("d",)))
    assert app.session.facts().turn.phase == "meld"


def test_the_deal_breakdown(snap_compare: Compare, table: Callable[[Game], CanastaApp]) -> None:
    game = position(hands={0: "K 5", **OTHERS}, melds={0: ["K K K K K K", "Q Q Q"]},
                    pile="4", phase=MELD, drew=True, scores=[1200, 900])
    app = table(game)
    assert snap_compare(app, terminal_size=(80, 24), run_before=until(
        lambda app: isinstance(app.screen, BreakdownScreen), ("g",)))
    assert app.session.game.results and not app.session.game.is_terminal()
