"""The discard pile (docs/rules.md: seed 000 "Taking the discard pile", "Black threes"; rulings
3-5)."""

from __future__ import annotations

import pytest

from canasta import IllegalAction
from canasta.cards import BLACK_THREE
from tests.helpers import MELD, counts, legal_texts, position

MELDED = {0: ["Q Q Q"], 1: ["J J J"]}


def takes(game_texts: list[str]) -> list[str]:
    return [t for t in game_texts if t.startswith("take")]


def test_an_unfrozen_pile_opens_three_ways() -> None:
    """Two naturals; one natural and a wild (2 or joker); or the top card onto a meld."""
    game = position(hands={0: "8 8 2 JK 5"}, melds=MELDED, pile="4 6 8")
    assert takes(legal_texts(game)) == ["take pair", "take 2", "take JK"]
    onto = position(hands={0: "5 6"}, melds={0: ["8 8 8"], 1: ["J J J"]}, pile="4 6 8")
    assert takes(legal_texts(onto)) == ["take meld"]


def test_the_whole_pile_is_taken_and_the_top_card_melded_at_once() -> None:
    game = position(hands={0: "8 8 5"}, melds=MELDED, pile="4 6 K 8")
    game.apply("take pair")
    assert game.state.table.pile == []
    assert game.state.seats[0].hand == counts("5 4 6 K")
    assert any(m.rank == 8 and m.naturals == 3 for m in game.melds(0))
    assert game.phase == MELD


def test_a_wild_card_in_the_pile_freezes_it() -> None:
    """docs/rules.md, seed 000: frozen once a wild card or red three lies in it; then only a natural
    pair."""
    game = position(hands={0: "8 2 5"}, melds={0: ["8 8 8"], 1: ["J J J"]}, pile="4 2 6 8")
    assert takes(legal_texts(game)) == []
    with pytest.raises(IllegalAction, match="the pile is frozen .*two natural 8s"):
        game.apply("take meld")
    pair = position(hands={0: "8 8 5"}, melds=MELDED, pile="4 JK 6 8")
    assert takes(legal_texts(pair)) == ["take pair"]


def test_a_frozen_pile_stays_frozen_until_somebody_takes_it() -> None:
    """docs/rules.md, seed 000: a frozen pile stays frozen until somebody takes it."""
    game = position(hands={0: "9 5 6", 1: "8 8 4"}, melds=MELDED, pile="4 2 6 8", stock="7 K")
    game.apply("draw")
    game.apply("discard 9")
    assert game.pile_frozen_for(1)
    game.apply("draw")
    game.apply("discard 7")
    taker = position(hands={0: "8 8 5 6"}, melds=MELDED, pile="4 2 6 8")
    taker.apply("take pair")
    taker.apply("discard 6")
    assert not taker.pile_frozen_for(1)


def test_the_pile_is_frozen_against_a_side_without_its_initial_meld() -> None:
    """docs/rules.md, seed 000: frozen against any side that has not yet made its initial meld."""
    game = position(hands={0: "8 2 5"}, melds={1: ["J J J"]}, pile="4 6 8")
    assert game.pile_frozen_for(0) and not game.pile_frozen_for(1)
    with pytest.raises(IllegalAction, match="not made its initial meld.*two natural 8s"):
        game.apply("take 2")


def test_a_black_three_blocks_only_the_next_player() -> None:
    """docs/rules.md, seed 000: a black three on the pile puts it out of reach of the player who
    follows; the block lifts after that one turn and does not freeze the pile."""
    game = position(hands={0: "B3 5 6", 1: "9 9 8 4", 2: "8 8 4"},
                     melds={0: ["Q Q Q"], 1: ["J J J"]}, pile="4 9", current=0, phase=MELD)
    game.apply("discard B3")
    assert game.current_player == 1 and game.state.table.pile[-1] == BLACK_THREE
    assert takes(legal_texts(game)) == []
    with pytest.raises(IllegalAction, match="black 3 on top of the pile blocks you"):
        game.apply("take pair")
    game.apply("draw")
    game.apply("discard 8")
    assert game.current_player == 2 and game.state.table.freezers == 0
    assert takes(legal_texts(game)) == ["take pair"]


def test_a_completed_canasta_still_opens_the_pile_in_classic() -> None:
    """docs/rules.md, ruling 4: the top card may go onto any meld of the side, a canasta
    included."""
    game = position(hands={0: "5 6"}, melds={0: ["8 8 8 8 8 8 8"], 1: ["J J J"]}, pile="4 8")
    assert takes(legal_texts(game)) == ["take meld"]


def test_a_wild_or_three_on_top_cannot_be_taken() -> None:
    game = position(hands={0: "8 8 2"}, melds=MELDED, pile="8 8 JK")
    assert takes(legal_texts(game)) == []
    with pytest.raises(IllegalAction, match="top card is a joker"):
        game.apply("take pair")
