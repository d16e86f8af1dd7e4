"""A spectator's facts (``presentation.spectator_facts`` of the server's ``public_view``) are
a seat's facts built the same way, from a chair at no seat: every ``TableFacts`` field (the
page draws both with the same code), every seat in the third person, nothing a seat alone has."""

from __future__ import annotations

import json
import random
import re

from canasta import Game
from canasta.presentation import NOBODY, plain, spectator_facts, table_facts
from canasta.server.gallery import public_view

NAMES = ["A", "B", "C", "D"]


def test_a_spectators_facts_hold_nothing_of_a_seats_own() -> None:
    game = Game("classic", 3)
    while not game.results:
        game.apply(game.legal_actions()[0])
    facts = spectator_facts(public_view(game), NAMES, ["a line"])
    assert (facts.seat, facts.side, facts.name, facts.partners) == (NOBODY, NOBODY, "", ())
    assert (facts.hand, facts.hand_text, facts.opening, facts.actions, facts.dead_ranks,
            facts.hint) == ((), "", None, (), (), None)
    assert not facts.turn.mine and facts.turn.words == f"{NAMES[game.current_player]} to play"
    assert {seat.relation for seat in facts.seats} == {"player"}
    assert [line.deal for line in facts.deals] == [1] and facts.log == ("a line",)
    words = json.dumps(plain(facts))  # nothing says "you" to a spectator
    assert not re.search(r"\byou", words, re.IGNORECASE), words


def test_a_spectator_sees_the_sides_keep_their_places_and_whose_pile_is_frozen() -> None:
    """The first side is the spectator's near side on every move (the melds do not swap
    places as the turn goes round), and a pile frozen until a side's initial meld names that
    side."""
    game, rng = Game("classic", 5), random.Random(5)
    named = 0
    for _ in range(300):
        if game.is_terminal():
            break
        facts = spectator_facts(public_view(game), NAMES)
        assert [side.mine for side in facts.sides] == [True, False]
        if "initial meld" in facts.pile.frozen_reason:
            side = game.side_of(game.current_player)
            assert facts.pile.frozen_reason == (
                f"frozen for {facts.sides[side].name} until their initial meld")
            named += 1
        game.apply(rng.choice(game.legal_actions()))
    assert named > 0


def test_a_spectator_sees_the_known_cards_of_every_seat_the_one_to_act_too() -> None:
    """The cards a seat took with the pile are known to all (docs/rules.md): a spectator is
    shown them for every seat, the seat to act included (the public view is placed at that
    seat, and its known cards were once left out as if they were the spectator's own hand);
    a seat is shown the others' known cards, never a list of its own."""
    game, rng = Game("classic", 2), random.Random(2)
    shown = 0
    for _ in range(2000):
        if game.is_terminal():
            break
        view, to_act = public_view(game), game.current_player
        facts = spectator_facts(view, NAMES)
        for seat in facts.seats:
            assert [card.code for card in seat.known] == [
                k for k, n in enumerate(view.known[seat.seat]) for _ in range(n)]
        shown += bool(facts.seats[to_act].known)
        own = table_facts(game.view(to_act), NAMES)
        assert own.seats[to_act].known == ()
        game.apply(rng.choice(game.legal_actions()))
    assert shown > 0


def test_a_spectator_names_the_winner_as_the_seats_do() -> None:
    """Cutthroat scores every seat apart: the winner is a seat, named as every other seat's
    facts name it (the gallery's own dict once said "" or a partnership of the last deal)."""
    game, rng = Game("cutthroat", 0), random.Random(0)
    while not game.is_terminal():
        game.apply(rng.choice(game.legal_actions()))
    winner = game.state.match.winner
    other = next(seat for seat in range(game.num_players) if seat != winner)
    names = NAMES[:game.num_players]
    assert spectator_facts(public_view(game), names).winner == \
        table_facts(game.view(other), names).winner == names[winner]
