"""``canasta play`` against bots: the table (``canasta.tui.app.TableApp``) over a local
session (``canasta.tui.session.Session``), which asks the engine and saves the game after each
move. Bots think in a worker thread, so the screen never freezes, and their moves appear one
by one, each ``bot_delay`` after the one before it: a bot thinks during that pause, so a search
adds only the time it takes beyond it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from functools import partial

from canasta.bots import Bot
from canasta.engine.actions import Action
from canasta.engine.view import PlayerView
from canasta.errors import CanastaError
from canasta.presentation import CardFact
from canasta.tui.app import TableApp
from canasta.tui.session import Session


class CanastaApp(TableApp[Session]):
    """The table of one local session: the person against bots."""

    def __init__(self, session: Session, ascii: bool = False, bot_delay: float = 0.6) -> None:
        super().__init__(session, ascii)
        self.bot_delay = bot_delay
        #: when a bot's move was last shown (``time.monotonic``); never, at first: the clock
        #: starts at the machine's start, so 0 would hold the first move back on a machine
        #: started less than ``bot_delay`` ago
        self._moved_at = -math.inf

    def on_mount(self) -> None:
        self.redraw()
        self.call_later(self.advance)

    def play(self, text: str, picked: Sequence[CardFact] = ()) -> None:
        lines = self.session.play(text, picked)
        self.message = " ".join(lines)
        self.after_move()

    def go_out(self, actions: list[Action]) -> None:
        """The whole line at once (its log lines shown together), then the bots."""
        lines: list[str] = []
        for action in actions:
            if self.session.refusal(action) is not None:
                break
            lines += self.session.play(action)
        self.message = " ".join(lines)
        self.after_move()

    def lay(self, cards: list[CardFact], texts: list[str]) -> None:
        """Every step tried on a copy first (``Session.lay``): all played, their log lines
        shown together (one undo takes them back), or the first refusal shown and nothing
        played."""
        why = self.session.line_refusal(texts)
        if why is not None:
            self.refuse(why)
            return
        self.message = " ".join(self.session.lay(texts, cards))
        self.after_move()

    def action_undo(self) -> None:
        try:
            self.say(self.session.undo())
        except CanastaError as exc:
            self.refuse(str(exc))
            return
        self.redraw()

    # ------------------------------------------------------------------ the flow of play

    def after_move(self) -> None:
        """After any move: redraw, show a finished deal, let the bots play."""
        self.redraw()
        game = self.session.game
        if len(game.results) > self._deals_shown:
            self._deals_shown = len(game.results)
            self.breakdown(self.facts.last_deal, game.is_terminal())
            return
        self.advance()

    def deal_closed(self, what: str | None) -> None:
        if what == "quit":
            self.exit()
        elif what == "again":
            self.session = self.session.again()
            self._deals_shown = 0
            self.message = " ".join(self.session.notes)
            self.redraw()
            self.advance()
        else:
            self.advance()

    def advance(self) -> None:
        """Let the bot to act think, in a worker; nothing when it is the person's turn."""
        game = self.session.game
        if self.bots_busy:
            return
        if game.is_terminal() or self.session.human_to_act:
            self.redraw()
            return
        self.bots_busy = True  # the footer was drawn after the move: the person's keys are gone
        self._next_bot()

    def _next_bot(self) -> None:
        bot, view = self.session.bot_turn()
        moves = len(self.session.game.history)
        self.run_worker(partial(self._think, bot, view, moves), thread=True, group="bots")

    def _think(self, bot: Bot, view: PlayerView, moves: int) -> None:
        """In a worker thread: the bot decides on its view (a copy; the game is not touched)."""
        try:
            action = bot.act(view)
        except CanastaError as exc:
            self.call_from_thread(self._bot_failed, view.seat, str(exc))
            return
        self.call_from_thread(self._bot_moved, action, moves)

    def _bot_failed(self, seat: int, why: str) -> None:
        """A bot found nothing to do (a position with no legal action): say so and stop."""
        self.bots_busy = False
        self.refuse(f"{self.session.names[seat]} cannot move ({why}); the game is saved")

    def _bot_moved(self, action: Action, moves: int) -> None:
        """Play the bot's move, no sooner than ``bot_delay`` after the last bot's move was
        shown; then the next bot, the person, or the end of the deal."""
        wait = self._moved_at + self.bot_delay - time.monotonic()
        if wait > 0:
            self.set_timer(wait, partial(self._bot_moved, action, moves))
            return
        session = self.session
        if len(session.game.history) != moves:  # the game moved on (a new game)
            self.bots_busy = False
            self.advance()
            return
        session.play_bot(action)
        game = session.game
        if len(game.results) > self._deals_shown:
            self.bots_busy = False
            self.after_move()
        elif self.bot_delay <= 0 and not game.is_terminal() and not session.human_to_act:
            self._next_bot()  # no pause to show the move in: draw once the bots are done
        else:
            self.bots_busy = False
            if session.human_to_act:
                self.message = ""
            self._moved_at = time.monotonic()
            self.after_move()  # the next bot starts thinking now, during the pause
