"""Positions (docs/positions.md) as outside input: ``Game.from_position`` reads a position or
refuses it with ``PositionError``; a game it accepts never comes to a turn with no legal
action, never raises while legal actions are played, and writes a position that reads back.

Inputs are real positions of several presets, taken from random play, mutated (a number
changed, a field dropped or given twice, a flag added, a phase swapped, a card moved or
dropped), and random text.
"""

from __future__ import annotations

import random
from functools import cache

from hypothesis import strategies as st

from canasta import Game
from canasta.engine.position import PositionError
from canasta.rules import load
from tests.fuzz import Target

#: Presets whose positions are mutated: partnerships and not, suits, feet, bonus piles and
#: black 3s laid out, cutthroat's partnerships, face-down cards under the pile, acaba.
PRESETS = ("classic", "two_hand", "samba", "hand_and_foot", "modern_american", "cutthroat",
           "italian", "british", "cuban", "joker")
#: Numbers a mutation puts in place of one.
NUMBERS = ("-99999", "-5", "-1", "0", "1", "2", "3", "7", "2000", "99999",
           "99999999999999999999")
#: Fields and flags a mutation adds.
ADDED = ("drew", "took", "melded", "asked", "one-hand", "permission yes", "permission no",
         "acaba asked", "acaba yes", "acaba no", "asker 0", "asker 1", "blocked 0", "blocked 1",
         "retracts 1", "opening-points 50", "created K", "turns 5", "cut 0", "over 0",
         "laid 0 1", "opened 0", "opened 1", "red3 1 0 0 0", "black3 0 1 0 0",
         "known K | | |", "feet K K | | |", "set-aside 1 0", "turn 0 answer", "turn 1 meld",
         "turn 0 over", "pile B3", "stock", "hands | | |")
PLAYS = 6  #: random legal actions played from each accepted position


@cache
def real_positions() -> tuple[tuple[str, str], ...]:
    """Positions of the presets met in random play (every few moves of two deals)."""
    out = []
    for name in PRESETS:
        rules = load(name)
        for seed in (1, 2):
            game, rng = Game(rules, seed), random.Random(seed)
            moves = 0
            while not game.is_terminal() and len(game.results) < 2 and moves < 600:
                if moves % 9 == 0:
                    out.append((name, game.position()))
                legal = game.legal_actions()
                laying = [a for a in legal if a.type.name not in ("DISCARD", "DRAW")]
                game.apply(rng.choice(laying if laying and rng.random() < 0.6 else legal))
                moves += 1
            out.append((name, game.position()))
    return tuple(out)


def _mutate(text: str, rng: random.Random) -> str:
    """One mutation of a position's text."""
    fields = text.split("; ")
    kind = rng.randrange(7)
    at = rng.randrange(len(fields))
    if kind == 0:  # a number changed
        numbered = [i for i, f in enumerate(fields) if any(w.lstrip("-").isdigit()
                                                          for w in f.split()[1:])]
        if numbered:
            at = rng.choice(numbered)
            words = fields[at].split(" ")
            spots = [i for i, w in enumerate(words) if i and w.lstrip("-").isdigit()]
            words[rng.choice(spots)] = rng.choice(NUMBERS)
            fields[at] = " ".join(words)
    elif kind == 1:  # a field dropped
        del fields[at]
    elif kind == 2:  # a field given twice
        fields.insert(rng.randrange(len(fields) + 1), fields[at])
    elif kind == 3:  # a field or flag added, or put in place of its own
        extra = rng.choice(ADDED)
        fields = [f for f in fields if f.split(" ")[0] != extra.split(" ")[0]] + [extra]
    elif kind == 4:  # a phase swapped
        for i, f in enumerate(fields):
            if f.startswith("turn "):
                seat = f.split()[1]
                fields[i] = f"turn {seat} {rng.choice(('draw', 'answer', 'meld', 'over'))}"
    elif kind == 5:  # a card dropped, or moved to another part
        cards = [i for i, f in enumerate(fields) if f.split(" ")[0] in
                 ("hands", "pile", "stock", "melds", "feet", "known")]
        if cards:
            at = rng.choice(cards)
            words = fields[at].split(" ")
            if len(words) > 1:
                card = words.pop(rng.randrange(1, len(words)))
                fields[at] = " ".join(words)
                if rng.random() < 0.5:
                    other = rng.choice(cards)
                    fields[other] += " " + card
    else:  # a seat's part emptied
        parted = [i for i, f in enumerate(fields) if " | " in f]
        if parted:
            at = rng.choice(parted)
            name, _, rest = fields[at].partition(" ")
            parts = rest.split(" | ")
            parts[rng.randrange(len(parts))] = ""
            fields[at] = f"{name} {' | '.join(parts)}"
    return "; ".join(fields)


@st.composite
def position_inputs(draw: st.DrawFn) -> tuple[str, str]:
    """A preset's name and a position text: mutated real positions, mostly; random text."""
    pool = real_positions()
    if draw(st.integers(0, 9)) == 0:
        junk = draw(st.text(st.sampled_from("canstiopr0123456789-;| KQJAHSDC2B3R"),
                            max_size=60))
        return draw(st.sampled_from(PRESETS)), junk
    name, text = draw(st.sampled_from(pool))
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(0, 3))):
        text = _mutate(text, rng)
    return name, text


def run(value: tuple[str, str]) -> None:
    """Read the position; an accepted one plays on: never stuck, never another exception, and
    its written position reads back to the same state."""
    name, text = value
    rules = load(name)
    game = Game.from_position(rules, text)
    again = Game.from_position(rules, game.position())
    assert again.state == game.state, text
    rng = random.Random(text)
    for _ in range(PLAYS):
        if game.is_terminal():
            return
        legal = game.legal_actions()
        assert legal, f"stuck: a game not over with no legal action, from {text!r}"
        game.apply(rng.choice(legal))
    assert game.is_terminal() or game.legal_actions(), f"stuck after play, from {text!r}"


TARGETS = [Target("position", position_inputs(), run, (PositionError,))]
