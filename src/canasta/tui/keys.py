"""The table's keys on screen: the footer, which fits any width by showing the keys that
matter most now, and the help screen (``k`` or F1), which lists every key of the table.

The footer shows only keys that work now (``TableApp.check_action``), in the order of the
app's bindings; when they do not all fit, those of the turn's phase stay and the ones a
player needs least (the cursor keys, which the hand panel explains, then the command line
and the hint) give way first. ``k help`` and ``q quit`` are always there, so at 80x24 and
below every key is one keypress from being found.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

#: Which keys give way last when the footer is short of room (lower stays longer); the
#: help and quit keys always stay, keys not named here give way first.
KEEP_ORDER: tuple[str, ...] = (
    "draw", "take", "meld", "add", "discard", "go_out", "yes", "no", "ask", "commit",
    "retract", "undo", "hint", "palette", "select", "left")
ALWAYS = ("keys", "quit")


@dataclass(frozen=True, slots=True)
class Key:
    """One entry of the footer: the key as shown, what it does, the key to simulate."""

    shown: str
    words: str
    key: str
    action: str

    @property
    def width(self) -> int:
        return Text(self.shown).cell_len + 1 + Text(self.words).cell_len


def fit(keys: list[Key], width: int, gap: int = 1) -> list[Key]:
    """The keys that fit in ``width`` columns, in their order: the help and quit keys, then
    as many of the others as fit, by ``KEEP_ORDER``."""
    def rank(n: int) -> tuple[int, int]:
        action = keys[n].action
        if action in ALWAYS:
            return (-1, n)
        return (KEEP_ORDER.index(action) if action in KEEP_ORDER else len(KEEP_ORDER), n)

    kept: set[int] = set()
    used = -gap
    for n in sorted(range(len(keys)), key=rank):
        if used + gap + keys[n].width <= width or keys[n].action in ALWAYS:
            kept.add(n)
            used += gap + keys[n].width
    return [key for n, key in enumerate(keys) if n in kept]


def working_keys(app: App[Any], screen: Screen[Any]) -> list[Key]:
    """The footer's entries: each shown binding of ``screen`` that works now."""
    keys: list[Key] = []
    seen: set[str] = set()
    for _node, binding, enabled, _tooltip in screen.active_bindings.values():
        if binding.show and enabled and binding.action not in seen:
            seen.add(binding.action)
            keys.append(Key(app.get_key_display(binding), binding.description, binding.key,
                            binding.action))
    return keys


class KeyBar(Static):
    """The footer: the keys that work now, as many as fit (``fit``); a click presses one."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"keybar--key"}
    DEFAULT_CSS = """
    KeyBar { dock: bottom; height: 1; background: $footer-background;
        color: $footer-description-foreground; text-wrap: nowrap; }
    KeyBar > .keybar--key { color: $footer-key-foreground; text-style: bold; }
    """

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self._places: list[tuple[int, int, str]] = []  # (first column, last column, key)

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _changed(self, _screen: Screen[Any]) -> None:
        self.refresh()

    def shown(self) -> list[Key]:
        """The entries drawn at the bar's width."""
        return fit(working_keys(self.app, self.screen), self.size.width)

    def render(self) -> Text:
        out = Text()
        key_style = self.get_component_rich_style("keybar--key")
        self._places = []
        for key in self.shown():
            if out:
                out.append(" ")
            start = out.cell_len
            out.append(key.shown, style=key_style).append(" " + key.words)
            self._places.append((start, out.cell_len - 1, key.key))
        return out

    def on_click(self, event: events.Click) -> None:
        for first, last, key in self._places:
            if first <= event.x <= last:
                self.app.simulate_key(key)
                return


def help_rows(app: App[Any]) -> list[tuple[str, str, bool]]:
    """Every key of the app, one row per words (``Binding.tooltip``; bindings that share
    them share a row): the keys as shown (with those of the same actions that have no words
    of their own), the words, and whether any of them works now."""
    bindings = list(Binding.make_bindings(app.BINDINGS))
    rows = []
    for words in dict.fromkeys(b.tooltip for b in bindings if b.tooltip):
        actions = [b.action for b in bindings if b.tooltip == words]
        keys = [b for b in bindings if b.action in actions]
        rows.append((" ".join(app.get_key_display(b) for b in keys), words,
                     any(app.check_action(action, ()) for action in actions)))
    return rows


class KeysScreen(ModalScreen[None]):
    """Every key of the table and what it does, those that work now in bright letters; any
    of Escape, Enter, ``k`` or F1 closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "close"), Binding("enter", "close", show=False),
        Binding("k", "close", show=False), Binding("f1", "close", show=False)]

    def __init__(self, rows: list[tuple[str, str, bool]], ascii: bool = False) -> None:
        super().__init__()
        self.rows, self.ascii = rows, ascii

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.styles.border = ("ascii" if self.ascii else "round", "yellow")
            yield Static(Text("Keys (dim: not now)", style="bold"), id="title")
            yield Static(self.table(), id="keys")
            yield Static("Escape: back to the table", id="close")

    def table(self) -> Table:
        """The rows in two columns, down the first, then the second."""
        grid = Table.grid(padding=(0, 1))
        for _ in range(2):
            grid.add_column(style="bold", no_wrap=True)
            grid.add_column(ratio=1)
        half = -(-len(self.rows) // 2)
        cells = [[Text(shown, style="" if now else "dim"), Text(words, style="" if now
                                                                  else "dim")]
                 for shown, words, now in self.rows]
        for n in range(half):
            right = cells[n + half] if n + half < len(cells) else [Text(), Text()]
            grid.add_row(*cells[n], *right)
        return grid

    def action_close(self) -> None:
        self.dismiss(None)
