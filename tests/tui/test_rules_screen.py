"""The terminal's rules screen (``i``): the table's main rules in plain words
(``presentation.rules_in_words``), over the table and back, at 80x24."""

from __future__ import annotations

from pathlib import Path

import pytest

from canasta.presentation import rules_in_words
from canasta.tui.local import CanastaApp
from canasta.tui.screens import RulesScreen
from canasta.tui.session import Options, start
from tests.tui.conftest import screen_text, settle

pytestmark = pytest.mark.anyio


async def test_i_shows_the_tables_rules_in_words_and_escape_goes_back(tmp_path: Path) -> None:
    session = start(Options(rules="samba", seed=4, save=str(tmp_path / "g.json")))
    app = CanastaApp(session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        table = screen_text(app)
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        shown = " ".join(screen_text(app).split())
        assert "Samba: " in shown and "Players and cards" in shown
        first = rules_in_words(session.game.rules)[0].lines[0]
        assert first in shown  # "4 players in 2 sides of 2, ..."
        for _ in range(40):  # the last topic, scrolled to
            await pilot.press("down")
        await pilot.pause()
        assert "The end of the game" in " ".join(screen_text(app).split())
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, RulesScreen) and screen_text(app) == table
        await pilot.press("k")
        await pilot.pause()
        assert "the rules in words" in screen_text(app)  # on the keys' list


async def test_i_after_a_refused_move_opens_the_rules_at_its_rule(tmp_path: Path) -> None:
    """A move the rules refuse says which rule (its topic's heading), and ``i`` opens the
    rules there, the topic marked; once another message shows, ``i`` opens them at the top."""
    session = start(Options(rules="classic", seed=4, save=str(tmp_path / "g.json")))
    app = CanastaApp(session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert not app.act("discard K")  # before drawing
        assert app.message == "Not now: draw from the stock or take the pile first (i: the " \
            "rules, A turn)"
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.asked == "turn"
        shown = screen_text(app)
        assert "A turn  the rule of the move refused" in shown
        assert "Players and cards" not in shown  # scrolled to the topic
        await pilot.press("escape")
        await pilot.pause()
        app.say("Something else.")
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.asked == ""
        assert "Players and cards" in screen_text(app)
