"""``canasta play``: a game in the terminal, you against bots (greedy by default).

The player sees only their own view (``Game.view``), types the number of an action or its
text (``draw``, ``meld K K 2``, ``discard 7``), or ``hint`` for the greedy bot's suggestion with
its reason, and is told why a move is refused. The game is saved as a record after every
action, so a game in progress is never lost (``--resume``).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from canasta.bots import Bot, make_bot
from canasta.engine.actions import Action
from canasta.engine.game import Game
from canasta.engine.view import PlayerView
from canasta.errors import CanastaError
from canasta.presentation import deal_breakdown, render, result_text, table_facts
from canasta.presentation.names import Chair, default_names


def choose(view: PlayerView, read: Callable[[str], str], write: Callable[[str], None],
           game: Game, adviser: Bot) -> Action | None:
    """Ask the human for an action until a legal one is given; None to quit. ``hint`` shows
    the adviser's choice and its reason."""
    actions = view.legal_actions
    write("\n".join(f"  {i + 1:2}. {a!s:<16} {a.describe()}" for i, a in enumerate(actions)))
    while True:
        answer = read("your move (number or text, hint, q to quit) > ").strip()
        if answer.lower() in ("q", "quit", "exit"):
            return None
        if answer.lower() == "hint":
            decision = adviser.decide(view)
            number = actions.index(decision.action) + 1
            write(f"  hint: {number}. {decision.action} ({decision.action.describe()}): "
                  f"{decision.reason}")
            continue
        if answer.isdigit() and 1 <= int(answer) <= len(actions):
            return actions[int(answer) - 1]
        try:
            action = Action.parse(answer)
        except CanastaError as exc:
            write(f"  {exc}")
            continue
        reason = game.why_illegal(action)
        if reason is None:
            return action
        write(f"  not now: {reason}")


def play(game: Game, human: int, read: Callable[[str], str], write: Callable[[str], None],
         save: Callable[[Game], None], bots: Sequence[Bot]) -> Game:
    """Play until the game ends or the human quits; ``bots[seat]`` plays every other seat."""
    adviser = make_bot("greedy")
    shown = len(game.results)
    while not game.is_terminal():
        seat = game.current_player
        view = game.view(seat)
        if seat == human:
            write("\n" + render(table_facts(view)))
            action = choose(view, read, write, game, adviser)
            if action is None:
                write("Game saved; continue it with --resume.")
                return game
        else:
            action = bots[seat].act(view)
            write(f"seat {seat}: {action.describe()}")
        game.apply(action)
        save(game)
        while shown < len(game.results):
            chair = Chair(human, game.t.sides, default_names(game.num_players, human))
            write("\n" + result_text(deal_breakdown(game.results[shown], chair)))
            shown += 1
    winner = game.winner
    write(f"\nGame over: side {winner} wins" + (" — your side!" if winner == game.side_of(human)
                                                else "."))
    return game


def save_to(path: Path) -> Callable[[Game], None]:
    """A saver that writes the game's record to ``path`` (atomically)."""
    from canasta.record import write as write_record

    def save(game: Game) -> None:
        tmp = path.with_suffix(path.suffix + ".tmp")
        write_record(game, tmp)
        tmp.replace(path)

    return save


def run(args: argparse.Namespace) -> int:
    """``canasta play``: start a game (or resume a saved one) and play it in the terminal."""
    from canasta.record import read, verify
    from canasta.rules import load

    path = Path(args.save)
    if args.resume:
        game = verify(read(args.resume))
        print(f"Resumed {args.resume}: deal {game.deal_number}, {len(game.history)} actions.")
        seed = game.seed + len(game.history)
    else:
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
        game = Game(load(args.rules), seed)
        print(f"New game of {game.rules.name}, seed {seed}, against {args.bots} bots. "
              f"You are seat {args.seat}; the game is saved to {path} after every move.")
    if game.is_terminal():
        print("That game is already over.")
        return 0
    if not 0 <= args.seat < game.num_players:
        print(f"canasta: error: seat {args.seat} is not in this game "
              f"(0 to {game.num_players - 1})", file=sys.stderr)
        return 2
    bots = [make_bot(args.bots, seed + seat) for seat in range(game.num_players)]
    play(game, args.seat, _read_line, print, save_to(path), bots)
    return 0


def _read_line(prompt: str) -> str:
    try:
        return input(prompt)
    except EOFError:
        return "q"
