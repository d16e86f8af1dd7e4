"""``canasta replay``: a recorded game, turn by turn, with every card shown (or, with
``--serve``, in the browser: docs/protocol.md, "Replay").

A replay is a full-information view: the hands dealt, what each draw drew and what each taken
pile held are all printed.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from canasta.cards import NUM_KINDS, RED_THREE, kind_name
from canasta.cli import db_cmd
from canasta.engine.actions import ActionType
from canasta.engine.game import Game
from canasta.engine.scoring import HandResult
from canasta.errors import RecordError
from canasta.record import apply_recorded, new_game, read, verify
from canasta.tui.session import picks_beside


def run(args: argparse.Namespace) -> int:
    """Print the game of a record file (or, with ``--position N``, the position after its
    first N actions); with ``--verify``, check it first, move by move (``record.verify``:
    the first action whose state differs from the recorded game is named); with ``--serve``,
    open its replay in the browser (``canasta.server.replay_serve``)."""
    if args.serve:
        db_cmd.store()  # the server's libraries, or how to install them
        from canasta.server.replay_serve import run as serve

        # a game played in the terminal: its cards show the suits its player picked
        return serve(args.file, args.port, not args.no_browser, picks_beside(Path(args.file)))
    rec = read(args.file)
    try:
        if args.verify:
            verify(rec)
        if args.position is not None:
            print(position_after(rec, args.position))
        else:
            for line in replay_lines(rec):
                print(line)
    except RecordError as exc:
        raise RecordError(f"{args.file}: {exc}") from None
    if args.verify:
        for line in verified_lines(rec):
            print(line)
    return 0


def verified_lines(rec: dict[str, Any]) -> list[str]:
    """What ``--verify`` found: every action as recorded (a record with ``steps``), and, for
    every record, its result and final state (docs/records.md, "Versions")."""
    moves = (f"checked: each of its {len(rec['actions'])} actions is the recorded one (its "
             "chain of steps)" if "steps" in rec else
             f"checked: a version {rec['version']} record keeps no state per move, so its "
             "result and final state only")
    return [moves, f"verified: the replay gives the recorded result and digest "
                   f"{rec['digest'][:16]}..."]


def position_after(rec: dict[str, Any], count: int) -> str:
    """The position (docs/positions.md) after the record's first ``count`` actions: a bug
    report's exact state, to load with ``Game.from_position``."""
    actions = rec["actions"]
    if not 0 <= count <= len(actions):
        raise RecordError(f"--position {count}: the record has {len(actions)} actions "
                          f"(0 to {len(actions)})")
    game = new_game(rec)
    for index, text in enumerate(actions[:count]):
        apply_recorded(game, index, text)
    return game.position()


def replay_lines(rec: dict[str, Any]) -> Iterator[str]:
    """The game of a checked record as lines of text; ``RecordError`` at a bad action."""
    game = new_game(rec)
    rules = game.rules
    yield (f"{rules.name}: {rules.players.count} players in {rules.players.sides} sides, "
           f"seed {game.seed}, {len(rec['actions'])} actions")
    rounds = "; then ".join(", ".join(f"seat {seat} {card}" for seat, card in cut)
                            for cut in game.dealer_cuts)
    yield f"cut for the deal: {rounds}"
    yield from _deal_lines(game)
    for index, text in enumerate(rec["actions"]):
        seat, scored = game.current_player, len(game.results)
        stock, pile = game.state.table.stock[:], game.state.table.pile[:]
        action = apply_recorded(game, index, text)
        ended = len(game.results) > scored
        if action.type == ActionType.DRAW:
            drawn = stock[len(game.state.table.stock):] if not ended else stock
            detail = "drew " + ", ".join(
                f"{kind_name(k)} (laid out)" if k == RED_THREE else kind_name(k)
                for k in reversed(drawn))
        elif action.type == ActionType.TAKE:
            top = rules.pile.take_top
            taken = pile[-top:] if top else pile
            detail = (f"{action.describe()}: {_cards(reversed(taken))} "
                      f"({len(taken)} cards, top first)")
        else:
            detail = action.describe()
        yield f"{index:>6}  seat {seat}  {action!s:<14} {detail}"
        if ended:
            yield from _result_lines(game, game.results[-1])
            if not game.is_terminal():
                yield from _deal_lines(game)
    yield _end_line(game)


def _cards(kinds: Iterable[int]) -> str:
    return " ".join(kind_name(k) for k in kinds) or "-"


def _hand(counts: Sequence[int]) -> str:
    return _cards([k for k in range(NUM_KINDS) for _ in range(counts[k])])


def _deal_lines(game: Game) -> Iterator[str]:
    yield ""
    table = game.state.table
    yield (f"deal {game.deal_number}: seat {game.dealer} deals; pile {_cards(table.pile)} "
           f"(top last); stock {len(table.stock)} cards")
    for seat, player in enumerate(game.state.seats):
        red = f"; red 3s laid out: {player.red_threes}" if player.red_threes else ""
        yield f"  seat {seat}: {_hand(player.hand)}{red}"


def _column(game: Game, k: int, seats: bool = False) -> str:
    """Score column ``k`` by name: a side (with its seats, if ``seats``), or a seat where each
    seat keeps its own score (``players.partners_at_pile``, cutthroat: partnerships change
    from deal to deal)."""
    if game.rules.players.partners_at_pile:
        return f"seat {k}"
    if not seats:
        return f"side {k}"
    sides = game.rules.players.sides
    return f"side {k} (seats {', '.join(str(s) for s in range(k, game.num_players, sides))})"


def _result_lines(game: Game, result: HandResult) -> Iterator[str]:
    who = f" (seat {result.went_out})" if result.went_out >= 0 else ""
    yield f"deal {result.deal} ended: {result.ended_by}{who}"
    for score in result.sides:
        items = ", ".join(f"{label} {value:+d}" for label, value in score.items()) or "nothing"
        yield f"  {_column(game, score.side, seats=True)}: {items} = {score.total:+d}"
    yield "  game score: " + ", ".join(f"{_column(game, s)} {t}"
                                       for s, t in enumerate(result.totals))


def _end_line(game: Game) -> str:
    scores = ", ".join(f"{_column(game, s)} {t}" for s, t in enumerate(game.scores))
    deals = f"{len(game.results)} deal{'' if len(game.results) == 1 else 's'}"
    if game.is_terminal():
        return f"game over after {deals}: {_column(game, game.winner)} wins ({scores})"
    return (f"the record ends before the game does: {deals} scored, "
            f"deal {game.deal_number} under way ({scores})")
