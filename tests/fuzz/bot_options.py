"""Bot specs from outside (``--bots``, ``canasta match``, ``canasta bot``, a page's seat):
a known or unknown name with options of every type and size. An accepted spec makes a bot;
the quick bots (random, greedy) also make a decision, to show their options cannot break it.
The search bot's decision is left out: a large budget is a long search, not an error."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from canasta import Game
from canasta.bots import BotError, bot_names, make_bot
from canasta.bots.greedy import GreedyParams
from tests.fuzz import Target

KEYS = ["iterations", "seconds", "horizon", "scale", "min_gain", "z", "belief", "settle",
        "confirm", "rollout", *GreedyParams.__dataclass_fields__, "x", ""]
VALUES = st.one_of(st.integers(-10, 10**6).map(str), st.floats(allow_nan=True).map(repr),
                   st.sampled_from(["nan", "inf", "-inf", "1e999", "abc", "", "1.5", "0",
                                    "9" * 30]),
                   st.text(st.characters(codec="utf-8", exclude_characters=",:"), max_size=8))
SPECS = st.tuples(st.sampled_from([*bot_names(), "nobody", ""]),
                  st.lists(st.tuples(st.sampled_from(KEYS), VALUES), max_size=3)).map(
    lambda nv: nv[0] + (":" + ",".join(f"{k}={v}" for k, v in nv[1]) if nv[1] else ""))


def _middle_game() -> Game:
    """A classic game some turns in, with melds on the table: a decision worth making."""
    game, rng = Game("classic", 3), random.Random(3)
    while game.deal_number == 1 and len(game.history) < 60:
        game.apply(rng.choice(game.legal_actions()))
    return game


GAME = _middle_game()


def make(spec: str) -> None:
    bot = make_bot(spec, seed=1)
    if not spec.startswith("ismcts"):
        view = GAME.view(GAME.current_player)
        assert bot.act(view) in view.legal_actions


TARGETS = [Target("bot-option", SPECS, make, (BotError,))]
