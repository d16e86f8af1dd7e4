"""The ``british`` preset (docs/rules.md, Presets: british): seed 001 "British Canasta" (described
in docs/rules.md, Sources) — the original rules plus 'Acaba'.

"A player may say this at any point during their turn and will immediately forfeit the round
awarding the opposing player or team 1,500 points and receiving 0 points ... When playing in
teams a player may ask their teammate for permission to say acaba just as they may ask before
going out and they will also be bound by the response in the same way." (docs/rules.md,
REFERENCE §12: no published page describes it; the seed is the only source.)"""

from __future__ import annotations

from typing import Any

from canasta import Game
from canasta.rules import diff, load
from tests.helpers import ANSWER, DRAW, MELD, legal_texts, position
from tests.preset_helpers import refused

BRITISH = load("british")
MELDS = {0: ["Q Q Q Q Q Q Q", "9 9 9"], 1: ["J J J"]}


def british(**kwargs: Any) -> Game:
    return position(BRITISH, **kwargs)


def test_british_is_classic_plus_acaba() -> None:
    """docs/rules.md, seed 001: "Similar to the original rules but with the important addition of
    'Acaba'"."""
    assert [key for key, _, _ in diff(load("classic"), BRITISH)] == ["going_out.acaba"]
    assert BRITISH.going_out.acaba_points == 1500


def test_acaba_concedes_the_hand_1500_to_the_others_0_to_the_side() -> None:
    """Said before anything else of the turn: the other side scores 1,500, the conceding side 0
    — its melds, its canasta and its red 3s count for nothing. The next deal begins."""
    game = british(hands={0: "K 9 4 5", 1: "A A"}, melds=MELDS, red_threes={0: 2})
    assert "acaba" in legal_texts(game)
    game.apply("acaba")
    result = game.results[-1]
    assert result.ended_by == "conceded (acaba)" and result.went_out == -1
    assert [side.total for side in result.sides] == [0, 1500]
    assert result.sides[0].items() == []
    assert result.sides[1].items() == [("the other side conceded (acaba)", 1500)]
    assert game.scores == [0, 1500] and game.deal_number == 2


def test_acaba_at_any_point_of_the_turn() -> None:
    """"at any point during their turn": after the draw, and in the middle of an opening that is
    still tentative."""
    game = british(hands={0: "K 9 4 5"}, melds=MELDS, phase=MELD, drew=True)
    game.apply("acaba")
    assert game.scores == [0, 1500]
    game = british(hands={0: "K K K A A A 4 5"}, melds={1: ["J J J"]}, phase=MELD, drew=True)
    game.apply("meld K K K")
    assert game.state.turn.opening is not None and "acaba" in legal_texts(game)
    game.apply("acaba")
    assert game.scores == [0, 1500]


def test_asking_the_partner_and_yes_binds() -> None:
    """"a player may ask their teammate for permission to say acaba ... and they will also be
    bound by the response in the same way": after "yes" the player must concede."""
    game = british(hands={0: "K 9 4 5"}, melds=MELDS)
    game.apply("ask acaba")
    assert game.phase == ANSWER and game.current_player == 2
    assert legal_texts(game) == ["yes", "no"]
    refused(game, "draw", "must answer yes or no")
    game.apply("yes")
    assert game.current_player == 0 and game.phase == DRAW
    assert legal_texts(game) == ["acaba"]
    refused(game, "draw", "your partner said yes to 'may I say acaba\\?': you must concede")
    game.apply("acaba")
    assert game.scores == [0, 1500]


def test_asking_the_partner_and_no_binds() -> None:
    """After "no" the player may not say acaba this turn, and plays on. (The engine's reading:
    one question per turn, so "may I go out?" cannot follow.)"""
    game = british(hands={0: "K 9 4 5"}, melds=MELDS)
    game.apply("ask acaba")
    game.apply("no")
    refused(game, "acaba", "your partner said you may not concede the hand this turn")
    refused(game, "ask", "you have already asked this turn")
    game.apply("draw")
    refused(game, "acaba", "your partner said you may not concede the hand this turn")
    game.apply("discard 4")
    assert game.current_player == 1 and "acaba" in legal_texts(game)


def test_acaba_is_british_only() -> None:
    game = position(hands={0: "K 9 4 5"}, melds=MELDS)
    refused(game, "acaba", "these rules have no acaba")
    refused(game, "ask acaba", "these rules have no acaba")


def test_everything_else_is_classic() -> None:
    """The original rules otherwise: one canasta to go out, going out pays 100."""
    game = british(hands={0: "9 K"}, melds=MELDS, phase=MELD, drew=True,
                   extra="laid 0")  # laid on an earlier turn: not concealed
    game.apply("add 9 9")
    game.apply("discard K")
    score = game.results[-1].sides[0]
    assert game.results[-1].went_out == 0 and score.going_out == 100
