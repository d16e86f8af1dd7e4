"""A bot of your own at a friend's server table, over the network (docs/protocol.md,
"Network clients").

The bot below plays like the greedy bot, except that it never throws a wild card away while
another discard is legal. It sees one thing: the seat's ``PlayerView``, rebuilt from what the
server sends — the same view a bot inside the server gets — and answers one of its legal
actions.

    canasta serve                    # on the friend's machine; make a table with an open seat
    python examples/network_bot.py --server http://127.0.0.1:8765 \\
        --join http://127.0.0.1:8765/join/TABLE/1/CODE

It plays the seat until the game is over, printing what happens (refusals included).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path

from canasta.bots import make_bot
from canasta.cards import JOKER, TWO, rank_of
from canasta.engine.actions import Action, ActionType
from canasta.engine.view import PlayerView
from canasta.net.bot_client import play_seat
from canasta.net.client import SeatClient
from canasta.net.link import LinkError, take_seat


class KeepWilds:
    """The greedy bot, but a wild card is discarded only when nothing else may be."""

    def __init__(self, seed: int = 0) -> None:
        self.greedy = make_bot("greedy", seed)

    def act(self, view: PlayerView) -> Action:
        choice = self.greedy.act(view)
        if choice.type == ActionType.DISCARD and choice.rank in (TWO, JOKER):
            others = [a for a in view.legal_actions
                      if a.type == ActionType.DISCARD and a.rank not in (TWO, JOKER)]
            if others:  # the natural card it holds fewest of
                return min(others, key=lambda a: (view.hand[rank_of(a.rank)], a.rank))
        return choice


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", required=True, help="http://HOST:PORT")
    parser.add_argument("--join", required=True, help="an open seat's invitation link")
    parser.add_argument("--name", default="Keep-wilds", help="the name the others see")
    parser.add_argument("--seats", default=None, help="where the seat's token is kept")
    args = parser.parse_args(argv)
    try:
        seating = take_seat(args.server, args.join, args.name,
                            Path(args.seats) if args.seats else None)
    except LinkError as exc:
        print(f"network_bot: {exc}", file=sys.stderr)
        return 2
    info = asyncio.run(play_seat(SeatClient(seating), KeepWilds()))
    return 0 if info["over"] else 1


if __name__ == "__main__":
    sys.exit(main())
