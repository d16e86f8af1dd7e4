"""What a hand is worth so far, seen from one view: the table, the red 3s, the cards in hand.

Used by the greedy bot to decide when to go out and how to answer "may I go out?". Cards in
other hands are costed from what is known of them plus the mean cost of an unseen card.
"""

from __future__ import annotations

from canasta.bots import kinds
from canasta.bots.knowledge import Knowledge
from canasta.engine.view import PlayerView


def table_value(view: PlayerView, side: int) -> int:
    """Card points the side has melded, its canasta bonuses, and its red 3s (counted against
    it while it has not melded, when the rules say so)."""
    rules = view.rules
    pts = kinds.points(rules)
    wild_two, wild_joker = kinds.WILDS
    total = 0
    for meld in view.melds[side]:
        total += meld.naturals * pts[meld.rank] + meld.twos * pts[wild_two] \
            + meld.jokers * pts[wild_joker]
        if meld.size >= rules.melds.canasta_size:
            total += rules.canastas.mixed_bonus if meld.wilds else rules.canastas.natural_bonus
    red = sum(n for seat, n in enumerate(view.red_threes) if seat % view.sides == side)
    red_points = red * rules.red_threes.points
    if not view.initial_done[side] and rules.red_threes.negative_without_initial_meld:
        red_points = -red_points
    return total + red_points


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
    hands = sum(hand_value(know, s) for s in range(view.players) if s % view.sides == side)
    return table_value(view, side) - hands


def going_out_verdict(know: Knowledge, hold_margin: int, low_stock: int) -> tuple[bool, str]:
    """Whether the side should go out now, and why: go out when it wins the game, when ahead,
    or when the table is no better than the opponents'; hold when behind in the game with a
    clearly better table and enough stock left to build on it."""
    view = know.view
    side = view.side
    rules = view.rules
    ours = side_value(know, side) + rules.going_out.bonus
    others = [s for s in range(view.sides) if s != side]
    theirs = max(side_value(know, s) for s in others)
    mine_total = view.scores[side] + ours
    best_other_total = max(view.scores[s] + side_value(know, s) for s in others)
    if mine_total >= rules.game.target and mine_total > best_other_total:
        return True, "going out wins the game"
    behind = view.scores[side] < max(view.scores[s] for s in others)
    if behind and ours - theirs >= hold_margin and view.stock_size > low_stock:
        return False, (f"behind in the game and {ours - theirs:.0f} ahead on this hand: "
                       "keep building")
    if not behind:
        return True, "ahead in the game: end the hand"
    return True, f"this hand is worth {ours - theirs:+.0f} to us now"
