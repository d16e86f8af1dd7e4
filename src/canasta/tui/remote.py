"""The terminal game at a server's table: ``canasta play --server URL --join LINK``
(docs/protocol.md, "Network clients").

The same table, keys and dialogs as a game against bots (``TableApp``), over a seat held
through the browser's protocol (``canasta.net.client``): the screen draws the presentation
facts of the seat's view as the server sends it, with the server's move log. A move is sent
with the version it was chosen at and nothing changes on screen until the server's frame
says so; a refusal shows the server's reason. The other seats — people in browsers or
terminals, bots — are the server's business. The deal's breakdown stays until the person
continues (the server's bots wait for them); at the end "play again" follows the table the
server makes. A dropped connection is resumed (the message line says so).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from canasta.engine.actions import Action
from canasta.engine.refusal import Topic
from canasta.engine.view import PlayerView
from canasta.errors import CanastaError
from canasta.net.client import Disconnected, SeatClient
from canasta.net.link import Seating
from canasta.presentation import CardFact, TableFacts, table_facts
from canasta.presentation.cards import with_sent_deal_end, with_sent_suits
from canasta.presentation.facts import DealBreakdown
from canasta.tui.app import TableApp
from canasta.tui.session import Why


class RemoteSession:
    """A seat at a server's table as the table app sees it (``SeatSession``): the last view
    the server sent, its log, and what the person may do now."""

    def __init__(self, client: SeatClient, notes: list[str] | None = None) -> None:
        self.client = client
        self.notes = notes or []
        self.plan: list[str] = []  # the rest of a going-out line, sent one by one
        self._last: PlayerView | None = None

    @property
    def view(self) -> PlayerView:
        """The server's latest view of the seat; while the client moves to the next table
        (no view of it yet), the last one it had, so a redraw in between draws the old table."""
        view = self.client.view
        if view is not None:
            self._last = view
            return view
        if self._last is None:
            raise CanastaError("no view of the table yet")
        return self._last

    @property
    def names(self) -> tuple[str, ...]:
        return self.client.names

    @property
    def human_to_act(self) -> bool:
        return bool(self.view.legal_actions) and not self.client.over \
            and not self.client.waiting

    @property
    def can_undo(self) -> bool:
        return bool(self.client.frame.get("can_undo")) and self.human_to_act

    @property
    def log(self) -> list[str]:
        """The move log the server keeps for this seat (its last lines)."""
        return [str(line) for line in self.client.frame.get("facts", {}).get("log", ())]

    def facts(self, hint: bool = False, lines: int = 12) -> TableFacts:
        """The facts of the seat's view, its cards showing the suits the server's facts give
        them (``with_sent_suits``: the server keeps the ledger, docs/presentation.md), and
        just after a deal ended its melds as the server's breakdown shows them
        (``with_sent_deal_end``)."""
        sent = self.client.frame.get("facts")
        facts = with_sent_suits(table_facts(self.view, self.names, self.log[-lines:],
                                            with_hint=hint), sent)
        return with_sent_deal_end(facts, self.view.rules, sent)  # the deal's melds as it ended

    def refusal(self, action: Action | str) -> Why | None:
        """Why the move need not be sent at all (not this seat's turn, not an action); the
        rules are the server's: its refusal comes back in words, with its topic."""
        if self.client.over:
            return Why("the game is over", Topic.END)
        if not self.human_to_act:
            turn = self.view.current_player
            return Why("wait for the others to read the breakdown" if self.client.waiting or
                       turn == self.client.seat else f"it is {self.names[turn]}'s turn, not yours")
        if isinstance(action, str):
            try:
                Action.parse(action)
            except CanastaError as exc:
                return Why(str(exc))
        return None


class NetworkApp(TableApp[RemoteSession]):
    """The table of a seat at a server: moves go to the server, frames come back."""

    def __init__(self, session: RemoteSession, ascii: bool = False) -> None:
        super().__init__(session, ascii)
        self.showing = False  # a deal's breakdown is on screen
        self._drawing = False  # a redraw is asked for (frames coming fast make one)
        self._lost = False  # the connection dropped: the next welcome is a resume
        self._again = False  # asked for another game: the old one's end is not shown again
        session.client.on_retry = self._retrying

    def on_mount(self) -> None:
        self.redraw()
        self.run_worker(self._listen(), group="net")
        self.after_frame()

    # ------------------------------------------------------------------ the person's moves

    def send(self, message: dict[str, Any]) -> None:
        self.run_worker(self.session.client.send(message), group="send")

    def act(self, text: str, picked: Sequence[CardFact] = ()) -> bool:
        """``TableApp.act``; a move refused before it is sent also ends a going-out line."""
        if super().act(text, picked):
            return True
        self.session.plan.clear()
        return False

    def play(self, text: str, picked: Sequence[CardFact] = ()) -> None:
        """Send the move, with the suits of the ``picked`` cards (the action's last words:
        ``eye``, docs/protocol.md) so the server moves those copies; the server's frame (or
        its refusal) answers."""
        message: dict[str, Any] = {"kind": "act", "action": text,
                                   "v": self.session.client.version}
        words = text.split()[1:]
        if picked and len(picked) <= len(words):
            message["eye"] = [""] * (len(words) - len(picked)) + [c.eye for c in picked]
        self.send(message)
        self.bots_busy = True
        self.say(f"{text} ...")
        self.refresh_bindings()

    def lay(self, cards: list[CardFact], texts: list[str]) -> None:
        """The cards go to the server as the page sends them (``lay``, with the suits the
        person sees): the server tries every step first and plays all or none."""
        why = self.session.refusal(texts[0])  # the game over, another seat's turn
        if why is not None:
            self.refuse(why)
            return
        self.send({"kind": "lay", "cards": [c.text for c in cards],
                   "eye": [c.eye for c in cards], "onto": None,
                   "v": self.session.client.version})
        self.bots_busy = True
        self.say(f"{', '.join(texts)} ...")
        self.refresh_bindings()

    def go_out(self, actions: list[Action]) -> None:
        """One action at a time: the next is sent on the server's ack of the last."""
        texts = [str(a) for a in actions]
        self.session.plan = texts[1:]
        self.act(texts[0])

    def action_undo(self) -> None:
        if not self.session.can_undo:
            self.refuse("nothing to undo: only your own actions of this turn that revealed "
                        "no card, with no other person at the table")
            return
        self.send({"kind": "undo", "v": self.session.client.version})
        self.bots_busy = True

    # ------------------------------------------------------------------ the server's frames

    async def _listen(self) -> None:
        client = self.session.client
        while True:
            try:
                frame = await client.next_frame()
            except (Disconnected, CanastaError) as exc:
                self.bots_busy = False
                self.refuse(f"{exc}. Press q to quit; the same command takes the seat back.")
                self.refresh_bindings()
                return
            if frame["kind"] == "next":
                await client.switch(str(frame["table"]))
                self._deals_shown, self._again = 0, False
                self.message = "A new game at the same table."
            else:
                self.heard(frame)

    def heard(self, frame: dict[str, Any]) -> None:
        """A frame from the server: redraw, go on with a going-out line, show a refusal or
        the end of a deal."""
        kind = frame["kind"]
        if kind == "error":
            self.bots_busy = False
            self.session.plan.clear()
            if frame.get("code") == "stale":
                self.say("The table moved on before your move arrived: here it is now.")
            else:
                topic = frame.get("topic")  # the server's: a topic we know, or none
                self.refuse(Why(str(frame.get("message")), topic if isinstance(topic, str)
                                and topic in [t.value for t in Topic] else ""))
            self.refresh_bindings()
        elif kind == "ack":
            self.bots_busy = False
            if self.session.plan:
                self.act(self.session.plan.pop(0))
            else:
                self.message = ""
                self.after_frame()
        elif kind == "welcome" and self._lost:
            self._lost = self.bots_busy = False  # a move sent before the drop is in it, or lost
            self.message = "Back at the table."
            self.after_frame()
        elif kind in ("welcome", "event"):
            self.after_frame()

    def after_frame(self) -> None:
        """Draw the table once the frames that came together are read (``_draw``)."""
        if not self._drawing:
            self._drawing = True
            self.call_later(self._draw)

    def _draw(self) -> None:
        """Draw the table; a deal that ended since (or a breakdown the server waits for this
        seat to read) stays on screen until the person continues."""
        self._drawing = False
        if self.session.client.view is None:
            return
        self.redraw()
        deals = len(self.session.view.results)
        if not self.showing and (deals > self._deals_shown or self.session.client.waiting
                                 or (self.session.client.over and deals and not self._again)):
            self._deals_shown = deals
            self.breakdown(self.facts.last_deal, self.session.client.over)

    def breakdown(self, last: DealBreakdown | None, over: bool) -> None:
        self.showing = True
        super().breakdown(last, over)

    def deal_closed(self, what: str | None) -> None:
        self.showing = False
        if what == "quit":
            self.exit()
        elif what == "again":
            self._again = True  # a frame of the old table until "next" must not reopen its end
            self.send({"kind": "again"})
            self.say("Asking for another game ...")
        elif self.session.client.waiting:
            self.send({"kind": "continue"})

    def _retrying(self, attempt: int) -> None:
        self.bots_busy = self._lost = True
        words = self.session.client.retry_status(attempt)
        self.refuse(f"{words[0].upper()}{words[1:]} ...")


async def play_remote(seating: Seating, ascii: bool = False) -> str:
    """Play the seat in the full-screen table until the person quits; what to tell them."""
    client = SeatClient(seating)
    await client.open()
    notes = [f"You are {seating.name} at table {client.table} on "
             f"{seating.invitation.server} ({seating.rules.title})."]
    app = NetworkApp(RemoteSession(client, notes), ascii=ascii)
    await app.run_async()
    await client.close()
    if client.over:
        return f"The game at table {client.table} is over."
    return (f"You left table {client.table}; the seat stays yours (a bot plays it after the "
            "table's grace period): run the same command to take it back.")


def run(seating: Seating, ascii: bool = False) -> str:
    return asyncio.run(play_remote(seating, ascii))


__all__ = ["NetworkApp", "RemoteSession", "play_remote", "run"]
