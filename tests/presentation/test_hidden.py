"""Hidden information is the boundary: the facts built for a seat — the table, the hint and
the move log — never name a card the seat cannot know (another seat's hand, the stock)."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from canasta import Action, Game
from canasta.bots import make_bot
from canasta.bots.kinds import cards_used
from canasta.cards import KIND_WORDS, NUM_CODES, kind_name, rank_of
from canasta.engine.view import PlayerView
from canasta.presentation import describe_move, table_facts
from canasta.presentation.text import render
from tests.helpers import position


def visible_kinds(view: PlayerView) -> set[int]:
    """Every kind the seat can see somewhere: its hand, the pile, the melds, the known
    cards, red 3s laid out."""
    seen = {rank_of(c) for c in range(NUM_CODES) if c < len(view.hand) and view.hand[c]}
    seen |= {rank_of(c) for c, n in enumerate(view.cards) if n}
    seen |= {rank_of(c) for c in view.pile}
    for melds in view.melds:
        for meld in melds:
            seen |= {meld.rank} | ({1} if meld.twos else set()) | ({0} if meld.jokers else set())
    for runs in view.sequences:
        seen |= {r for _, low, high in runs for r in range(low, high + 1)}
    seen |= {k for known in view.known for k, n in enumerate(known) if n}
    if any(view.red_threes):
        seen.add(2)
    return seen


def hidden_kinds(game: Game, seat: int) -> set[int]:
    """Kinds that lie only where ``seat`` cannot look: other hands (beyond what is known of
    them) and the stock, and nowhere the seat can see."""
    s = game.state
    hidden: Counter[int] = Counter(rank_of(c) for c in s.table.stock)
    for n, player in enumerate(s.seats):
        if n != seat:
            hidden.update({k: c - player.known[k] for k, c in enumerate(player.hand)
                           if c > player.known[k]})
    return set(hidden) - visible_kinds(game.view(seat))


def strings_and_cards(data: Any, texts: list[str], cards: list[str]) -> None:
    """Every string of the facts, and the text of every card fact among them."""
    if isinstance(data, dict):
        if {"code", "text", "colour"} <= data.keys():
            cards.append(data["text"])
        for value in data.values():
            strings_and_cards(value, texts, cards)
    elif isinstance(data, list):
        for item in data:
            strings_and_cards(item, texts, cards)
    elif isinstance(data, str):
        texts.append(data.lower())


def leaks(facts: Any, kinds: set[int]) -> list[str]:
    """The names of ``kinds`` found in the facts: as card facts, or in words (kinds whose
    words are not bare numbers, which sentences use for counts)."""
    texts: list[str] = []
    cards: list[str] = []
    strings_and_cards(facts, texts, cards)
    found = [c for c in cards if rank_of_text(c) in kinds]
    for kind in kinds:
        for word in KIND_WORDS[kind]:
            if not word[0].isdigit():
                pattern = re.compile(rf"\b{word}\b")
                found += [word for text in texts if pattern.search(text)]
    return found


def rank_of_text(text: str) -> int:
    names = {kind_name(k): k for k in range(15)}
    return names[text] if text in names else names[text[:-1]]


def told_nothing_hidden(game: Game, choose: Callable[[Game], Action], steps: int) -> int:
    """Play ``game``'s first deal on (``choose`` picks each action, at most ``steps``), and
    after each action assert that no seat's lines of it, nor its table (with the hint for the
    seat to act, as JSON and as text), name a card it cannot know; the positions checked with
    cards hidden from the seat."""
    players = game.num_players
    names = ("Ann", "Bob", "Bea", "Cy", "Dee", "Eve")[:players]
    checked = 0
    for _ in range(steps):
        if game.is_terminal() or game.deal_number > 1:
            break
        before = [game.view(s) for s in range(players)]
        hidden_before = [hidden_kinds(game, s) for s in range(players)]
        action = choose(game)
        game.apply(action)
        ended = game.deal_number > 1 or game.is_terminal()
        for seat in range(players):
            lines = describe_move(before[seat], action, game.view(seat), names)
            kinds = hidden_kinds(game, seat)
            # a card hidden before and after the action is never named in its lines; when
            # the action ends the deal, "after" is the next deal: the cards it laid are public
            still = hidden_before[seat] - set(cards_used(action, before[seat].pile_top)) \
                if ended else kinds & hidden_before[seat]
            assert not leaks(list(lines), still), (seat, lines)
            if kinds and not ended:
                facts = table_facts(game.view(seat), names,
                                    with_hint=seat == game.current_player)
                render(facts)
                data = json.loads(json.dumps(facts.to_dict()))
                data.pop("rules")  # the rules' title ("Joker Canasta") names no card dealt
                assert not leaks(data, kinds), (seat, kinds)
                checked += 1
    return checked


@pytest.mark.parametrize(("rules", "seed"), [("classic", 11), ("samba", 12)])
def test_no_seat_is_told_a_card_it_cannot_know(rules: str, seed: int) -> None:
    game = Game(rules, seed)
    bots = [make_bot("greedy", seed + s) for s in range(game.num_players)]
    checked = told_nothing_hidden(
        game, lambda g: bots[g.current_player].act(g.view(g.current_player)), 10**6)
    assert checked > 100  # the check ran on many positions with cards hidden from the seat


def test_a_stock_of_jokers_and_an_opponents_aces_stay_unnamed() -> None:
    game = position(hands={0: "5 6 7 8", 1: "A A A K", 3: "A Q Q"}, melds={1: ["K K K"]},
                    pile="4", current=1, stock="JK JK JK JK")
    before = game.view(0)
    game.apply("draw")
    log = describe_move(before, Action.parse("draw"), game.view(0), ("Ann", "Bob", "Bea", "Cy"))
    assert log == ("Bob drew from the stock.",)
    facts = table_facts(game.view(0), log=log).to_dict()
    assert hidden_kinds(game, 0) >= {0, 14}
    assert not leaks(facts, {0, 14})
    assert leaks(table_facts(game.view(1)).to_dict(), {0, 14})  # Bob's own view names them
