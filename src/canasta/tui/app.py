"""``canasta play``: the full-screen table (Textual).

The screen draws the presentation facts of the person's seat (``canasta.presentation``) and
never works a game fact out itself; every action goes through the seat's session (a local
game, ``canasta.tui.session``, or a seat at a server's table), which asks the engine.

``TableApp`` is the table, its keys and dialogs, over any seat that answers ``SeatSession``;
``canasta.tui.local.CanastaApp`` plays a local game against bots,
``canasta.tui.remote.NetworkApp`` a seat at a server's table (``canasta play --server URL
--join LINK``).

Layout (fits 80x24, grows with the terminal): a top line (deal, rules, who you are, scores), the
two sides' melds on the left, the pile and the move log on the right, the hand, a message line,
and the footer: the keys that work now, as many as fit, always with ``k help`` (every key,
``canasta.tui.keys``) and ``q quit``. Below ``MIN_SIZE`` (80x24, the size the table is laid out
for: narrower, the top line loses the scores) the screen says how big to make the terminal
instead, and the table's keys are off until it grows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Generic, Protocol, TypeVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.suggester import SuggestFromList
from textual.widgets import Input, Static

from canasta.bots.planning import going_out_plan
from canasta.engine.actions import Action, ActionType
from canasta.engine.refusal import Topic
from canasta.engine.view import PlayerView
from canasta.errors import CanastaError
from canasta.presentation import (
    ActionFact,
    CardFact,
    TableFacts,
    action_fact,
    discard_warning,
    lay_actions,
)
from canasta.presentation.facts import DealBreakdown
from canasta.presentation.lay import NotAMeld
from canasta.presentation.rules_words import HEADINGS
from canasta.tui.keys import KeyBar, KeysScreen, help_rows
from canasta.tui.screens import (
    DIALOG_CSS,
    BreakdownScreen,
    ChoiceScreen,
    ConfirmScreen,
    RulesScreen,
)
from canasta.tui.session import Why
from canasta.tui.size import MIN_SIZE, TableScreen, TooSmall
from canasta.tui.widgets import Glyphs, HandPanel, LogPanel, PilePanel, SidePanel

#: The keys of each phase of the person's turn (pressed when refused, they say why).
PHASE_KEYS: dict[str, tuple[str, ...]] = {
    "draw": ("draw", "take"),
    "meld": ("meld", "add", "discard", "go_out"),
    "answer": ("yes", "no"),
}
#: Keys shown only while one of these action types is legal.
NEEDS: dict[str, tuple[ActionType, ...]] = {
    "ask": (ActionType.ASK, ActionType.ASK_ACABA),
    "commit": (ActionType.COMMIT,),
    "retract": (ActionType.RETRACT,),
}
#: Keys that work whenever it is the person's turn.
ANY_TIME = ("hint", "palette", "undo", "left", "right", "first", "last", "select", "clear")
TURN_KEYS = {*ANY_TIME, *NEEDS, *(key for keys in PHASE_KEYS.values() for key in keys)}

CSS = """
Screen { layout: vertical; }
#table { height: 1fr; }
#small { display: none; height: 1fr; content-align: center middle; text-align: center;
    padding: 0 1; }
Screen.-narrow #table, Screen.-short #table { display: none; }
Screen.-narrow #small, Screen.-short #small { display: block; }
#top { height: 2; background: $boost; padding: 0 1; text-wrap: nowrap;
    text-overflow: ellipsis; }
#middle { height: 1fr; }
#sides { width: 1fr; }
.them, #us { height: 1fr; padding: 0 1; }
#us { background: $boost; }
#right { width: 40%; min-width: 30; max-width: 56; }
#pile { height: auto; max-height: 7; padding: 0 1; background: $panel; }
#log { height: 1fr; padding: 0 1; }
#hand { padding: 0 1; background: $boost; }
#message { height: 2; padding: 0 1; }
#command { display: none; height: 1; border: none; padding: 0 1; }
""" + DIALOG_CSS


class SeatSession(Protocol):
    """What the table asks of the seat it shows: a local ``Session``, or a seat at a server's
    table (``canasta.tui.remote.RemoteSession``)."""

    @property
    def view(self) -> PlayerView: ...

    @property
    def human_to_act(self) -> bool: ...

    @property
    def can_undo(self) -> bool: ...

    @property
    def notes(self) -> list[str]: ...

    def facts(self, hint: bool = False, lines: int = 12) -> TableFacts: ...

    def refusal(self, action: Action | str) -> Why | None: ...


S = TypeVar("S", bound=SeatSession)


class TableApp(App[None], Generic[S]):
    """The table of one seat: the panels, the keys, the dialogs, the session's refusals and
    the planner's going-out line. Playing an action (``play``), a going-out line (``go_out``),
    undo and the flow between moves are the subclass's."""

    CSS = CSS
    ENABLE_COMMAND_PALETTE = False
    AUTO_FOCUS = None  # keys go to the table; the command line takes them only when open
    TITLE = "canasta"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "left", "move", key_display="\u2190\u2192",
                tooltip="move along your hand"),
        Binding("right", "right", "move", show=False),
        Binding("home", "first", "first card", show=False, tooltip="first / last card"),
        Binding("end", "last", "last card", show=False, tooltip="first / last card"),
        Binding("space", "select", "pick", tooltip="pick or unpick a card"),
        Binding("escape", "clear", "clear", show=False, tooltip="unpick all; close the line"),
        Binding("d", "draw", "draw", tooltip="draw from the stock"),
        Binding("t", "take", "take pile", tooltip="take the pile"),
        Binding("m", "meld", "meld", tooltip="lay the picked cards"),
        Binding("a", "add", "add", tooltip="add a card to a meld"),
        Binding("x", "discard", "discard", tooltip="discard a card"),
        Binding("g", "go_out", "go out", tooltip="go out, if a way is found"),
        Binding("question_mark", "ask", "ask partner", key_display="?",
                tooltip="ask partner: may I go out?"),
        Binding("y", "yes", "yes", tooltip="answer your partner"),
        Binding("n", "no", "no", tooltip="answer your partner"),
        Binding("c", "commit", "commit", tooltip="make the initial meld"),
        Binding("r", "retract", "retract", tooltip="take back the opening"),
        Binding("u", "undo", "undo", tooltip="undo your last move"),
        Binding("h", "hint", "hint", tooltip="hint: the bot's choice"),
        Binding("colon", "palette", "type", key_display=":", tooltip="type any action"),
        Binding("ctrl+p", "palette", "command", show=False),
        Binding("i", "rules", "rules", tooltip="the rules in words"),
        Binding("k", "keys", "help", tooltip="this list of keys"),
        Binding("f1", "keys", "help", show=False),
        Binding("q", "quit", "quit", tooltip="quit (the game is saved)"),
    ]

    def __init__(self, session: S, ascii: bool = False) -> None:
        super().__init__()
        self.session, self.ascii = session, ascii
        self.glyphs = Glyphs(ascii)
        self.facts: TableFacts = session.facts()
        self.message = " ".join(session.notes)
        self.refused = Why("")  # the last refusal shown: ``i`` opens the rules at its topic
        self._deals_shown = len(session.view.results)
        self.bots_busy = False  # others' moves are awaited: the person's keys are off

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        with Vertical(id="table"):
            yield Static(id="top")
            with Horizontal(id="middle"):
                with Vertical(id="sides"):
                    for n in range(self.session.view.sides - 1):
                        yield SidePanel(id=f"them{n}", classes="them")
                    yield SidePanel(id="us")
                with Vertical(id="right"):
                    yield PilePanel(id="pile")
                    yield LogPanel(id="log")
            yield HandPanel(self.glyphs, id="hand")
            yield Static(id="message")
            yield Input(placeholder="an action (meld K K 2, take pair, discard 7), hint or "
                                    "undo; Enter plays it, Escape closes", id="command")
        yield TooSmall(id="small")
        yield KeyBar(id="keys")

    def get_default_screen(self) -> Screen[None]:
        return TableScreen(id="_default")

    @property
    def too_small(self) -> bool:
        """Whether the terminal is smaller than ``MIN_SIZE`` (the table is not drawn)."""
        width, height = self.size
        return width < MIN_SIZE[0] or height < MIN_SIZE[1]

    def get_key_display(self, binding: Binding) -> str:
        """Keys as the footer shows them; no arrows in ASCII."""
        if self.ascii and binding.key == "left":
            return "<>"
        return super().get_key_display(binding)

    def redraw(self) -> None:
        """Draw the person's facts everywhere."""
        facts = self.facts = self.session.facts(lines=30)
        dot = self.glyphs.dot
        # the scores before the rules' title and the names: a narrow terminal cuts the end
        scores = "; ".join(f"{line.name} {line.score}" for line in facts.scoreboard)
        top = Text(f"Deal {facts.deal}{dot}{scores}{dot}{facts.rules}{dot}you: {facts.name}",
                   style="bold")
        if facts.partners:
            top.append(f", partner {' and '.join(facts.partners)}")
        turn_style = "bold reverse green" if facts.turn.mine else "bold"
        top.append("\n").append(facts.turn.words, style=turn_style)
        self.query_one("#top", Static).update(top)
        mine = next(s for s in facts.sides if s.mine)
        others = [s for s in facts.seated_sides if not s.mine]
        self.query_one("#us", SidePanel).show(mine, facts.seats, self.glyphs)
        for n in range(len(facts.sides) - 1):  # a side left empty for the deal is not drawn
            panel = self.query_one(f"#them{n}", SidePanel)
            panel.display = n < len(others)
            if panel.display:
                panel.show(others[n], facts.seats, self.glyphs)
        self.query_one("#pile", PilePanel).show(facts, self.glyphs)
        self.query_one("#log", LogPanel).show(facts.log)
        self.query_one(HandPanel).show(facts, self.session.view)
        self.query_one("#message", Static).update(Text(self.message, style="bold yellow"))
        self.refresh_bindings()

    def say(self, text: str) -> None:
        self.message = text
        self.query_one("#message", Static).update(Text(text, style="bold yellow"))

    def refuse(self, why: Why | str) -> None:
        """Show why a move is refused; where a rule refused it, ``i`` leads to that rule in
        words (the message says so, naming its topic)."""
        why = Why(why) if isinstance(why, str) else why
        self.refused = why
        self.message = f"Not now: {why.words}" + (
            f" (i: the rules, {HEADINGS[Topic(why.topic)]})" if why.topic else "")
        self.query_one("#message", Static).update(Text(self.message, style="bold red"))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys of the person's turn show only when it is their turn, and only those of its
        phase (the footer lists what works now)."""
        if action not in TURN_KEYS:
            return True
        if not self.session.human_to_act or self.bots_busy or self.too_small:
            return False
        if action in ANY_TIME:
            return action != "undo" or self.session.can_undo
        if action in NEEDS:
            legal = {a.type for a in self.session.view.legal_actions}
            return any(t in legal for t in NEEDS[action])
        return action in PHASE_KEYS.get(self.facts.turn.phase, ())

    # ------------------------------------------------------------------ the person's actions

    def act(self, text: str, picked: Sequence[CardFact] = ()) -> bool:
        """Play an action given as text (``play``); one the session refuses is not played, its
        reason shown. Whether it was played (or sent)."""
        why = self.session.refusal(text)
        if why is not None:
            self.refuse(why)
            return False
        self.play(text, picked)
        return True

    def play(self, text: str, picked: Sequence[CardFact] = ()) -> None:
        """Play an action the session does not refuse (here, or at the server); ``picked``:
        the hand's cards the person pointed at for it, so that the copies it moves show the
        suits the person saw (docs/presentation.md, "Suits for the eye")."""
        raise NotImplementedError

    def action_go_out(self) -> None:
        """Go out along the planner's line (``going_out_plan``) this turn: ``go_out``."""
        plan = going_out_plan(self.session.view)
        if plan is None:
            self.refuse("no way to go out this turn was found")
            return
        self.go_out(list(plan.actions))

    def go_out(self, actions: list[Action]) -> None:
        """Play a going-out line's actions in turn, stopping at the first refused."""
        raise NotImplementedError

    def action_undo(self) -> None:
        raise NotImplementedError

    def breakdown(self, last: DealBreakdown | None, over: bool) -> None:
        """Show a finished deal (and at the end the winner); ``deal_closed`` hears how the
        person left it."""
        self.push_screen(BreakdownScreen(last, self.facts.turn.words if over else "", over,
                                         self.ascii), self.deal_closed)

    def deal_closed(self, what: str | None) -> None:
        raise NotImplementedError

    def act_checked(self, text: str, picked: Sequence[CardFact] = ()) -> None:
        """A discard asks first when it could be laid off or throws a wild card."""
        try:
            action = Action.parse(text)
        except CanastaError as exc:
            self.refuse(str(exc))
            return
        warning = discard_warning(self.session.view, action) \
            if self.session.refusal(action) is None else None
        if warning is None:
            self.act(text, picked)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.act(text, picked)
            else:
                self.say("Kept.")

        self.push_screen(ConfirmScreen(warning[0].upper() + warning[1:], self.ascii), answered)

    def choose(self, question: str, actions: list[ActionFact],
               picked: Sequence[CardFact] = ()) -> None:
        """One action straight away, or a choice among several."""
        if len(actions) == 1:
            self.act(actions[0].text, picked)
            return

        def chosen(text: str | None) -> None:
            if text:
                self.act(text, picked)

        self.push_screen(ChoiceScreen(question, actions, self.ascii), chosen)

    def _legal(self, *types: ActionType) -> list[ActionFact]:
        return [action_fact(a) for a in self.session.view.legal_actions if a.type in types]

    def action_left(self) -> None:
        hand = self.query_one(HandPanel)
        hand.cursor = max(hand.cursor - 1, 0)
        hand.redraw()

    def action_right(self) -> None:
        hand = self.query_one(HandPanel)
        hand.cursor = min(hand.cursor + 1, max(len(hand.cards) - 1, 0))
        hand.redraw()

    def action_first(self) -> None:
        hand = self.query_one(HandPanel)
        hand.cursor = 0
        hand.redraw()

    def action_last(self) -> None:
        hand = self.query_one(HandPanel)
        hand.cursor = max(len(hand.cards) - 1, 0)
        hand.redraw()

    def action_select(self) -> None:
        hand = self.query_one(HandPanel)
        if hand.cards:
            hand.selected ^= {hand.cursor}
            hand.redraw()

    def action_clear(self) -> None:
        if self.query_one("#command", Input).display:
            self.close_command()
            return
        hand = self.query_one(HandPanel)
        hand.selected = set()
        hand.redraw()

    def on_hand_panel_clicked(self, event: HandPanel.Clicked) -> None:
        hand = self.query_one(HandPanel)
        hand.cursor = event.index
        hand.selected ^= {event.index}
        hand.redraw()

    def action_draw(self) -> None:
        self.act("draw")

    def action_take(self) -> None:
        takes = self._legal(ActionType.TAKE)
        if not takes:
            self.refuse(self.facts.pile.take_refusal or self.facts.pile.blocked_reason
                        or "the pile cannot be taken now")
            return
        self.choose("Take the pile how?", takes)

    def action_meld(self) -> None:
        """Lay the picked cards as the browser's page does (``presentation.lay_actions``): three
        or more as a new meld, or onto the side's meld of their rank."""
        cards = self.query_one(HandPanel).selection()
        if not cards:
            self.refuse("select the cards to meld (space)")
            return
        try:
            texts = lay_actions(self.session.view, [c.text for c in cards], None)
        except NotAMeld as exc:
            self.refuse(Why(str(exc), exc.topic))
            return
        except CanastaError as exc:
            self.refuse(str(exc))
            return
        self.lay(cards, texts)

    def lay(self, cards: list[CardFact], texts: list[str]) -> None:
        """Lay ``cards``, spelled as the actions ``texts``: every one of them, or (one refused)
        none, its reason shown."""
        raise NotImplementedError

    def action_add(self) -> None:
        cards = self.query_one(HandPanel).selection()
        if len(cards) != 1:
            self.refuse("select one card to add to a meld")
            return
        code = cards[0].code
        adds = [action_fact(a) for a in self.session.view.legal_actions
                if (a.type == ActionType.ADD and a.arg == code)
                or (a.type == ActionType.EXTEND and a.rank == code)]
        if not adds:
            why = self.session.refusal(f"add {cards[0].rank} {cards[0].text}")
            self.refuse(why or f"the {cards[0].words} fits none of your side's melds")
            return
        self.choose(f"Add the {cards[0].words} to which meld?", adds, cards)

    def action_discard(self) -> None:
        cards = self.query_one(HandPanel).selection()
        if len(cards) != 1:
            self.refuse("put the cursor on one card (or select one) to discard")
            return
        self.act_checked(f"discard {cards[0].text}", cards)

    def action_ask(self) -> None:
        self.act("ask")

    def action_yes(self) -> None:
        self.act("yes")

    def action_no(self) -> None:
        self.act("no")

    def action_commit(self) -> None:
        self.act("commit")

    def action_retract(self) -> None:
        self.act("retract")

    def action_hint(self) -> None:
        given = self.session.facts(hint=True).hint
        if given is not None:
            self.say(f"Hint: {given.action.text} ({given.action.words}): {given.reason}")

    def action_keys(self) -> None:
        """Every key of the table, those that work now in bright letters (``KeysScreen``)."""
        if not isinstance(self.screen, KeysScreen):
            self.push_screen(KeysScreen(help_rows(self), self.ascii))

    def action_rules(self) -> None:
        """The table's main rules in plain words (``RulesScreen``), at the topic of the
        refusal on show (a move's, else the selected cards' preview), if any."""
        if not isinstance(self.screen, RulesScreen):
            asked = self.refused.topic if self.message.startswith(
                f"Not now: {self.refused.words}") else self.query_one(HandPanel).refused_topic()
            self.push_screen(RulesScreen(self.session.view.rules, self.ascii, asked))

    def action_palette(self) -> None:
        """Open the command line: an action in its text form, ``hint`` or ``undo``; the legal
        actions complete as they are typed (the right arrow takes the completion)."""
        command = self.query_one("#command", Input)
        texts = [a.text for a in self.facts.actions]
        command.suggester = SuggestFromList([*texts, "hint", "undo"], case_sensitive=False)
        command.value = ""
        command.display = True
        command.focus()
        self.say("legal now: " + ", ".join(texts))

    def close_command(self) -> None:
        command = self.query_one("#command", Input)
        command.display = False
        self.set_focus(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.close_command()
        text = event.value.strip()
        if not text:
            return
        word = text.lower()
        if word == "hint":
            self.action_hint()
        elif word == "undo":
            self.action_undo()
        else:
            self.act_checked(text)
