"""The app's dialogs: a choice among actions, a yes/no question, the end of a deal (which
stays until the player continues), the rules in words."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from canasta.presentation import ActionFact, DealBreakdown, rules_in_words
from canasta.presentation.rules_words import Section
from canasta.rules import RuleSet
from canasta.tui.widgets import Glyphs, flow, meld_chip

#: How every dialog sits: a box in the middle of the screen (part of the app's CSS).
DIALOG_CSS = """
ModalScreen { align: center middle; }
ModalScreen > Vertical { width: 74; max-width: 100%; height: auto; max-height: 90%;
    background: $panel; padding: 0 1; }
ModalScreen OptionList { height: auto; max-height: 14; }
BreakdownScreen #breakdown-scroll { height: auto; max-height: 18; }
RulesScreen > Vertical { width: 90; height: 90%; }
RulesScreen #rules { height: 1fr; }
RulesScreen #title { margin-bottom: 1; }
RulesScreen #close { color: $text-muted; }
"""

#: The columns a deal's end gives each side's melds (inside the dialog's box and margin).
MELDS_WIDTH = 66


class ChoiceScreen(ModalScreen[str | None]):
    """Choose one of a few actions (the pile's routes, the melds a wild card may join)."""

    AUTO_FOCUS = "OptionList"

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss_none", "cancel")]

    def __init__(self, question: str, actions: tuple[ActionFact, ...] | list[ActionFact],
                 ascii: bool = False) -> None:
        super().__init__()
        self.question, self.actions, self.ascii = question, list(actions), ascii

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.styles.border = ("ascii" if self.ascii else "round", "yellow")
            yield Static(self.question, id="question")
            yield OptionList(*(Option(f"{a.text:<16} {a.words}", id=a.text)
                               for a in self.actions), id="choices")

    def on_mount(self) -> None:
        self.query_one(OptionList).highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question (before a discard the player may regret)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "yes"), Binding("n", "answer(False)", "no"),
        Binding("escape", "answer(False)", "no")]

    def __init__(self, question: str, ascii: bool = False) -> None:
        super().__init__()
        self.question, self.ascii = question, ascii

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.styles.border = ("ascii" if self.ascii else "round", "yellow")
            yield Static(self.question, id="question")
            yield Static("y: yes    n: no", id="keys")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


def breakdown_text(breakdown: DealBreakdown, glyphs: Glyphs) -> Text:
    """The deal's end, side by side: its melds as the deal ended (where known), item by item."""
    out = Text(f"Deal {breakdown.deal} ended: {breakdown.ended_by}", style="bold")
    if breakdown.went_out:
        out.append(f" ({breakdown.went_out} went out)")
    for side in breakdown.sides:
        out.append(f"\n\n{side.name}: {side.total:+d}", style="bold underline")
        chips = [meld_chip(m, glyphs) for m in side.melds]
        for line in flow(chips, MELDS_WIDTH).split() if chips else ():
            out.append("\n  ")
            out.append_text(line)
        for item in side.items:
            out.append(f"\n  {item.label:<36}{item.points:+7d}")
        if not side.items:
            out.append("\n  nothing", style="dim")
    out.append("\n\nGame totals: " + "; ".join(f"{s.name} {s.game_total}"
                                               for s in breakdown.sides), style="bold")
    return out


class BreakdownScreen(ModalScreen[str]):
    """The end of a deal, item by item; it stays until the player continues. At the end of
    the game it names the winner and offers another game."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "close('continue')", "continue"),
                Binding("space", "close('continue')", "continue", show=False),
                Binding("p", "close('again')", "play again"),
                Binding("q", "close('quit')", "quit")]

    def __init__(self, breakdown: DealBreakdown | None, ending: str, over: bool,
                 ascii: bool = False) -> None:
        super().__init__()
        self.breakdown, self.ending, self.over, self.ascii = breakdown, ending, over, ascii

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.styles.border = ("ascii" if self.ascii else "round", "green")
            body = breakdown_text(self.breakdown, Glyphs(self.ascii)) if self.breakdown \
                else Text()
            if self.ending:
                body.append(f"\n\n{self.ending}", style="bold green")
            with VerticalScroll(id="breakdown-scroll"):  # a long deal's end scrolls
                yield Static(body, id="breakdown")
            keys = "p: play again    q: quit" if self.over else "Enter: continue    q: quit"
            yield Static(keys, id="keys")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "close" and parameters:
            wanted = parameters[0]
            return wanted == "quit" or (wanted == "again") == self.over
        return True

    def action_close(self, what: str) -> None:
        self.dismiss(what)


class RulesScreen(ModalScreen[None]):
    """The table's main rules in plain words (``presentation.rules_in_words``), scrolled
    with the arrows or the page keys; Escape, Enter or ``i`` closes it. Opened from a
    refusal, it starts at the refused rule's topic (``asked``), marked."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "close"), Binding("enter", "close", show=False),
        Binding("i", "close", show=False)]

    def __init__(self, rules: RuleSet, ascii: bool = False, asked: str = "") -> None:
        super().__init__()
        self.rules, self.ascii, self.asked = rules, ascii, asked

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.styles.border = ("ascii" if self.ascii else "round", "yellow")
            yield Static(Text(f"{self.rules.title}: {self.rules.description}", style="bold"),
                         id="title")
            with VerticalScroll(id="rules"):
                for section in rules_in_words(self.rules):
                    yield Static(section_text(section, section.topic == self.asked),
                                 id=f"topic-{section.topic}")
            yield Static("Escape: back to the table", id="close")

    def on_mount(self) -> None:
        rules = self.query_one("#rules", VerticalScroll)
        rules.focus()
        if self.asked:
            self.call_after_refresh(rules.scroll_to_widget, self.query_one(f"#topic-{self.asked}"),
                                    animate=False, top=True)

    def action_close(self) -> None:
        self.dismiss(None)


def section_text(section: Section, asked: bool = False) -> Group:
    """A topic's heading in bold (marked, the refused rule's, ``asked``), each rule a dash
    and its sentence (wrapped under the sentence), a blank line after it."""
    heading = Text()
    heading.append(section.heading, style="bold reverse yellow" if asked else "bold")
    if asked:
        heading.append("  the rule of the move refused", style="yellow")
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1)
    for line in section.lines:
        grid.add_row("-", line)
    return Group(heading, grid, Text(""))
