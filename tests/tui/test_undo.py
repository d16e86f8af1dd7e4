"""The terminal's undo takes back only an action that showed the person no card
(``canasta.engine.view.revealed``, the same question the server's undo asks): an initial meld
that brought face-down cards into the hand is not one. Until 2026-12-07 the terminal looked
at the stock and the feet only, so a player could commit an opening, see Modern American's
bonus pile or Italian's cards under the pile, and take the opening back."""

from __future__ import annotations

from pathlib import Path

import pytest

from canasta.engine.state import Phase
from canasta.errors import CanastaError
from tests.helpers import DRAW, MELD, position
from tests.tui.conftest import session_at

OTHERS = {1: "4 6 8", 2: "4 6 8", 3: "4 6 8"}
SUITED_OTHERS = {1: "4S 6S 8S", 2: "4S 6S 8S", 3: "4S 6S 8S"}


@pytest.mark.parametrize(("rules", "hand", "others", "extra", "pile", "phase", "moves"), [
    # Modern American: the commit takes the first pile of bonus cards (four, face down)
    ("modern_american", "A A A JK K K K 5 6", OTHERS, "bonus 4 5 6 7 | 8 9 10", "9", MELD,
     ["meld A A A", "meld K K K", "add A JK"]),
    # Italian: the pile taken with the opening holds three face-down cards, which come with
    # the commit
    ("italian", "9S 9H KS KH KD QS QH QD 5C", SUITED_OTHERS, "under 4H 5H 6H", "7D 9D", DRAW,
     ["take pair S H", "meld QS QH QD", "meld KS KH KD"]),
])
def test_an_opening_that_brought_hidden_cards_cannot_be_undone(
        tmp_path: Path, rules: str, hand: str, others: dict[int, str], extra: str, pile: str,
        phase: Phase, moves: list[str]) -> None:
    game = position(rules, hands={0: hand, **others}, pile=pile, extra=extra, phase=phase,
                    drew=phase == MELD)
    session = session_at(game, tmp_path)
    for move in moves:
        session.play(move)
        assert session.can_undo, move  # nothing hidden seen yet
    size = sum(session.view.hand)
    session.play("commit")
    assert sum(session.view.hand) > size  # face-down cards came into the hand
    assert session.human_to_act and not session.can_undo
    with pytest.raises(CanastaError, match="nothing to undo"):
        session.undo()


def test_a_lay_of_several_cards_is_taken_back_whole(tmp_path: Path) -> None:
    """Three kings laid onto the side's kings are three additions: one undo takes all three
    back (as the server's undo does, tests/server/test_protocol.py); a lay whose step showed
    a card (the commit of an opening with Modern American's bonus pile) cannot be undone."""
    game = position(hands={0: "K K K 5 6", **OTHERS}, melds={0: ["K K K"]}, pile="9",
                    phase=MELD, drew=True)
    session = session_at(game, tmp_path)
    before = (session.view, list(session.log))
    session.lay(["add K K", "add K K", "add K K"])
    assert session.view.hand[13] == 0 and session.can_undo
    session.undo()
    assert (session.view, session.log) == before and not session.can_undo
    with pytest.raises(CanastaError, match="you have no 2"):  # all or none
        session.lay(["add K K", "add K 2"])
    assert session.view == before[0]


def test_a_lay_that_showed_a_card_cannot_be_undone(tmp_path: Path) -> None:
    game = position("modern_american", hands={0: "A A A JK K K K 5 6", **OTHERS},
                    extra="bonus 4 5 6 7 | 8 9 10", pile="9", phase=MELD, drew=True)
    session = session_at(game, tmp_path)
    session.lay(["meld A A A", "meld K K K", "add A JK", "commit"])
    assert session.view.bonus_sizes == (3,) and not session.can_undo
