"""Who is who, from one seat's chair: names, partners, "you" (docs/presentation.md, "Names").

Faces give every seat a name (``names[seat]``); the presentation speaks to the seat it is
built for as "you", names its partners "Bea (your partner)", and everyone else by name. A
spectator holds no seat: its chair (``Gallery``) names every seat in the third person.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta.errors import CanastaError

DEFAULT_NAMES = ("Ann", "Bob", "Bea", "Cy", "Dee", "Eve")
NOBODY = -1  #: the seat of a spectator's chair (``Gallery``)


def default_names(players: int, you: int | None = None) -> tuple[str, ...]:
    """A name per seat (``DEFAULT_NAMES``); ``you`` is called "You"."""
    return tuple("You" if seat == you else DEFAULT_NAMES[seat] for seat in range(players))


def check_names(names: Sequence[str], players: int) -> tuple[str, ...]:
    """The names as a tuple; ``CanastaError`` unless there is one non-empty name per seat."""
    if len(names) != players or not all(isinstance(n, str) and n.strip() for n in names):
        raise CanastaError(f"give one non-empty name per seat ({players} seats), "
                           f"not {list(names)!r}")
    return tuple(n.strip() for n in names)


def wins(name: str) -> str:
    """``name`` with "win" agreeing with it: "Bob wins", "your side wins", "you win", "Ann and
    Bea win" (the heading of a finished game, ``heading``, and its sentence in the log)."""
    return f"{name} {'win' if ' and ' in name or name == 'you' else 'wins'}"


def heading(words: str) -> str:
    """``words`` starting with a capital, as a heading or a sentence starts ("Your side
    wins"); a name's own letters are kept ("de Vries wins" stays as the player wrote it)."""
    return words[:1].upper() + words[1:] if words.split(" ", 1)[0] in ("you", "your") \
        else words


class Chair:
    """The table seen from one seat: its side, its partners, how each seat is called.

    ``seat_sides`` is the side each seat plays for this deal (``PlayerView.seat_sides``);
    ``by_seat``: every seat keeps its own score (``players.partners_at_pile``, three-hand
    cutthroat: partners for one hand at most), so a score is named by its seat."""

    def __init__(self, seat: int, seat_sides: Sequence[int], names: Sequence[str],
                 by_seat: bool = False) -> None:
        self.seat, self.seat_sides, self.names = seat, tuple(seat_sides), tuple(names)
        self.by_seat = by_seat

    def side_of(self, seat: int) -> int:
        return self.seat_sides[seat]

    def relation(self, seat: int) -> str:
        """``"you"``, ``"partner"`` or ``"opponent"``."""
        if seat == self.seat:
            return "you"
        return "partner" if self.side_of(seat) == self.side_of(self.seat) else "opponent"

    def partners(self) -> tuple[int, ...]:
        return tuple(s for s in range(len(self.names))
                     if s != self.seat and self.relation(s) == "partner")

    def who(self, seat: int, capital: bool = True) -> str:
        """How a sentence names ``seat``: "You", "Bea (your partner)", "Cy"; a name that
        ends in a parenthesis (a bot's level: "Bea (club)") takes the partner into it, "Bea
        (club, your partner)"."""
        if seat == self.seat:
            return "You" if capital else "you"
        name = self.names[seat]
        if self.relation(seat) == "partner":
            return f"{name[:-1]}, your partner)" if name.endswith(")") else \
                f"{name} (your partner)"
        return name

    def side_name(self, side: int) -> str:
        """"your side" ("you" where you play alone, as in three-hand), or the names of the
        side's seats ("Bob and Cy", "Bob, Cy and Eve")."""
        names = [self.names[s] for s in range(len(self.names)) if self.side_of(s) == side]
        if side == self.side_of(self.seat):
            return "you" if len(names) == 1 else "your side"
        if not names:  # its player joined a partner's side (players.partners_at_pile)
            return "nobody"
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    def score_name(self, column: int) -> str:
        """Who scores column ``column`` of the results and totals: its side
        (``side_name``), or, ``by_seat``, its seat ("you", "Bob")."""
        if not self.by_seat:
            return self.side_name(column)
        return "you" if column == self.seat else self.names[column]

    def whose(self, seat: int) -> str:
        """The possessive for a seat's side: "your", "your side's", "their"."""
        if seat == self.seat:
            return "your"
        return "your side's" if self.relation(seat) == "partner" else "their"


class Gallery(Chair):
    """The chair of a spectator: every seat by its name, no "you", no partners."""

    def __init__(self, seat_sides: Sequence[int], names: Sequence[str],
                 by_seat: bool = False) -> None:
        super().__init__(NOBODY, seat_sides, names, by_seat)

    def relation(self, seat: int) -> str:
        return "player"

    def partners(self) -> tuple[int, ...]:
        return ()

    def who(self, seat: int, capital: bool = True) -> str:
        return self.names[seat]

    def side_name(self, side: int) -> str:
        return " and ".join(self.names[s] for s in range(len(self.names))
                            if self.side_of(s) == side)

    def whose(self, seat: int) -> str:
        return "their"
