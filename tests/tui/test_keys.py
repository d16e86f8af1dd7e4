"""Every key of the table stays within reach at 80x24 (issue 26): the footer shows what fits
of the keys that work now, always with ``k help`` and ``q quit``, and the help screen lists
every key."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.binding import Binding
from textual.pilot import Pilot

from canasta import Game
from canasta.tui.app import TableApp
from canasta.tui.keys import ALWAYS, Key, KeyBar, KeysScreen, fit
from canasta.tui.local import CanastaApp
from tests.helpers import MELD, position
from tests.tui.conftest import screen_text, session_at, settle, type_command

pytestmark = pytest.mark.anyio

OTHERS = {1: "4 6 8 J Q", 2: "5 7 9 J Q", 3: "4 6 8 10 A"}


def working(app: TableApp[Any]) -> set[str]:
    """The actions of the table's keys that work now."""
    return {b.action for b in Binding.make_bindings(app.BINDINGS)
            if app.check_action(b.action, ())}


def mid_opening(tmp_path: Path) -> CanastaApp:
    """The terminal game mid-way through an initial meld's hand (two melds to lay)."""
    game = position(hands={0: "K K K Q Q Q 5 7 9 J", **OTHERS}, pile="4", phase=MELD,
                    drew=True)
    return CanastaApp(session_at(game, tmp_path), bot_delay=0)


async def lay_two_melds(pilot: Pilot[None], app: CanastaApp) -> None:
    """Lay the kings and the queens: the opening is pending (commit, retract, undo work)."""
    await settle(pilot, app)
    await type_command(pilot, "meld K K K")
    await type_command(pilot, "meld Q Q Q")
    await pilot.pause()


async def test_at_80_by_24_mid_opening_every_key_is_on_the_footer_or_the_help_screen(
        tmp_path: Path) -> None:
    # mid-way through an initial meld: commit, retract and undo work, besides the meld keys
    app = mid_opening(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await lay_two_melds(pilot, app)
        now = working(app)
        assert {"commit", "retract", "undo", "meld", "discard", "hint", "palette"} <= now
        footer = screen_text(app).splitlines()[-1]
        assert len(footer) <= 80 and footer.rstrip().endswith("k help q quit")
        for word in ("c commit", "r retract", "u undo", "x discard", "m meld"):
            assert word in footer
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
        listed = screen_text(app)
        for binding in Binding.make_bindings(app.BINDINGS):
            if binding.tooltip:
                assert binding.tooltip in listed, binding
        assert {words for _, words, on in app.screen.rows if on} == \
            {b.tooltip for b in Binding.make_bindings(app.BINDINGS)
             if b.tooltip and b.action in now | {"keys", "quit"}}
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, KeysScreen)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)


async def test_a_key_left_off_the_footer_still_works(tmp_path: Path) -> None:
    app = mid_opening(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await lay_two_melds(pilot, app)
        assert "space pick" not in screen_text(app).splitlines()[-1]
        await pilot.press("home", "space")
        await pilot.pause()
        assert "selected: 5" in screen_text(app)


def test_fit_keeps_help_and_quit_and_the_phase_keys_first() -> None:
    keys = [Key(shown, words, shown, action) for shown, words, action in (
        ("<>", "move", "left"), ("space", "pick", "select"), ("m", "meld", "meld"),
        ("x", "discard", "discard"), ("u", "undo", "undo"), ("h", "hint", "hint"),
        ("k", "help", "keys"), ("q", "quit", "quit"))]
    everything = sum(k.width for k in keys) + len(keys) - 1
    assert fit(keys, everything) == keys
    assert [k.action for k in fit(keys, everything - 1)] == \
        ["select", "meld", "discard", "undo", "hint", "keys", "quit"]  # the arrows go first
    assert [k.action for k in fit(keys, 20)] == ["meld", "keys", "quit"]
    assert [k.action for k in fit(keys, 0)] == list(ALWAYS)
    for width in range(13, 80):
        kept = fit(keys, width)
        assert sum(k.width for k in kept) + len(kept) - 1 <= width


async def test_a_click_on_the_footer_presses_its_key(tmp_path: Path) -> None:
    app = CanastaApp(session_at(Game("classic", 3), tmp_path), bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        footer = screen_text(app).splitlines()[-1]
        assert footer.startswith("\u2190\u2192 move space pick d draw")  # room for every key
        await pilot.click(KeyBar, offset=(footer.index("k help"), 0))
        await pilot.pause()
        assert isinstance(app.screen, KeysScreen)
