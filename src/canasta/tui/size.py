"""The terminal's size: the smallest the table is drawn in (``MIN_SIZE``, 80x24), what a
smaller terminal shows instead (``TooSmall``), and the table's screen, which knows when it is
too small (``TableScreen``)."""

from __future__ import annotations

from rich.text import Text
from textual.screen import Screen
from textual.widgets import Static

#: The smallest terminal the table is drawn in (columns, rows); below it the screen says
#: how big to make it.
MIN_SIZE = (80, 24)


class TooSmall(Static):
    """What a terminal below ``MIN_SIZE`` shows instead of the table."""

    def render(self) -> Text:
        width, height = self.app.size
        return Text(f"make the terminal at least {MIN_SIZE[0]} x {MIN_SIZE[1]}\n"
                    f"(it is {width} x {height}; q quits)", style="bold")


class TableScreen(Screen[None]):
    """The table's screen: classes ``-narrow`` and ``-short`` below ``MIN_SIZE`` (the CSS
    then shows ``TooSmall``), and the keys checked again when the terminal's size changes."""

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (MIN_SIZE[0], "-wide")]
        self.VERTICAL_BREAKPOINTS = [(0, "-short"), (MIN_SIZE[1], "-tall")]

    def on_resize(self) -> None:
        self.app.refresh_bindings()


__all__ = ["MIN_SIZE", "TableScreen", "TooSmall"]
