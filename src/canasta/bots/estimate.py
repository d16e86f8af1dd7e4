"""What a hand is worth so far, seen from one view: the table, the red 3s, the cards in hand.

Used by the greedy bot to decide when to go out and how to answer "may I go out?". Cards in
other hands are costed from what is known of them plus the mean cost of an unseen card.
"""

from __future__ import annotations

from canasta.bots import kinds
from canasta.bots.knowledge import Knowledge
from canasta.engine.scoring import side_score
from canasta.engine.view import PlayerView


def table_value(view: PlayerView, side: int) -> int:
    """What the side's table is worth if the hand ended now, by the engine's scoring: its
    melded cards, canastas of every kind, red 3s, and the rest, but no card in hand."""
    return side_score(view.state, view.t, side, hands=False).total


def hand_value(know: Knowledge, seat: int) -> float:
    """What ``seat``'s cards would cost if the hand ended now (exact for the own seat)."""
    view = know.view
    cost = kinds.hand_cost(view.rules)
    if seat == view.seat:
        return float(sum(n * cost[k] for k, n in enumerate(view.hand)))
    known = sum(n * cost[k] for k, n in enumerate(view.known[seat]))
    return known + know.hidden_size(seat) * know.mean_hidden_cost()


def side_value(know: Knowledge, side: int) -> float:
    """The side's score for the hand if it ended now, without a going-out bonus."""
    view = know.view
    hands = sum(hand_value(know, s) for s in range(view.players) if view.side_of(s) == side)
    return table_value(view, side) - hands


def going_out_verdict(know: Knowledge, hold_margin: int, low_stock: int) -> tuple[bool, str]:
    """Whether the side should go out now, and why: go out when it wins the game, when ahead,
    or when the table is no better than the opponents'; hold when behind in the game with a
    clearly better table and enough stock left to build on it."""
    view = know.view
    side = view.side
    rules = view.rules
    ours = side_value(know, side) + rules.going_out.bonus
    # Each seat's game total is in its score column, its side as dealt (``Tables.seat_sides``):
    # the side's own but for cutthroat, where each seat keeps its own total and a partner
    # scores the partnership's hand.
    column = view.t.seat_sides
    rivals = [n for n in range(view.players) if view.side_of(n) != side]
    hand = {s: side_value(know, s) for s in {view.side_of(n) for n in rivals}}
    theirs = max(hand.values())
    mine = view.scores[column[view.seat]]
    best_other_total = max(view.scores[column[n]] + hand[view.side_of(n)] for n in rivals)
    if mine + ours >= rules.game.target and mine + ours > best_other_total:
        return True, "going out wins the game"
    behind = mine < max(view.scores[column[n]] for n in rivals)
    if behind and ours - theirs >= hold_margin and view.stock_size > low_stock:
        return False, (f"behind in the game and {ours - theirs:.0f} ahead on this hand: "
                       "keep building")
    if not behind:
        return True, "ahead in the game: end the hand"
    return True, f"this hand is worth {ours - theirs:+.0f} to us now"
