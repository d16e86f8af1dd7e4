"""The table as plain text, drawn from ``TableFacts`` alone (``canasta play --plain``, logs,
screen readers; docs/presentation.md, "Plain text").

``ascii=True`` keeps every line to ASCII (no suit glyphs, no dashes or dots), for terminals
whose encoding cannot print them; otherwise suits print as glyphs.
"""

from __future__ import annotations

from canasta.presentation.facts import CardFact, DealBreakdown, MeldFact, TableFacts
from canasta.presentation.names import heading

SUIT_GLYPHS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def card_text(card: CardFact, ascii: bool = False) -> str:
    """``"K"``, ``"K♥"`` (``"KH"`` in ASCII), ``"JK"``."""
    return card.text if ascii or not card.suit else card.rank + SUIT_GLYPHS[card.suit]


def cards_text(cards: tuple[CardFact, ...], ascii: bool = False) -> str:
    return " ".join(card_text(c, ascii) for c in cards)


def meld_line(meld: MeldFact, ascii: bool = False) -> str:
    """``"K K K K 2 (5) mixed canasta, 380"``; a meld short of a canasta that costs a penalty
    if left so, ``"7 7 7 (3), 15 (-2500 if still short when the hand ends)"``."""
    status = f" {meld.canasta} canasta" if meld.canasta and meld.canasta != "samba" else \
        " samba" if meld.canasta else ""
    short = f" ({meld.penalty} if still short when the hand ends)" if meld.penalty else ""
    return f"{cards_text(meld.cards, ascii)} ({meld.count}){status}, {meld.points - meld.penalty}" \
        + short


def render(facts: TableFacts, ascii: bool = False) -> str:
    """The table in plain text, one fact a line."""
    dot = " - " if ascii else " · "
    lines = [f"Deal {facts.deal} of {facts.rules}{dot}you are {facts.name}"
             + (f", partner {' and '.join(facts.partners)}" if facts.partners else "")
             + f"{dot}stock {facts.stock}",
             "Scores: " + "; ".join(f"{line.name} {line.score}" for line in facts.scoreboard)]
    pile = facts.pile
    top = card_text(pile.top, ascii) if pile.top else "empty"
    state = "".join(f"{dot}{why}" for why in (pile.frozen_reason, pile.blocked_reason) if why)
    lines.append(f"Pile: {pile.size} cards, top {top}{state}")
    if facts.bonus_piles:
        lines.append("Bonus piles face down: " + ", ".join(f"{n} cards" for n in facts.bonus_piles))
    for side in facts.seated_sides:
        melds = " | ".join(meld_line(m, ascii) for m in side.melds) or "no melds"
        need = f"{dot}needs {side.minimum} to open" if not side.opened else ""
        red = f"{dot}red 3s {side.red_threes}" if side.red_threes else ""
        red += f"{dot}black 3s {side.black_threes}" if side.black_threes else ""
        lines.append(f"{heading(side.name)}: {melds}{need}{red}")
    lines.append("Cards in hand: " + ", ".join(f"{s.name} {s.hand_size}" for s in facts.seats)
                 + "".join(f"; {s.name} is known to hold {cards_text(s.known, ascii)}"
                           for s in facts.seats if s.known))
    opening = facts.opening
    if opening is not None and (opening.so_far or opening.pile_waiting):
        lines.append(f"Opening so far: {opening.so_far} of {opening.minimum} points"
                     + (f", {opening.pile_waiting} pile cards waiting"
                        if opening.pile_waiting else ""))
    if facts.permission:
        lines.append(f"Your partner answered: {facts.permission}")
    if facts.dead_ranks:
        lines.append("Dead ranks (no canasta possible for your side): "
                     + " ".join(facts.dead_ranks))
    new = [card for group in facts.hand for card in group.cards if card.new]
    lines.append("Your hand: " + ("  ".join(cards_text(g.cards, ascii) for g in facts.hand)
                                  or "(empty)")
                 + (f" (new this turn: {cards_text(tuple(new), ascii)})" if new else ""))
    if pile.take_refusal and facts.turn.mine:
        lines.append(f"The pile: {pile.take_refusal}")
    lines.append(facts.turn.words)
    return "\n".join(lines)


def result_text(breakdown: DealBreakdown, ascii: bool = False) -> str:
    """A deal's end: each side's melds as it ended (where known) and its score item by
    item, and the game totals."""
    lines = [f"Deal {breakdown.deal} ended: {breakdown.ended_by}"
             + (f" ({breakdown.went_out} went out)" if breakdown.went_out else "")]
    for side in breakdown.sides:
        lines.append(f"  {side.name}: {side.total:+d}")
        lines += [f"    meld {meld_line(meld, ascii)}" for meld in side.melds]
        lines += [f"    {item.label:<32} {item.points:+6d}" for item in side.items] or \
            ["    nothing"]
    lines.append("  game totals: " + "; ".join(f"{s.name} {s.game_total}"
                                               for s in breakdown.sides))
    return "\n".join(lines)
