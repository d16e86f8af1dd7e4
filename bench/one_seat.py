"""A bot at one seat of a side, its partner greedy, against greedy: what the second seat adds.

    python bench/one_seat.py "ismcts:seconds=1,processes=2" --seed 15400 --deals 50

One-deal games of classic, each deal played both ways round (the bot's side first as side 0,
then as side 1), the bot at the first seat of its side and greedy at the others, seeded as
``canasta match`` seeds its bots, so a deal can be set beside the same deal of ``canasta match
BOT greedy --max-deals 1``, the bot at both seats (docs/bots.md, "One step of policy
improvement, learned"). Prints the running count after each deal.
"""

from __future__ import annotations

import argparse
import time

from canasta.bots import make_bot
from canasta.bots.base import BotError
from canasta.engine.game import Game
from canasta.rules import load
from canasta.sim.games import bot_seed, play_on


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("bot", help="the bot's spec")
    parser.add_argument("--seed", type=int, default=15400, help="the first deal")
    parser.add_argument("--deals", type=int, default=50, help="deals, each played both ways")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals: at least 1")
    try:
        make_bot(args.bot)  # a bad spec is refused before the first game
    except BotError as exc:
        parser.error(f"bot: {exc}")
    rules = load("classic")
    won = lost = level = 0
    total = 0
    for seed in range(args.seed, args.seed + args.deals):
        for side in (0, 1):
            game = Game(rules, seed)
            first = min(s for s in range(game.num_players) if game.side_of(s) == side)
            bots = [make_bot(args.bot if s == first else "greedy", bot_seed(seed, s))
                    for s in range(game.num_players)]
            play_on(game, bots, max_deals=1)
            margin = game.scores[side] - game.scores[1 - side]
            won, lost, level = won + (margin > 0), lost + (margin < 0), level + (margin == 0)
            total += margin
        games = won + lost + level
        print(f"deal {seed}: {won}-{lost}-{level}, {(won + level / 2) / games:.1%}, "
              f"{total / games:+.0f} a game ({time.strftime('%H:%M:%S')})", flush=True)


if __name__ == "__main__":
    main()
