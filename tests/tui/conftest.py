"""Helpers for driving the Textual app with its pilot."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot

from canasta import Game
from canasta.presentation.names import default_names
from canasta.tui.app import TableApp
from canasta.tui.local import CanastaApp
from canasta.tui.session import Session


def screen_text(app: App[None]) -> str:
    """What the terminal shows now, as plain text (one line per row)."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def settle(pilot: Pilot[None], app: CanastaApp,
                 ready: Callable[[], bool] | None = None, rounds: int = 5000) -> None:
    """Let the app work (the bots think in a worker) until it waits for the person, or
    ``ready`` holds, then let the screen catch up; fails if that never happens."""
    done = ready or (lambda: (app.session.human_to_act or app.session.game.is_terminal())
                     and not app.bots_busy)
    for _ in range(rounds):
        if done():
            await pilot.pause()
            return
        await asyncio.sleep(0.001)
    raise AssertionError("the app never came back to the person")


async def type_command(pilot: Pilot[None], text: str, complete: list[str] | None = None
                       ) -> None:
    """Open the command line, type ``text`` and press Enter, as a player would. With
    ``complete`` (the completions offered, in order), type only as much as picks ``text`` out
    of them and take the completion with the right arrow."""
    typed = text
    if complete is not None and text in complete:
        typed = next(text[:n] for n in range(1, len(text) + 1)
                     if next(c for c in complete if c.startswith(text[:n])) == text)
    await pilot.press("colon")
    await pilot.press(*["space" if ch == " " else ch for ch in typed])
    if typed != text:
        await pilot.press("right")
    await pilot.press("enter")


async def play_by_keys(pilot: Pilot[None], app: TableApp[Any], text: str) -> None:
    """Play the action ``text`` with the keys a player would use: ``d`` to draw, the cursor
    and ``x`` to discard (confirming when asked), ``t`` and the route for a take, the command
    line (with its completion) for the rest."""
    from canasta.tui.screens import ChoiceScreen, ConfirmScreen

    if text == "draw":
        await pilot.press("d")
    elif text.startswith("discard "):
        cards = [c.text for group in app.facts.hand for c in group.cards]
        await pilot.press("home", *["right"] * cards.index(text.split()[1]), "x")
        if isinstance(app.screen, ConfirmScreen):
            await pilot.press("y")
    elif text.startswith("take "):
        await pilot.press("t")
        if isinstance(app.screen, ChoiceScreen):
            routes = [a.text for a in app.screen.actions]
            await pilot.press(*["down"] * routes.index(text), "enter")
    else:
        await type_command(pilot, text, [a.text for a in app.facts.actions])


async def pick(pilot: Pilot[None], indices: list[int]) -> None:
    """Pick the hand's cards at ``indices`` (in display order) with the cursor and space."""
    for index in indices:
        await pilot.press("home", *["right"] * index, "space")


def session_at(game: Game, tmp_path: Path, human: int = 0, bots: str = "greedy") -> Session:
    """A session playing ``game`` (a position) from seat ``human``."""
    return Session(game, human, bots, tmp_path / "game.json",
                   default_names(game.num_players, human))


@pytest.fixture
def anyio_backend() -> str:
    """The pilot runs on asyncio."""
    return "asyncio"
