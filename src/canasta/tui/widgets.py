"""The table's panels, each drawing presentation facts (``canasta.presentation``) and nothing
it works out itself: the sides' melds, the pile, the log, the hand."""

from __future__ import annotations

import textwrap

from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from canasta.engine.refusal import Topic
from canasta.engine.view import PlayerView
from canasta.presentation import CardFact, MeldFact, SeatFact, SideFact, TableFacts, card_text
from canasta.presentation.lay import preview_lay, preview_line
from canasta.presentation.names import heading
from canasta.presentation.rules_words import HEADINGS
from canasta.presentation.text import SUIT_GLYPHS

#: Styles by card colour (``CardFact.colour``).
CARD_STYLES = {"red": "bold red", "black": "bold bright_white", "wild": "bold magenta",
               "": "bold bright_white"}
#: The colour of a suit a card shows for the eye only (``CardFact.eye``, its colour "").
EYE_COLOURS = {"H": "red", "D": "red", "S": "black", "C": "black"}
#: A 3 shown with its suit is red or black by that suit, as a real card is.
THREES = {"R3": "3", "B3": "3"}
#: Styles by canasta status (``MeldFact.canasta``).
CANASTA_STYLES = {"natural": "bold green", "special": "bold green", "mixed": "bold yellow",
                  "wild": "bold magenta", "samba": "bold cyan", "": ""}


class Glyphs:
    """The characters a face may use: suit glyphs and marks, or ASCII only. A card shows its
    suit (``K♥``; its suit for the eye where the rules ignore suits, docs/presentation.md,
    "Suits for the eye"); in ASCII only a suit the rules tell apart (``KH``), for ``KH``
    is what one types where they do, and ``K`` where they do not."""

    def __init__(self, ascii: bool) -> None:
        self.ascii = ascii
        self.times = "x" if ascii else "\u00d7"  # the multiplication sign
        self.dot = " - " if ascii else " · "

    def card(self, card: CardFact) -> str:
        if card.eye and not card.suit and not self.ascii:
            return THREES.get(card.rank, card.rank) + SUIT_GLYPHS[card.eye]
        return card_text(card, self.ascii)


def card_span(card: CardFact, glyphs: Glyphs) -> Text:
    """One card, in its colour (a suit for the eye's, where its rules give it none); a card
    new to the hand this turn underlined."""
    colour = card.colour or EYE_COLOURS.get(card.eye, "")
    return Text(glyphs.card(card), style=CARD_STYLES[colour] + (" underline" if card.new
                                                                else ""))


def meld_chip(meld: MeldFact, glyphs: Glyphs) -> Text:
    """A meld in a few columns: ``Kx7 2w mixed 420`` (a times sign unless ASCII)."""
    head = "seq " + " ".join(glyphs.card(c) for c in (meld.cards[0], meld.cards[-1])) \
        if meld.kind == "sequence" else {"wild": "W", "black 3s": "B3"}.get(meld.kind, meld.rank)
    chip = Text(f"{head}{glyphs.times}{meld.count}")
    if meld.wilds and meld.kind == "rank":
        chip.append(f" {meld.wilds}w", style="magenta")
    if meld.canasta:
        chip.append(f" {meld.canasta}", style=CANASTA_STYLES[meld.canasta])
    chip.append(f" {meld.points - meld.penalty}", style="dim")
    if meld.penalty:  # a meld left short costs this at the hand's end (Modern American's 7s)
        chip.append(f" {meld.penalty} if short", style="bold red")
    return chip


def flow(chips: list[Text], width: int, gap: int = 2) -> Text:
    """Chips laid left to right, wrapping at ``width`` columns."""
    out, line = Text(), 0
    for chip in chips:
        size = chip.cell_len
        if line and line + gap + size > width:
            out.append("\n")
            line = 0
        elif line:
            out.append(" " * gap)
            line += gap
        out.append_text(chip)
        line += size
    return out


class SidePanel(Static):
    """One side: its name, canastas, red 3s, minimum and score, then its melds."""

    def show(self, side: SideFact, seats: tuple[SeatFact, ...], glyphs: Glyphs) -> None:
        self._side, self._glyphs = side, glyphs
        self._seats = tuple(s for s in seats if s.side == side.side and s.relation != "you")
        #: the 3s its seats laid out, as cards, red then black as the page lays them out
        #: (shown so where every one has its suit)
        mine = [s for s in seats if s.side == side.side]
        self._threes = (*(c for s in mine for c in s.red_three_cards),
                        *(c for s in mine for c in s.black_three_cards))
        self.refresh(layout=True)

    def render(self) -> Text:
        side: SideFact | None = getattr(self, "_side", None)
        if side is None:
            return Text()
        glyphs = self._glyphs
        title = Text(heading(side.name), style="bold underline")
        canastas = "1 canasta" if side.canastas == 1 else f"{side.canastas} canastas"
        title.append(f"{glyphs.dot}{side.score} points{glyphs.dot}{canastas}")
        if self._threes and all(card.eye for card in self._threes) and not glyphs.ascii:
            title.append(glyphs.dot)  # as the table lays them out: 3♥ 3♦ 3♣
            title.append_text(Text(" ").join(card_span(c, glyphs) for c in self._threes))
        else:
            if side.red_threes:
                title.append(f"{glyphs.dot}red 3s {side.red_threes}", style="red")
            if side.black_threes:
                title.append(f"{glyphs.dot}black 3s {side.black_threes}")
        if not side.opened:
            title.append(f"{glyphs.dot}needs {side.minimum} to open", style="yellow")
        lines = [title]
        if self._seats:
            seats = Text()
            for n, seat in enumerate(self._seats):
                if n:
                    seats.append(glyphs.dot)
                seats.append(seat.name + (" (partner)" if seat.relation == "partner" else ""),
                             style="bold" if seat.to_act else "")
                seats.append(f" {seat.hand_size} cards")
                if seat.foot_size:
                    seats.append(f", foot {seat.foot_size}")
                if seat.known:
                    seats.append(" (holds " + " ".join(glyphs.card(c) for c in seat.known)
                                 + ")", style="dim")
            lines.append(seats)
        chips = [meld_chip(m, glyphs) for m in side.melds]
        body = flow(chips, max(self.size.width, 20)) if chips else Text("no melds", style="dim")
        return Text("\n").join([*lines, body])


class PilePanel(Static):
    """The pile, the stock, whose turn, the opening."""

    def show(self, facts: TableFacts, glyphs: Glyphs) -> None:
        self._facts, self._glyphs = facts, glyphs
        self.refresh(layout=True)

    def render(self) -> Text:
        facts: TableFacts | None = getattr(self, "_facts", None)
        if facts is None:
            return Text()
        glyphs, pile = self._glyphs, facts.pile
        out = Text("Pile ", style="bold")
        if pile.top is None:
            out.append("empty")
        else:
            out.append(f"{pile.size} card{'s' if pile.size != 1 else ''}, top ")
            out.append_text(card_span(pile.top, glyphs))
        out.append("\nStock ", style="bold").append(f"{facts.stock} cards")
        drawn = facts.turn.mine and facts.turn.phase == "meld"  # a block no longer matters
        for why in (pile.frozen_reason, "" if drawn else pile.blocked_reason):
            if why:
                out.append("\n" + why, style="bold cyan")
        if pile.takes:
            out.append("\ntake: " + ", ".join(t.text[5:] for t in pile.takes), style="green")
        opening = facts.opening
        if opening is not None and not opening.opened:
            out.append(f"\nopening: {opening.so_far} of {opening.minimum}"
                       + (f", {opening.pile_waiting} pile cards waiting"
                          if opening.pile_waiting else ""), style="yellow")
        if facts.permission:
            out.append(f"\nyour partner answered {facts.permission}", style="bold")
        if facts.dead_ranks:
            out.append("\ndead ranks: " + " ".join(facts.dead_ranks), style="dim")
        return out


class LogPanel(Static):
    """The last moves, newest last, as many as fit."""

    def show(self, lines: tuple[str, ...]) -> None:
        self._lines = lines
        self.refresh()

    def render(self) -> Text:
        lines: tuple[str, ...] = getattr(self, "_lines", ())
        height = max(self.size.height, 1)
        width = max(self.size.width, 10)
        shown: list[str] = []
        used = 0
        for line in reversed(lines):
            rows = -(-len(line) // width)
            if used + rows > height:
                break
            shown.insert(0, line)
            used += rows
        return Text("\n".join(shown), style="italic")


class HandPanel(Widget):
    """The hand in groups, a cursor on one card, selected cards marked; a click selects. In
    the meld phase of the person's turn the selection's line says what laying the selected
    cards would do (``presentation.preview_lay``), as the page does under its moves."""

    class Clicked(Message):
        """A card of the hand was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    DEFAULT_CSS = "HandPanel { height: auto; min-height: 3; }"

    def __init__(self, glyphs: Glyphs, id: str | None = None) -> None:
        super().__init__(id=id)
        self.glyphs = glyphs
        self.cards: list[CardFact] = []
        self.groups: list[int] = []  # the group of each card
        self.cursor = 0
        self.selected: set[int] = set()
        self._places: list[tuple[int, int, int]] = []  # (row, first column, last column)
        self.view: PlayerView | None = None  # the seat's view, in the meld phase of its turn
        self._previewed: tuple[object, ...] = ()  # the view and selection last previewed
        self._said: tuple[bool, str, str] | None = None  # what it said: ok, line, topic

    def show(self, facts: TableFacts, view: PlayerView | None = None) -> None:
        cards: list[CardFact] = []
        groups: list[int] = []
        for n, group in enumerate(facts.hand):
            cards += group.cards
            groups += [n] * len(group.cards)
        if [c.code for c in cards] != [c.code for c in self.cards]:
            self.selected = set()
        self.cards, self.groups = cards, groups
        self.cursor = min(self.cursor, max(len(cards) - 1, 0))
        self.view = view if facts.turn.mine and facts.turn.phase == "meld" else None
        self.refresh(layout=True)

    def redraw(self) -> None:
        """Draw again after the cursor or the selection moved (a new layout only when the
        hand takes another number of lines)."""
        lines = self._draw(self.size.width).plain.count("\n") + 1
        self.refresh(layout=lines != self.size.height)

    def selection(self) -> list[CardFact]:
        """The selected cards, or the card under the cursor when none is selected."""
        if self.selected:
            return [self.cards[i] for i in sorted(self.selected)]
        return [self.cards[self.cursor]] if self.cards else []

    def render(self) -> Text:
        return self._draw(self.size.width)

    def _draw(self, width: int) -> Text:
        width = max(width, 20)
        out = Text("Your hand ", style="bold")
        new = sum(card.new for card in self.cards)
        out.append(f"({len(self.cards)}{f', {new} new' if new else ''}): ")
        row, col = 0, out.cell_len
        self._places = []
        for i, card in enumerate(self.cards):
            gap = 1 if i and self.groups[i] != self.groups[i - 1] else 0
            text = card_span(card, self.glyphs)
            if i in self.selected:
                text.stylize("reverse")
            text = (Text("[") + text + Text("]")) if i == self.cursor else \
                (Text(" ") + text + Text(" "))
            if col + gap + text.cell_len > width:
                out.append("\n")
                row, col, gap = row + 1, 0, 0
            out.append(" " * gap)
            col += gap
            self._places.append((row, col, col + text.cell_len - 1))
            out.append_text(text)
            col += text.cell_len
        if not self.cards:
            out.append("(empty)", style="dim")
        chosen = self.selection()
        out.append("\n")
        if self.selected:
            out.append("selected: " + " ".join(self.glyphs.card(c) for c in chosen),
                       style="reverse")
            said = self._preview(chosen)
            if said:  # on lines of its own, broken here so that the panel's height counts them
                line = said[1].replace(" · ", self.glyphs.dot) + (
                    f" (i: the rules, {HEADINGS[Topic(said[2])]})" if said[2] else "")
                out.append("\n" + "\n".join(textwrap.wrap(line, width)),
                           style="yellow" if said[0] else "red")
        elif chosen:
            out.append(f"cursor on the {chosen[0].words}{' (new)' if chosen[0].new else ''}; "
                       "space picks cards to meld", style="dim")
        return out

    def _preview(self, chosen: list[CardFact]) -> tuple[bool, str, str] | None:
        """Whether the selected cards lay, the preview's line and a refusal's topic (kept
        until the view or the selection changes); None outside the meld phase, or for one
        or two cards that make no meld yet (the person may be choosing a discard)."""
        if self.view is None:
            return None
        key = (self.view, tuple(sorted(self.selected)))
        if self._previewed != key:
            preview = preview_lay(self.view, [c.text for c in chosen], None)
            self._previewed = key
            self._said = (preview.ok, preview_line(preview), preview.topic) \
                if preview.ok or len(chosen) >= 3 else None
        return self._said

    def refused_topic(self) -> str:
        """The topic of the refusal the selection's line shows, if it shows one."""
        said = self._preview(self.selection()) if self.selected else None
        return said[2] if said else ""

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(self._draw(width).plain.count("\n") + 1, 2)

    def on_click(self, event: events.Click) -> None:
        for i, (row, first, last) in enumerate(self._places):
            if event.y == row and first <= event.x <= last:
                self.post_message(self.Clicked(i))
                return
