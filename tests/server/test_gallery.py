"""A spectator's facts (``server.gallery``) have every field of ``TableFacts``: the page draws
both with the same code (the game-over score sheet read ``deals``, which a spectator lacked)."""

from __future__ import annotations

from dataclasses import fields

from canasta import Game
from canasta.presentation import TableFacts
from canasta.server.gallery import gallery_facts, public_view


def test_a_spectators_facts_have_every_field_a_seats_have() -> None:
    game = Game("classic", 3)
    while not game.results:
        game.apply(game.legal_actions()[0])
    facts = gallery_facts(public_view(game), ["A", "B", "C", "D"], [])
    assert set(facts) == {f.name for f in fields(TableFacts)}
    assert [line["deal"] for line in facts["deals"]] == [1]
