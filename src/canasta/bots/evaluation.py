"""A learned evaluation of a hand cut short: what the table's score as it stands leaves out.

The search bot can play a sample on for only ``horizon`` turns and score the table as it
stands then (``ismcts``'s ``horizon``). That score counts every card held as if the hand ended
now, so it is biased against holding cards (taking the pile, keeping pairs for later melds)
and blind to what is still to come: canastas nearly made, a side not yet opened, a short stock.
This module adds the rest of the hand's expected margin, learned from greedy self-play
(``bench/train_evaluation.py``): a linear function of the differences between the two sides
(cards and points in hand, wild cards, pairs, cards that fit a meld on the table, melds short
of a canasta and how short, canastas, whether the side has opened), each also weighted by how
much of the stock is left, and of whose turn it is.

A model is trained under one rule set and used only under rules that play the same (the same
options, whatever their name: :func:`plays_alike`); elsewhere :func:`evaluation_for` gives
``None`` and the search scores the table as it stands. Inference is a dot product in plain
Python: no dependency, no GPU.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from canasta.bots import kinds
from canasta.cards import NUM_KINDS
from canasta.engine.game import Game
from canasta.engine.state import State
from canasta.rules import RuleSet, load

#: The per-side quantities the model compares between the two sides (:func:`side_counts`).
SIDE = ("hand_cards", "hand_points", "wild_in_hand", "pairs_in_hand", "fits_in_hand",
        "opened", "short_melds", "short_cards", "canastas")

#: Every input of the model, in order (:func:`features`): the sides' differences, the same
#: times the share of the stock left, and whose turn it is alone and times the pile's size.
FEATURES = (*SIDE, *(f"{name}*stock" for name in SIDE), "to_play", "to_play*pile")

#: The models shipped with the package, by file, each naming the preset it was trained under.
MODELS = ("evaluation_classic.json",)


@dataclass(frozen=True, slots=True)
class Evaluation:
    """A linear model of the rest of a hand's margin, in points, over :data:`FEATURES`."""

    rules: RuleSet
    weights: tuple[float, ...]

    def correction(self, game: Game, side: int, rival: int) -> float:
        """The points ``side`` is expected to gain on ``rival`` by the end of the hand, beyond
        the table's score as it stands (``game`` shows every hand: a search's sample)."""
        return sum(w * x for w, x in zip(self.weights, features(game, side, rival), strict=True))


def side_counts(state: State, rules: RuleSet, side: int) -> list[float]:
    """:data:`SIDE` for ``side``: over the hands of its seats (feet included), and its table."""
    points = kinds.hand_cost(rules)
    size = rules.melds.canasta_size
    held = [0] * NUM_KINDS
    cards = pairs = 0
    for seat_no, seat in enumerate(state.seats):
        if state.seat_sides[seat_no] != side:
            continue
        cards += seat.size + seat.foot_size
        for kind, n in enumerate(seat.hand):
            held[kind] += n
            pairs += n >= 2 and kinds.is_natural(kind)
    table = state.sides[side]
    melds = [m for m in table.melds if m is not None]
    short = [size - (m.naturals + m.twos + m.jokers) for m in melds]
    short = [s for s in short if s > 0]
    fits = sum(held[m.rank] for m in melds if kinds.is_natural(m.rank))
    wild = sum(held[w] for w in kinds.WILDS)
    return [float(cards), float(sum(n * p for n, p in zip(held, points, strict=True))),
            float(wild), float(pairs), float(fits), float(table.opened), float(len(short)),
            float(sum(short)), float(table.canastas)]


def features(game: Game, side: int, rival: int) -> list[float]:
    """The model's inputs (:data:`FEATURES`) for ``side`` against ``rival``."""
    state, rules = game.state, game.rules
    mine, theirs = side_counts(state, rules, side), side_counts(state, rules, rival)
    diff = [a - b for a, b in zip(mine, theirs, strict=True)]
    stock = len(state.table.stock) / sum(game.t.pack)
    seat_side = state.seat_sides[game.current_player]
    to_play = 1.0 if seat_side == side else -1.0 if seat_side == rival else 0.0
    return [*diff, *(d * stock for d in diff), to_play, to_play * len(state.table.pile)]


def plays_alike(one: RuleSet, other: RuleSet) -> bool:
    """Whether two rule sets differ at most in their name, title, description and notes."""
    return one is other or _plain(one) == _plain(other)


def _plain(rules: RuleSet) -> RuleSet:
    return dataclasses.replace(rules, name="", title="", description="", unstated=())


@cache
def shipped() -> tuple[Evaluation, ...]:
    """The models shipped with the package (:data:`MODELS`), read once."""
    models = []
    for name in MODELS:
        data = json.loads(resources.files("canasta.bots").joinpath(name).read_text())
        if tuple(data["features"]) != FEATURES:
            raise ValueError(f"{name}: trained on other features than this module computes")
        models.append(Evaluation(load(data["rules"]), tuple(data["weights"])))
    return tuple(models)


def evaluation_for(rules: RuleSet) -> Evaluation | None:
    """The shipped model trained under rules that play as ``rules`` do, if there is one."""
    return next((m for m in shipped() if plays_alike(m.rules, rules)), None)
