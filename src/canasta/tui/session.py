"""One person's game against bots, for both faces of ``canasta play`` (the Textual app and
``--plain``): starting or resuming it, playing an action, the move log, undo, saving.

Never lose a game (issue 13):

- the game is saved after every action, atomically (a temporary file replaced in one step),
  as the record ``canasta replay`` reads (docs/records.md), with a small seating file beside
  it (``FILE.seat``: the person's seat and the bots) so a resumed game knows who is who;
- a new game never writes over an existing file: with the default name it takes the next
  free one (``canasta-game-2.json``), a ``--save FILE`` that exists is refused;
- ``--resume FILE`` saves back to FILE; options that conflict with the resumed game
  (``--rules`` or ``--set``, ``--seed``, ``--seat``, a different ``--save``) are refused with
  the reason;
- "saved" is said only once a file was written, naming it.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from canasta.bots import Bot, make_bot
from canasta.cards import rank_of
from canasta.engine.actions import Action
from canasta.engine.game import Game
from canasta.engine.refusal import Topic
from canasta.engine.state import Phase
from canasta.engine.tables import tables_for
from canasta.engine.view import PlayerView, revealed
from canasta.errors import CanastaError, RecordError
from canasta.presentation import (
    CardFact,
    SuitLedger,
    TableFacts,
    describe_move,
    moves_log,
    table_facts,
)
from canasta.presentation.names import default_names
from canasta.record import Picks, dumps, new_game, picks_json, picks_of, read, verify
from canasta.rules import changed, load

DEFAULT_SAVE = Path("canasta-game.json")
#: A resumed game's log tells its last this many actions again (the table shows fewer lines).
RESUMED_LOG_ACTIONS = 30
SEATING_FORMAT = "canasta-seating"


class SessionError(CanastaError):
    """Options that cannot start or resume a game (the message says why)."""


class Why(NamedTuple):
    """A move refused: the reason in words, and the part of the rules it applies (the value
    of the engine's ``Topic``, as a refused move's error frame names it; "" where no rule
    refused it: another seat's turn, a text that is no action)."""

    words: str
    topic: str = ""


@dataclass(frozen=True, slots=True)
class Options:
    """What ``canasta play`` was asked: ``None`` for an option not given."""

    rules: str | None = None
    changes: tuple[str, ...] = ()  # ``--set SECTION.OPTION=VALUE``: changes to the rules
    seed: int | None = None
    seat: int | None = None
    bots: str | None = None
    save: str | None = None
    resume: str | None = None


def seating_path(path: Path) -> Path:
    """The seating file kept beside a saved game."""
    return path.with_name(path.name + ".seat")


def free_path(wanted: Path) -> Path:
    """``wanted`` if no file has that name, else the first free ``stem-N.suffix``."""
    if not wanted.exists():
        return wanted
    n = 2
    while True:
        candidate = wanted.with_name(f"{wanted.stem}-{n}{wanted.suffix}")
        if not candidate.exists():
            return candidate
        n += 1


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves the old file or the new, never half."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


@dataclass
class Session:
    """A game, the person's seat, the bots at the other seats, the file it is saved to."""

    game: Game
    human: int
    bot_spec: str
    path: Path
    names: tuple[str, ...]
    notes: list[str] = field(default_factory=list)  # what starting it had to say
    saved: bool = False  # whether ``path`` holds this game
    log: list[str] = field(default_factory=list)
    #: the cards (kind, suit) the person picked for an action, by the action's index: the
    #: copies of those kinds it moved (``SuitLedger.prefer``), kept in the seating file
    picks: dict[int, tuple[tuple[int, str], ...]] = field(default_factory=dict)
    _bots: list[Bot] = field(default_factory=list)
    #: before each undoable action: the game, the log's length, the suits
    _undo: list[tuple[Game, int, SuitLedger]] = field(default_factory=list)

    def __post_init__(self) -> None:
        seed = self.game.seed + len(self.game.history)
        self._bots = [make_bot(self.bot_spec, seed + seat) for seat in range(self.players)]
        #: the suit every card shows (docs/presentation.md, "Suits for the eye")
        self.eye = SuitLedger.of_game(self.game, self.picks)

    # ------------------------------------------------------------------ reading

    @property
    def players(self) -> int:
        return self.game.num_players

    @property
    def view(self) -> PlayerView:
        """The person's view."""
        return self.game.view(self.human)

    @property
    def human_to_act(self) -> bool:
        return not self.game.is_terminal() and self.game.current_player == self.human

    def facts(self, hint: bool = False, lines: int = 12) -> TableFacts:
        """The table as the person sees it, with the last ``lines`` of the log, every card
        showing its suit (its real one, or its suit for the eye) and the hand's cards new
        this turn marked."""
        return table_facts(self.view, self.names, self.log[-lines:], with_hint=hint,
                           suits=self.eye.seen_by(self.human))

    # ------------------------------------------------------------------ playing

    def refusal(self, action: Action | str) -> Why | None:
        """Why the person may not play ``action`` now (text is parsed); None when legal."""
        if self.game.is_terminal():
            return Why("the game is over", Topic.END)
        if self.game.current_player != self.human:
            return Why(f"it is {self.names[self.game.current_player]}'s turn, not yours")
        try:
            parsed = Action.parse(action) if isinstance(action, str) else action
        except CanastaError as exc:
            return Why(str(exc))
        return _why(self.game, parsed)

    def line_refusal(self, texts: Sequence[str]) -> Why | None:
        """Why the actions ``texts``, played in turn, would not all be legal: the reason of the
        first refused, tried on a copy of the game; None when they would."""
        why = self.refusal(texts[0])  # the game over, another seat's turn
        if why is not None:
            return why
        trial = self.game.clone()
        for text in texts:
            try:
                action = Action.parse(text)
            except CanastaError as exc:
                return Why(str(exc))
            why = _why(trial, action)
            if why is not None:
                return why
            trial.apply(action)
        return None

    def play(self, action: Action | str, picked: Sequence[CardFact] = ()) -> tuple[str, ...]:
        """Play the person's action (refused with ``CanastaError`` and the engine's reason,
        changing nothing); returns the new log lines. ``picked``: the cards the person
        pointed at for it (as the hand shows them), so that the copies it moves are those,
        in the suits they show. The game is saved."""
        why = self.refusal(action)
        if why is not None:
            raise CanastaError(why.words)
        parsed = Action.parse(action) if isinstance(action, str) else action
        before, eye = self.game.clone(), self.eye.copy()
        lines = self._apply(parsed, tuple((rank_of(c.code), c.eye) for c in picked if c.eye))
        after = self.view
        if not revealed(before.view(self.human), after) and \
                self.game.current_player == self.human:
            self._undo.append((before, len(self.log) - len(lines), eye))
        else:
            self._undo.clear()
        return lines

    def lay(self, texts: Sequence[str], picked: Sequence[CardFact] = ()) -> tuple[str, ...]:
        """Play the actions of one lay of several cards (``presentation.lay_actions``) as one
        move: all of them, or (``line_refusal``) none, with ``CanastaError`` and the first
        refusal; an undo takes them back together, as the server's does. The log lines."""
        why = self.line_refusal(texts)
        if why is not None:
            raise CanastaError(why.words)
        kept = len(self._undo)
        lines: list[str] = []
        for text in texts:
            lines += self.play(text, picked)
        if len(self._undo) == kept + len(texts):  # no step showed a card: undone whole
            del self._undo[kept + 1:]
        else:
            self._undo.clear()
        return tuple(lines)

    def bot_turn(self) -> tuple[Bot, PlayerView]:
        """The bot at the seat to act (which is not the person's) and its view: the bot may
        decide on the view in another thread, for the view is a copy (the game itself is not
        safe to share between threads)."""
        seat = self.game.current_player
        if seat == self.human or seat < 0:
            raise CanastaError("no bot is to act")
        return self._bots[seat], self.game.view(seat)

    def bot_action(self) -> Action:
        """The bot's choice at the seat to act."""
        bot, view = self.bot_turn()
        return bot.act(view)

    def play_bot(self, action: Action) -> tuple[str, ...]:
        """Play a bot's action (from ``bot_action``); undo stops here. The game is saved."""
        self._undo.clear()
        return self._apply(action)

    def _apply(self, action: Action, picked: tuple[tuple[int, str], ...] = ()
               ) -> tuple[str, ...]:
        before = self.view
        if picked:
            self.picks[len(self.game.history)] = picked
        self.eye.play(self.game, action, picked)
        lines = describe_move(before, action, self.view, self.names,
                              self.eye.move_seen_by(self.human))
        self.log += lines
        self.save()
        return lines

    @property
    def can_undo(self) -> bool:
        return bool(self._undo) and self.human_to_act

    def undo(self) -> str:
        """Take back the person's last action of this turn (if it revealed no card)."""
        if not self.can_undo:
            raise CanastaError("nothing to undo: only your own actions of this turn that "
                               "revealed no card can be taken back")
        self.game, log_size, self.eye = self._undo.pop()
        del self.log[log_size:]
        self.picks = {i: p for i, p in self.picks.items() if i < len(self.game.history)}
        self.save()
        return "Taken back."

    def again(self) -> Session:
        """A new game with the same rules and seats, saved to the next free file name."""
        seed = random.SystemRandom().randrange(10**9)
        path = free_path(self.path)
        return Session(Game(self.game.rules, seed), self.human, self.bot_spec, path,
                       self.names, [f"New game, seed {seed}; it is saved to {path}."])

    # ------------------------------------------------------------------ saving

    def save(self) -> None:
        """Write the record and the seating file (atomically)."""
        write_atomically(self.path, dumps(self.game))
        seating = {"format": SEATING_FORMAT, "seat": self.human, "bots": self.bot_spec,
                   "picks": picks_json(self.picks)}
        write_atomically(seating_path(self.path), json.dumps(seating) + "\n")
        self.saved = True

    def farewell(self) -> str:
        """What to say on leaving: where the game is (only if a file was written)."""
        if not self.saved:
            return "Nothing was played, so no file was written."
        if self.game.is_terminal():
            return f"The game's record is in {self.path} (canasta replay {self.path})."
        return f"The game is saved in {self.path}; continue it with: " \
               f"canasta play --resume {self.path}"


# ---------------------------------------------------------------------- starting

def start(options: Options) -> Session:
    """A new game, or the resumed one; ``SessionError`` (changing nothing on disk) for
    options that cannot be honoured."""
    if options.resume is not None:
        return _resume(options)
    return _new(options)


def _why(game: Game, action: Action) -> Why | None:
    """The engine's refusal of ``action`` as a ``Why``; None when it is legal."""
    refusal = game.refusal(action)
    return None if refusal is None else Why(refusal.words(), refusal.topic)


def _new(options: Options) -> Session:
    rules = changed(load(options.rules or "classic"), options.changes)
    notes = []
    if options.save is not None:
        path = Path(options.save)
        if path.exists():
            raise SessionError(f"{path} already exists, and a saved game is never written "
                               f"over: continue it with --resume {path}, or choose another "
                               "--save")
    else:
        path = free_path(DEFAULT_SAVE)
        if path != DEFAULT_SAVE:
            notes.append(f"{DEFAULT_SAVE} holds another game; this one is saved to {path}.")
    seed = options.seed if options.seed is not None else random.SystemRandom().randrange(10**9)
    game = Game(rules, seed)
    seat = _seat(options.seat if options.seat is not None else 0, game)
    bots = options.bots or "greedy"
    make_bot(bots)  # an unknown bot is refused before anything else
    notes.insert(0, f"New game of {rules.name}, seed {seed}, against {bots} bots; you are "
                    f"seat {seat}. It is saved to {path} after every move.")
    return Session(game, seat, bots, path, default_names(game.num_players, seat), notes)


def _resume(options: Options) -> Session:
    assert options.resume is not None
    path = Path(options.resume)
    if options.save is not None and Path(options.save) != path:
        raise SessionError(f"--save {options.save} and --resume {path} name two files: a "
                           f"resumed game is saved back to {path}")
    record = read(path)
    game = verify(record)
    if options.rules is not None or options.changes:
        wanted = changed(load(options.rules) if options.rules else game.rules, options.changes)
        if tables_for(wanted).fingerprint != game.t.fingerprint:
            asked = " ".join([*([f"--rules {options.rules}"] if options.rules else []),
                              *(f"--set {change}" for change in options.changes)])
            raise SessionError(f"{path} is a game of {game.rules.name}; {asked} plays other "
                               "rules (leave them out to resume it)")
    if options.seed is not None and options.seed != game.seed:
        raise SessionError(f"{path} was dealt with seed {game.seed}, not {options.seed} "
                           "(leave --seed out to resume it)")
    seating = _read_seating(path)
    if seating is not None:
        seat = int(seating["seat"])
        if options.seat is not None and options.seat != seat:
            raise SessionError(f"{path} is played from seat {seat}; --seat {options.seat} "
                               f"would show another player's hand (leave --seat out)")
    else:
        seat = options.seat if options.seat is not None else 0
        mid = game.current_player
        if not game.is_terminal() and game.phase != Phase.DRAW and mid != seat:
            raise SessionError(f"{path} stands in the middle of seat {mid}'s turn: resume it "
                               f"with --seat {mid}")
    seat = _seat(seat, game)
    bots = options.bots or (str(seating["bots"]) if seating else "greedy")
    make_bot(bots)
    notes = [f"Resumed {path}: {game.rules.name}, deal {game.deal_number}, "
             f"{len(game.history)} actions; you are seat {seat}, against {bots} bots."]
    names = default_names(game.num_players, seat)
    picks = _picks(seating, seating_path(path), len(game.history)) if seating else {}
    log = list(moves_log(new_game(record), game.history, seat, names, RESUMED_LOG_ACTIONS,
                         picks))
    return Session(game, seat, bots, path, names, notes, saved=True, log=log, picks=picks)


def _seat(seat: int, game: Game) -> int:
    if not 0 <= seat < game.num_players:
        raise SessionError(f"seat {seat} is not in this game (0 to {game.num_players - 1})")
    return seat


def _read_seating(path: Path) -> dict[str, Any] | None:
    """The seating file beside a saved game, or None when there is none (a record written
    elsewhere); ``SessionError`` for one that is not a seating file."""
    where = seating_path(path)
    if not where.exists():
        return None
    try:
        data = json.loads(where.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise SessionError(f"{where}: not a seating file ({exc})") from None
    if not (isinstance(data, dict) and data.get("format") == SEATING_FORMAT
            and isinstance(data.get("seat"), int) and not isinstance(data.get("seat"), bool)
            and isinstance(data.get("bots"), str)):
        raise SessionError(f"{where}: not a seating file (expected format, seat and bots)")
    return data


def picks_beside(path: Path) -> Picks:
    """The cards the person picked in the game saved at ``path``, as its seating file keeps
    them (``Session.picks``): none without a seating file, or when the record cannot be read
    (its fault is told where it is read); ``SessionError`` for a bad seating file."""
    seating = _read_seating(path)
    if seating is None:
        return {}
    try:
        actions = len(read(path)["actions"])
    except RecordError:
        return {}
    return _picks(seating, seating_path(path), actions)


def _picks(seating: dict[str, Any], where: Path, actions: int) -> Picks:
    """The person's picked cards a seating file keeps (``Session.picks``; none in a file
    written before it kept them); ``SessionError`` for a malformed list."""
    try:
        return picks_of(seating.get("picks", []), actions)
    except RecordError as exc:
        raise SessionError(f"{where}: not a seating file ({exc})") from None
