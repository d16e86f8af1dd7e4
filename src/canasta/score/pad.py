"""The score pad's games in the shared database (docs/scorepad.md, docs/storage.md).

Every change is one transaction that first re-scores the whole game with the change made
(``tally``): an entry that cannot be true, or an edit that would make a later deal impossible,
is refused and nothing is stored. A deal is committed as soon as it is confirmed, so a crash
loses only the deal being entered.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from sqlalchemy import Engine, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, selectinload

from canasta.rules import RuleSet
from canasta.rules.loading import dumps, loads
from canasta.score.entry import EntryError, SideEntry
from canasta.score.models import ScoreDeal, ScoreEntry, ScoreGame, ScoreSide
from canasta.score.tally import Sheet, tally

NAME_LENGTH = 120


class NameTaken(EntryError):
    """A game of that name is on the pad already."""


@dataclass(frozen=True, slots=True)
class PadGame:
    """A game on the pad with its sheet (every deal scored)."""

    name: str
    rules_name: str
    sheet: Sheet


def _names(rules: RuleSet, sides: Sequence[str]) -> list[str]:
    names = [side.strip() for side in sides]
    if len(names) != rules.players.sides:
        raise EntryError(f"{rules.name} is played by {rules.players.sides} sides "
                         f"({rules.players.count} players): name {rules.players.sides}, "
                         f"not {len(names)}")
    for name in names:
        if not name or len(name) > NAME_LENGTH:
            raise EntryError(f"a side's name has 1 to {NAME_LENGTH} characters: {name!r}")
    if len(set(names)) != len(names):
        raise EntryError(f"two sides have the same name: {', '.join(names)}")
    return names


def create(engine: Engine, name: str, rules: RuleSet, sides: Sequence[str]) -> PadGame:
    """Start a game called ``name`` under ``rules`` between ``sides``."""
    name = name.strip()
    if not name or len(name) > NAME_LENGTH:
        raise EntryError(f"a game's name has 1 to {NAME_LENGTH} characters: {name!r}")
    names = _names(rules, sides)
    try:
        with Session(engine) as session, session.begin():
            game = ScoreGame(name=name, rules_name=rules.name, rules_toml=dumps(rules))
            game.sides = [ScoreSide(position=n, name=side) for n, side in enumerate(names)]
            session.add(game)
    except IntegrityError:
        raise NameTaken(f"there is already a game called {name!r}") from None
    return PadGame(name, rules.name, tally(rules, names, []))


def again(engine: Engine, name: str) -> PadGame:
    """A new game with the rules and sides of the game called ``name``, called after it with
    the next free number ("Friday" gives "Friday 2", "Friday 2" gives "Friday 3")."""
    rules, sides = rules_of(engine, name)
    base, number = _numbered(name.strip())
    for n in range(number + 1, number + 1000):
        tail = f" {n}"
        with contextlib.suppress(NameTaken):
            return create(engine, base[:NAME_LENGTH - len(tail)] + tail, rules, sides)
    raise EntryError(f"no free name after {name!r}: name the next game yourself")


def _numbered(name: str) -> tuple[str, int]:
    """A game's name and its number: "Friday 3" is ("Friday", 3), "Friday" ("Friday", 1);
    a larger number is part of the name ("To 5000" is ("To 5000", 1))."""
    head, _, last = name.rpartition(" ")
    return (head, int(last)) if head and last.isdigit() and int(last) < 100 else (name, 1)


def _game(session: Session, name: str) -> ScoreGame:
    query = select(ScoreGame).where(ScoreGame.name == name.strip()).options(
        selectinload(ScoreGame.sides), selectinload(ScoreGame.deals).selectinload(
            ScoreDeal.entries))
    game = session.scalar(query)
    if game is None:
        raise EntryError(f"no game called {name!r} (canasta score list shows the games)")
    return game


@lru_cache(maxsize=64)
def _rules(text: str) -> RuleSet:
    """A stored game's rule set (read once per process: a RuleSet is a frozen value)."""
    return loads(text, origin="a score-pad game")


def _read(game: ScoreGame) -> tuple[RuleSet, list[str], list[list[SideEntry]]]:
    rules = _rules(game.rules_toml)
    names = [side.name for side in game.sides]
    deals = [[SideEntry.from_json(e.entry) for e in deal.entries] for deal in game.deals]
    return rules, names, deals


def load(engine: Engine, name: str) -> PadGame:
    """The game called ``name``, every deal scored."""
    with Session(engine) as session:
        game = _game(session, name)
        rules, names, deals = _read(game)
        return PadGame(game.name, game.rules_name, tally(rules, names, deals))


def rules_of(engine: Engine, name: str) -> tuple[RuleSet, list[str]]:
    """The rule set and side names of the game called ``name``."""
    with Session(engine) as session:
        rules, names, _ = _read(_game(session, name))
        return rules, names


def _entries(deal: ScoreDeal, entries: Sequence[SideEntry]) -> None:
    deal.entries = [ScoreEntry(side=n, entry=e.to_json()) for n, e in enumerate(entries)]


def add_deal(engine: Engine, name: str, entries: Sequence[SideEntry]) -> PadGame:
    """Score and store the next deal of ``name`` (refused, storing nothing, if impossible)."""
    try:
        with Session(engine) as session, session.begin():
            game = _game(session, name)
            rules, names, deals = _read(game)
            sheet = tally(rules, names, [*deals, list(entries)])
            deal = ScoreDeal(number=len(deals) + 1)
            _entries(deal, entries)
            game.deals.append(deal)
            stored = PadGame(game.name, game.rules_name, sheet)
    except IntegrityError:  # another process stored this deal number first
        raise EntryError(f"deal {len(deals) + 1} of {name!r} was stored meanwhile by someone "
                         f"else: look (canasta score show) and enter again") from None
    return stored


def undo(engine: Engine, name: str) -> tuple[int, PadGame]:
    """Take back the last deal of ``name``: its number and the game without it."""
    with Session(engine) as session, session.begin():
        game = _game(session, name)
        if not game.deals:
            raise EntryError(f"{game.name!r} has no deal to take back")
        rules, names, deals = _read(game)
        last = game.deals[-1]
        session.delete(last)
        return last.number, PadGame(game.name, game.rules_name, tally(rules, names, deals[:-1]))


def edit(engine: Engine, name: str, number: int, entries: Sequence[SideEntry]) -> PadGame:
    """Replace deal ``number`` of ``name``; every deal after it is scored again, and the edit
    is refused if one of them could then not be true."""
    with Session(engine) as session, session.begin():
        game = _game(session, name)
        if not 1 <= number <= len(game.deals):
            raise EntryError(f"{game.name!r} has deals 1 to {len(game.deals)}, not {number}"
                             if game.deals else f"{game.name!r} has no deal yet")
        rules, names, deals = _read(game)
        deals[number - 1] = list(entries)
        sheet = tally(rules, names, deals)
        deal = game.deals[number - 1]
        for entry in deal.entries:
            session.delete(entry)
        session.flush()
        _entries(deal, entries)
        return PadGame(game.name, game.rules_name, sheet)


@dataclass(frozen=True, slots=True)
class Listed:
    """One line of ``canasta score list``."""

    name: str
    rules_name: str
    rules_title: str  # what players call the rules (RuleSet.title)
    sides: tuple[str, ...]
    deals: int
    totals: tuple[int, ...]
    winner: int


def games(engine: Engine) -> list[Listed]:
    """Every game on the pad, the newest first (the game going on at the table is the one
    most often looked for)."""
    out = []
    with Session(engine) as session:
        query = select(ScoreGame).order_by(ScoreGame.created_at.desc(),
                                           ScoreGame.id.desc()).options(
            selectinload(ScoreGame.sides),
            selectinload(ScoreGame.deals).selectinload(ScoreDeal.entries))
        for game in session.scalars(query):
            rules, names, deals = _read(game)
            sheet = tally(rules, names, deals)
            out.append(Listed(game.name, game.rules_name, rules.title, tuple(names), len(deals),
                              sheet.totals, sheet.winner))
    return out
