"""Selected cards into the engine's actions: the gesture "lay these cards" (docs/protocol.md,
``lay``).

A person selects cards and lays them, on the table or onto a meld; the engine's actions lay
a new meld three cards at a time and add one card per action (docs/rules.md). This module
only spells the gesture in the engine's action texts — the first three cards as a new meld,
each other card as an addition — and the server's table and the terminal check every step
with the engine, all of them on a copy first, so a refused step changes nothing. No rule is
decided here.
"""

from __future__ import annotations

import random

from canasta.cards import (
    BLACK_THREE,
    JOKER,
    KIND_WORDS,
    SUITED,
    TWO,
    kind_name,
    kind_word,
    parse_code,
    parse_kind,
    rank_of,
    suit_of,
)
from canasta.engine.actions import Action
from canasta.engine.determinize import determinize
from canasta.engine.refusal import Topic
from canasta.engine.view import PlayerView
from canasta.errors import ActionParseError, CanastaError, IllegalAction
from canasta.presentation.facts import LayPreview
from canasta.presentation.log import a

MAX_CARDS = 30  #: the most cards one gesture may name
WILD_MELD = "W"  #: ``onto`` for the side's meld of wild cards alone
SEQUENCE = "seq"  #: ``onto`` for the side's sequence of the cards' suit
ONTO_WORDS = "'onto' must be a meld's rank ('K'), 'W', 'seq' or null"


class NotAMeld(CanastaError):
    """Selected cards that make no meld (of one rank, three at least): the rules' melds
    (``topic``) say what does."""

    topic = Topic.MELDS


def _codes(cards: object) -> list[int]:
    if not isinstance(cards, list) or not 1 <= len(cards) <= MAX_CARDS or not all(
            isinstance(c, str) and len(c) <= 4 for c in cards):
        raise CanastaError(f"'cards' must be a list of 1 to {MAX_CARDS} card texts ('K', "
                           "'5H', 'JK')")
    try:
        return [parse_code(c) for c in cards]
    except CanastaError as exc:
        raise CanastaError(f"not a card: {exc}") from None


def _wild(code: int) -> bool:
    return rank_of(code) in (JOKER, TWO)


def _onto_fits(codes: list[int], onto: str) -> None:
    """``NotAMeld`` for a card that no addition to the meld ``onto`` spells: a natural card
    of another rank, any natural onto the meld of wild cards alone, a card without a suit
    onto a sequence."""
    if onto == SEQUENCE:
        for code in codes:
            if code < SUITED:
                raise NotAMeld(f"{a(kind_word(code))} cannot go onto a sequence (it takes "
                               "cards of its suit in a row)")
        return
    try:
        rank = None if onto == WILD_MELD else rank_of(parse_kind(onto))
    except CanastaError:
        raise CanastaError(ONTO_WORDS) from None
    for code in codes:
        if not _wild(code) and rank_of(code) != rank:
            where, takes = ("a meld of wild cards", "it takes wild cards only") if rank is None \
                else (f"your side's {KIND_WORDS[rank][1]}", "a meld takes its own rank and "
                                                            "wild cards")
            raise NotAMeld(f"{a(kind_word(rank_of(code)))} cannot go onto {where} ({takes})")


def lay_actions(view: PlayerView, cards: object, onto: object) -> list[str]:
    """The action texts that lay ``cards`` (card texts) as a new meld, or add them to the
    side's meld ``onto`` (a rank's text, ``"W"`` or ``"seq"``); ``CanastaError`` for a request
    that names no such laying (``NotAMeld`` for cards that make no meld)."""
    codes = _codes(cards)
    if onto is not None and not isinstance(onto, str):
        raise CanastaError(ONTO_WORDS)
    if onto is not None:
        _onto_fits(codes, onto)
        verb = "extend" if onto == SEQUENCE else f"add {onto}"
        return [f"{verb} {kind_name(c)}" for c in codes]
    naturals = [c for c in codes if not _wild(c)]
    wilds = [c for c in codes if _wild(c)]
    ranks = {rank_of(c) for c in naturals}
    if not naturals:
        if len(wilds) < 3:
            raise NotAMeld("a meld of wild cards alone starts with three of them")
        return [f"meld {' '.join(kind_name(c) for c in wilds[:3])}",
                *(f"add {WILD_MELD} {kind_name(c)}" for c in wilds[3:])]
    if ranks == {BLACK_THREE}:
        return [f"meld {' '.join(['B3'] * len(naturals))}"]
    if len(ranks) == 1:
        rank = ranks.pop()
        have = any(m.rank == rank for m in view.melds[view.side])
        name = kind_name(rank)
        if have:
            return [f"add {name} {kind_name(c)}" for c in naturals + wilds]
        first = (naturals + wilds)[:3]
        if len(first) < 3:
            raise NotAMeld("a new meld is three cards or more")
        rest = naturals[3:] + wilds[max(0, 3 - len(naturals)):]
        return [f"meld {' '.join(kind_name(c) for c in first)}",
                *(f"add {name} {kind_name(c)}" for c in rest)]
    if not wilds and len({suit_of(c) for c in naturals}) == 1 and all(c >= SUITED
                                                                       for c in naturals):
        run = sorted(naturals, key=rank_of)
        return [f"meld {' '.join(kind_name(c) for c in run[:3])}",
                *(f"extend {kind_name(c)}" for c in run[3:])]
    raise NotAMeld("select cards of one rank (with wild cards if you like)"
                   + (", or a run of one suit" if view.rules.melds.sequences else ""))


def preview_lay(view: PlayerView, cards: object, onto: object) -> LayPreview:
    """What laying ``cards`` (``onto``, as ``lay_actions`` takes them) would do now, asked
    before it is done: every step tried on a game that agrees with the view (the engine's
    answer, nothing changed), its words, or the refusal of the first step refused with its
    rule's topic. ``CanastaError`` for a request that names no cards."""
    try:
        texts = lay_actions(view, cards, onto)
    except NotAMeld as exc:
        return LayPreview(False, str(exc), exc.topic)
    game = determinize(view, random.Random(0), one_hand=True)
    actions = []
    for text in texts:  # step by step, as the engine meets them
        try:
            action = Action.parse(text)
        except ActionParseError as exc:  # cards that make no meld the actions can spell
            return LayPreview(False, str(exc), Topic.MELDS)
        try:
            game.apply(action)
        except IllegalAction as exc:
            return LayPreview(False, exc.reason, exc.topic)
        actions.append(action)
    more = len(actions) - 1
    words = actions[0].describe() + (f", then {more} more card{'s' if more > 1 else ''} onto it"
                                     if more else "")
    after = game.view(view.seat)
    if after.initial_done[view.side] or not after.minimums[view.side]:
        return LayPreview(True, words)
    return LayPreview(True, words, opening=after.opening_points,
                      minimum=after.minimums[view.side])


def preview_line(preview: LayPreview) -> str:
    """The preview as the faces say it under the hand: "These cards: meld three 6s · your
    opening: 35 of 50 points", or "These cards cannot be laid: <the reason>"."""
    if not preview.ok:
        return f"These cards cannot be laid: {preview.words}"
    opening = f" · your opening: {preview.opening} of {preview.minimum} points" + (
        ", enough" if preview.opening >= preview.minimum else "") if preview.minimum else ""
    return f"These cards: {preview.words}{opening}"


__all__ = ["MAX_CARDS", "SEQUENCE", "WILD_MELD", "NotAMeld", "lay_actions", "preview_lay",
           "preview_line"]
