"""How far the search's design can go: the search bot told every hand, against greedy.

    python bench/search_oracle.py --games 100 --seed 14500 --workers 2
    python bench/search_oracle.py --bot "ismcts:iterations=16" --games 20 --seed 1
    python bench/search_oracle.py --told next --games 100 --seed 14500 --workers 2

Side 0 of a mirrored pair of one-deal games of classic is the search bot (``--bot``), except
that each world it samples is the true deal with the stock shuffled again: it knows every
hand and the face-down cards, but not the order of the stock, which no player knows. The
other side is greedy. Each deal is played twice, the sides swapped, as ``canasta match``
plays them. What it prints is the win rate (Wilson 95%), the margin a deal and the Elo
difference, as ``canasta match`` reports them: the ceiling of sampling the hidden hands
better, for comparison with the same search sampling them from the view (docs/bots.md,
"Strength"). A bench of the search's design, not a bot: nothing outside bench/ uses it.

With ``--told`` (``next``, ``partner``, ``previous``, or several, comma-separated) it is told
only those seats' hands, counted from the seat deciding; the rest are sampled from the view
as the search bot samples them (its priors too): which hand's cards are worth the most. With
``--pairs-only`` it is told of those hands only a pair of each natural rank they hold two or
more of (the rest of each hand sampled): what a perfect read of the pairs would be worth.

Helper processes (``processes``) are not told the truth, so the bot must sample alone.
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor

from canasta.bots import make_bot
from canasta.bots.base import Bot
from canasta.bots.ismcts import IsmctsBot
from canasta.bots.registry import parse_spec
from canasta.cards import NATURAL_RANKS
from canasta.engine.determinize import Likelihood
from canasta.engine.game import Game
from canasta.engine.view import PlayerView
from canasta.sim.games import GameResult, bot_seed
from canasta.sim.tournament import pair_stats

#: The seats ``--told`` names, as steps round the table from the seat deciding.
SEATS = {"next": 1, "partner": 2, "previous": 3}


class OracleSearch(IsmctsBot):
    """The search bot whose sampled worlds are the true deal, the stock shuffled again; or, if
    ``told`` names seats (steps round the table), worlds sampled from the view with those
    seats' hands the true ones."""

    truth: Game | None = None  #: the game being played, set before each decision
    told: tuple[int, ...] = ()  #: the seats told, as steps from the seat deciding (all if none)
    pairs_only: bool = False  #: told only a pair of each natural rank those seats hold two of

    def world(self, view: PlayerView, likely: Likelihood | None) -> Game:
        assert self.truth is not None, "tell the oracle the game before it decides"
        if self.told:
            world = super().world(told(view, self.truth, self.told, self.pairs_only), likely)
            for seat in seats_told(view, self.told):  # what others know of them is unchanged
                world.state.seats[seat].known = self.truth.state.seats[seat].known
            return world
        world = self.truth.clone()
        self.rng.shuffle(world.state.table.stock)
        world.state.match.seed = self.rng.randrange(2**63)
        world.state.match.one_hand = True
        return world


def seats_told(view: PlayerView, steps: tuple[int, ...]) -> list[int]:
    """The seats ``steps`` round the table from ``view``'s seat."""
    return [(view.seat + step) % view.players for step in steps]


def told(view: PlayerView, truth: Game, steps: tuple[int, ...], pairs_only: bool = False
         ) -> PlayerView:
    """``view`` with the hands of the seats ``steps`` round the table from its seat shown,
    as if everyone knew them (the deal ``determinize`` then draws keeps them); with
    ``pairs_only``, of each hand only a pair of each natural rank it holds two or more of
    (beside what was known of it)."""
    state = view.state.copy()
    for seat in seats_told(view, steps):
        hand = truth.state.seats[seat].hand
        if pairs_only:
            known = state.seats[seat].known
            hand = [max(known[kind], 2 if kind in NATURAL_RANKS and count >= 2 else 0)
                    for kind, count in enumerate(hand)]
        state.seats[seat].hand = list(hand)
        state.seats[seat].known = tuple(hand)
    return PlayerView(view.seat, view.rules, state, view.legal_actions, view.stock_size, view.t)


def oracle(spec: str, seed: int, told: tuple[int, ...] = (), pairs_only: bool = False
           ) -> OracleSearch:
    """An oracle with the options of the search bot ``spec`` (``processes`` must be 1), told
    the hands of the seats ``told`` steps from the seat deciding (all if none), or only their
    pairs (``pairs_only``)."""
    name, options = parse_spec(spec)
    if name != "ismcts" or options.get("processes", 1) != 1:
        raise SystemExit(f"--bot {spec}: expected a search bot (ismcts) in one process")
    make_bot(spec)  # its options checked as anywhere a bot is named
    bot = OracleSearch(seed, **options)  # type: ignore[arg-type]
    bot.told, bot.pairs_only = told, pairs_only
    return bot


def play(args: tuple[str, int, int, int, tuple[int, ...], bool]) -> GameResult:
    """One one-deal game of classic: the oracle holds side ``oracle_side``, told the hands of
    the seats ``told`` steps from the seat deciding (all if none), or only their pairs."""
    spec, index, seed, oracle_side, seats, pairs_only = args
    game = Game("classic", seed)
    bots: list[Bot] = []
    for seat in range(game.num_players):
        if game.side_of(seat) == oracle_side:
            bots.append(oracle(spec, bot_seed(seed, seat), seats, pairs_only))
        else:
            bots.append(make_bot("greedy", bot_seed(seed, seat)))
    while not game.is_terminal() and not game.results:
        seat = game.current_player
        bot = bots[seat]
        if isinstance(bot, OracleSearch):
            bot.truth = game
        game.apply(bot.act(game.view(seat)))
    entrants = (0, 1) if oracle_side == 0 else (1, 0)
    winner = game.winner if game.is_terminal() else game.leader
    return GameResult(index, seed, entrants, tuple(game.scores), winner, game.is_terminal(),
                      len(game.results), len(game.history))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="ismcts:seconds=1", help="the search bot's spec")
    parser.add_argument("--games", type=int, default=100, help="games (two a deal)")
    parser.add_argument("--seed", type=int, default=14500, help="the first deal's seed")
    parser.add_argument("--workers", type=int, default=2, help="processes playing games")
    parser.add_argument("--told", default="", help="tell it only these hands, counted from "
                        "the seat deciding: " + ", ".join(SEATS) + " (comma-separated)")
    parser.add_argument("--pairs-only", action="store_true", help="tell it only a pair of "
                        "each natural rank those hands hold two or more of")
    args = parser.parse_args(argv)
    names = [name for name in args.told.split(",") if name]
    if unknown := [name for name in names if name not in SEATS]:
        parser.error(f"--told {', '.join(unknown)}: expected some of {', '.join(SEATS)}")
    seats = tuple(SEATS[name] for name in names)
    if args.pairs_only and not seats:
        parser.error("--pairs-only: name the hands with --told")
    oracle(args.bot, 0)  # refuse a bad spec before any game
    jobs = [(args.bot, 2 * i + side, args.seed + i, side, seats, args.pairs_only)
            for i in range(args.games // 2) for side in (0, 1)]
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(play, jobs))
    stats = pair_stats(0, 1, results)
    what = (args.told or "every hand") + (" (pairs only)" if args.pairs_only else "")
    print(f"oracle {args.bot} told {what} vs greedy, deals "
          f"{args.seed}-{args.seed + args.games // 2 - 1}, {stats.games} one-deal games of "
          "classic, mirrored")
    print(f"won-lost-tied {stats.wins}-{stats.losses}-{stats.ties}: "
          f"{stats.win_rate:.1%} [{stats.win_low:.1%}, {stats.win_high:.1%}]; margin a deal "
          f"{stats.margin:+.0f} [{stats.margin_low:+.0f}, {stats.margin_high:+.0f}]; Elo "
          f"{stats.elo:+.0f} [{stats.elo_low:+.0f}, {stats.elo_high:+.0f}]")


if __name__ == "__main__":
    main()
