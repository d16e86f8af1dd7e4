"""Build exact positions for scenario tests, keeping every card of the pack accounted for."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from canasta import Game, RuleSet
from canasta.cards import (
    JOKER,
    NUM_CODES,
    NUM_KINDS,
    RED_THREE,
    SUITED,
    TWO,
    kind_name,
    parse_code,
    parse_kind,
    rank_of,
    suit_of,
)
from canasta.engine.game import DRAW, MELD


def counts(text: str) -> list[int]:
    """Kind counts of a text like ``"K K 2 JK B3"``."""
    out = [0] * NUM_KINDS
    for word in text.split():
        out[parse_kind(word)] += 1
    return out


def kinds(text: str) -> list[int]:
    """Kinds of a text, in order (bottom to top for a pile; top last for a stock)."""
    return [parse_kind(word) for word in text.split()]


def position(
    rules: str | RuleSet = "classic",
    *,
    hands: Mapping[int, str],
    melds: Mapping[int, Sequence[str]] | None = None,
    pile: str = "",
    stock: str | None = None,
    current: int = 0,
    phase: int = DRAW,
    melded: Sequence[bool] | None = None,
    scores: Sequence[int] | None = None,
    red_threes: Mapping[int, int] | None = None,
    drew: bool = False,
) -> Game:
    """A game of ``rules`` set to the given position.

    ``hands`` gives each listed seat's cards (other seats get none); ``melds`` gives each
    side's melds as texts ("K K K 2"); ``pile`` lists the pile bottom to top; ``stock`` lists
    the stock with its top card last — by default it holds every card not placed elsewhere
    (so the pack is always complete). ``melded`` says which sides have made their initial
    meld (by default, those with melds). ``phase=MELD`` with ``drew=True`` puts the player
    after a draw from the stock.
    """
    game = Game(rules, seed=0)
    t = game.t
    players, sides = t.players, t.sides
    used = [0] * NUM_KINDS
    game.hands = [[0] * NUM_KINDS for _ in range(players)]
    for seat, text in hands.items():
        game.hands[seat] = counts(text)
    game.hsize = [sum(h) for h in game.hands]
    for hand in game.hands:
        for k in range(NUM_KINDS):
            used[k] += hand[k]
    game.mnat = [[0] * NUM_KINDS for _ in range(sides)]
    game.mtwo = [[0] * NUM_KINDS for _ in range(sides)]
    game.mjok = [[0] * NUM_KINDS for _ in range(sides)]
    game.ncan = [0] * sides
    for side, texts in (melds or {}).items():
        for text in texts:
            cards = counts(text)
            rank = next((k for k in range(NUM_KINDS) if cards[k] and k not in (TWO, JOKER)),
                        JOKER)  # wild cards alone: the meld of wild cards
            game.mnat[side][rank] += cards[rank] if rank != JOKER else 0
            game.mtwo[side][rank] += cards[TWO]
            game.mjok[side][rank] += cards[JOKER]
            if sum(cards) >= game.rules.melds.canasta_size:
                game.ncan[side] += 1
            for k in range(NUM_KINDS):
                used[k] += cards[k]
    game.red3 = [0] * players
    for seat, n in (red_threes or {}).items():
        game.red3[seat] = n
        used[RED_THREE] += n
    game.pile = kinds(pile)
    for k in game.pile:
        used[k] += 1
    game.freezers = sum(t.freezes[k] for k in game.pile)
    if stock is None:
        rest = [k for k in range(NUM_KINDS) for _ in range(t.pack[k] - used[k])]
        game.stock = rest
    else:
        game.stock = kinds(stock)
        for k in game.stock:
            used[k] += 1
    for k in range(NUM_KINDS):
        if stock is None:
            used[k] = t.pack[k]
        if used[k] > t.pack[k]:
            raise ValueError(f"the position uses more {k} than the pack holds")
    game.initial_done = list(melded) if melded is not None else [
        bool(sum(game.mnat[s])) for s in range(sides)]
    game.scores = list(scores) if scores is not None else [0] * sides
    game.minimum = [game.rules.minimum_for(s) for s in game.scores]
    game.laid_before = [False] * players
    game.yes_failures = [0] * sides
    game.blocked = -1
    game.turns = 0
    if phase == MELD:
        game._reset_turn(current)
        game.phase = MELD
        game.drew = drew
    else:
        game._begin_turn(current)
    game._legal = None
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
    phase: int = DRAW,
    drew: bool = False,
    melded: Sequence[bool] | None = None,
    scores: Sequence[int] | None = None,
) -> Game:
    """``position`` for rules that tell suits apart: natural cards are written with their suit
    (``"KH 5S"``), the stock holds every card not placed (top card last, in code order), and
    ``sequences`` gives each side's open sequences or sambas (``"4H 5H 6H"``)."""
    rank_text = {s: " ".join(kind_name(rank_of(parse_code(w))) for w in text.split())
                 for s, text in hands.items()}
    runs = {side: [[parse_code(w) for w in text.split()] for text in texts]
            for side, texts in (sequences or {}).items()}
    game = position(rules, hands=rank_text, melds=melds, phase=MELD, drew=drew,
                    melded=melded if melded is not None else [
                        bool((melds or {}).get(s)) or bool(runs.get(s)) for s in range(2)],
                    scores=scores, stock="")
    left = list(game.t.codes)
    game.cards = [[0] * NUM_CODES for _ in range(game.t.players)]
    for seat, text in hands.items():
        for word in text.split():
            code = parse_code(word)
            game.cards[seat][code] += 1
            left[code] -= 1
    for texts in (melds or {}).values():
        for text in texts:
            for word in text.split():
                rank = parse_kind(word)
                code = next(c for c in range(SUITED, NUM_CODES)
                            if rank_of(c) == rank and left[c]) if rank >= 4 else rank
                left[code] -= 1
    cs = game.rules.melds.canasta_size
    for side, seqs in runs.items():
        for run in seqs:
            for code in run:
                left[code] -= 1
            low, suit = min(rank_of(c) for c in run), suit_of(run[0])
            if len(run) >= cs:
                game.sambas[side].append((suit, low))
                game.ncan[side] += 1
            else:
                game.seqs[side][suit] = (low, low + len(run) - 1)
    game.pile = [parse_code(w) for w in pile.split()]
    for code in game.pile:
        left[code] -= 1
    left[RED_THREE] -= sum(game.red3)
    assert min(left) >= 0, "the position uses more cards than the pack holds"
    game.stock = [c for c in range(NUM_CODES) for _ in range(left[c])]
    game.freezers = sum(game.t.freezes[c] for c in game.pile)
    if phase == DRAW:
        game._begin_turn(game.current)
    game._legal = None
    return game
