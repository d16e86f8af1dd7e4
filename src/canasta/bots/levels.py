"""The levels a player chooses a bot by, gentlest first (docs/bots.md, "Levels"): each a bot
spec and a line that says how it plays. A level's name is a bot spec too
(``make_bot("novice")``), so every place that takes a bot takes a level: ``canasta play
--level``, ``canasta bot --level``, the page's seats, ``canasta tournament``.

The weaker levels are the greedy bot with ``slip``: at each decision, with that chance, another
legal action of the kind greedy chose (another discard, another meld, drawing rather than
taking). They keep playing for melds and canastas, as a learner does, and miss what a better
player sees; they are as quick as greedy. The ratings are measured, not assumed: docs/bots.md
gives them and the command that measured them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Level:
    """One level: its name, the bot spec it plays, how it plays in a line, and its Elo in
    docs/bots.md's ladder (``None`` while it is not measured there)."""

    name: str
    spec: str
    description: str
    rating: int | None = None


LEVELS: tuple[Level, ...] = (
    Level("beginner", "greedy:slip=1",
          "knows what each move is for, then picks one at random: which card to throw, "
          "which meld to lay", 1278),
    Level("novice", "greedy:slip=0.75",
          "plays a sound move one time in four, a random one of the same kind otherwise", 1439),
    Level("casual", "greedy:slip=0.5",
          "plays the sound move half the time", 1567),
    Level("club", "greedy",
          "the published strategy: builds canastas, guards the pile, goes out when it pays",
          1717),
    Level("expert", "ismcts:seconds=1,processes=2",
          "plays out sampled deals for a second before each choice, on two cores; wins about "
          "two deals in three against club", 1852),
)
BY_NAME = {level.name: level for level in LEVELS}


BY_SPEC = {level.spec: level for level in LEVELS}


def level_spec(name: str) -> str:
    """The bot spec of a level (``KeyError`` for a name that is not a level)."""
    return BY_NAME[name].spec


def level_of(spec: str | None) -> str | None:
    """The name of the level that plays ``spec`` (``"greedy"`` is ``"club"``), or ``None``."""
    level = BY_SPEC.get(spec or "")
    return level.name if level else None


__all__ = ["BY_NAME", "BY_SPEC", "LEVELS", "Level", "level_of", "level_spec"]
