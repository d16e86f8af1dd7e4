"""Build exact positions for scenario tests, in the position notation (docs/positions.md)."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

from canasta import Game, RuleSet
from canasta.bots.greedy import GreedyBot
from canasta.cards import NUM_KINDS, parse_kind
from canasta.engine import partners, turn
from canasta.engine.state import HandEnd, Phase
from canasta.engine.tables import tables_for
from canasta.rules import load

DRAW, ANSWER, MELD = Phase.DRAW, Phase.ANSWER, Phase.MELD


def counts(text: str) -> list[int]:
    """Kind counts of a text like ``"K K 2 JK B3"``."""
    out = [0] * NUM_KINDS
    for word in text.split():
        out[parse_kind(word)] += 1
    return out


def kinds(text: str) -> list[int]:
    """Kinds of a text, in order (bottom to top for a pile; top last for a stock)."""
    return [parse_kind(word) for word in text.split()]


def position_text(
    players: int,
    sides: int,
    *,
    hands: Mapping[int, str],
    melds: Mapping[int, Sequence[str]] | None = None,
    pile: str = "",
    stock: str | None = None,
    current: int = 0,
    phase: Phase = DRAW,
    melded: Sequence[bool] | None = None,
    scores: Sequence[int] | None = None,
    red_threes: Mapping[int, int] | None = None,
    drew: bool = False,
    extra: str = "",
) -> str:
    """The position text ``position`` reads (see there); ``extra`` adds fields verbatim."""
    melds = melds or {}
    opened = list(melded) if melded is not None else [bool(melds.get(s)) for s in range(sides)]
    fields = [f"turn {current} {phase.name.lower()}",
              "hands " + " | ".join(hands.get(s, "") for s in range(players)),
              "melds " + " | ".join(", ".join(melds.get(s, ())) for s in range(sides))]
    if any(opened):
        fields.append("opened " + " ".join(str(s) for s in range(sides) if opened[s]))
    if pile:
        fields.append(f"pile {pile}")
    if stock is not None:
        fields.append(f"stock {stock}")
    if scores is not None:
        fields.append("scores " + " ".join(map(str, scores)))
    if red_threes:
        fields.append("red3 " + " ".join(str(red_threes.get(s, 0)) for s in range(players)))
    if drew:
        fields.append("drew")
    if extra:
        fields.append(extra)
    return "; ".join(fields)


def position(
    rules: str | RuleSet = "classic",
    *,
    hands: Mapping[int, str],
    melds: Mapping[int, Sequence[str]] | None = None,
    pile: str = "",
    stock: str | None = None,
    current: int = 0,
    phase: Phase = DRAW,
    melded: Sequence[bool] | None = None,
    scores: Sequence[int] | None = None,
    red_threes: Mapping[int, int] | None = None,
    drew: bool = False,
    extra: str = "",
) -> Game:
    """A game of ``rules`` at the given position, through ``Game.from_position``.

    ``hands`` gives each listed seat's cards (other seats get none; with suits, ``"KH 5S"``,
    where the rules tell suits apart); ``melds`` gives each side's melds as texts (``"K K K
    2"``, a run ``"4H 5H 6H"``); ``pile`` lists the pile bottom to top; ``stock`` lists the
    stock with its top card last — by default it holds every card not placed elsewhere.
    ``melded`` says which sides have made their initial meld (by default, those with melds).
    ``phase=MELD`` with ``drew=True`` puts the player after a draw from the stock; a position
    in the draw phase begins the turn as play would (with the stock gone, the hand may end).
    """
    ruleset = load(rules) if isinstance(rules, str) else rules
    t = tables_for(ruleset)
    text = position_text(t.players, t.sides, hands=hands, melds=melds, pile=pile, stock=stock,
                         current=current, phase=phase, melded=melded, scores=scores,
                         red_threes=red_threes, drew=drew, extra=extra)
    game = Game.from_position(ruleset, text, partial=True)
    if phase == DRAW:
        turn.begin_turn(game.state, game.t, current)
    return game


def legal_texts(game: Game) -> list[str]:
    """The legal actions as texts, for readable assertions."""
    return [str(a) for a in game.legal_actions()]


def suited_position(
    rules: str | RuleSet = "samba",
    *,
    hands: Mapping[int, str],
    melds: Mapping[int, Sequence[str]] | None = None,
    sequences: Mapping[int, Sequence[str]] | None = None,
    pile: str = "",
    phase: Phase = DRAW,
    drew: bool = False,
    melded: Sequence[bool] | None = None,
    scores: Sequence[int] | None = None,
) -> Game:
    """``position`` for rules that tell suits apart: natural cards are written with their suit
    (``"KH 5S"``), the stock holds every card not placed (top card last, in code order), and
    ``sequences`` gives each side's open sequences or sambas (``"4H 5H 6H"``)."""
    both = {side: [*(melds or {}).get(side, ()), *(sequences or {}).get(side, ())]
            for side in range(2)}
    opened = list(melded) if melded is not None else [bool(both[s]) for s in range(2)]
    return position(rules, hands=hands, melds=both, pile=pile, phase=phase, drew=drew,
                    melded=opened, scores=scores)


def end_hand(game: Game) -> None:
    """End the hand now as if the stock had run out (the scores of the table as it stands),
    then the game goes on or ends as after any hand."""
    turn.end_hand(game.state, game.t, -1, HandEnd.STOCK_EXHAUSTED)
    game._legal = None


def cutthroat_pair() -> Game:
    """A cutthroat deal (greedy at every seat) once another seat has taken the pile: the
    first seat plays with a partner, on its side, and the partner's own side is left empty
    for the deal; the first seat to draw. The first deal (seeds from 1) where it comes so."""
    bot = GreedyBot()
    for seed in itertools.count(1):
        game = Game("cutthroat", seed)
        while not game.results:
            view = game.view(game.current_player)
            if view.seat == 0 and view.phase == "draw" and partners.formed(view.seat_sides):
                if view.seat_sides.count(view.side) > 1:
                    return game
                break  # seat 0 plays this deal alone
            game.apply(bot.act(view))
    raise AssertionError("unreachable")
