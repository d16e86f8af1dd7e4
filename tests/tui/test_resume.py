"""A resumed game shows its recent moves (issue 26): the log is the presentation layer's,
replayed from the record (``presentation.moves_log``), the same lines the game showed
before it was left."""

from __future__ import annotations

from pathlib import Path

import pytest

from canasta.bots import make_bot
from canasta.cards import rank_of
from canasta.engine.actions import ActionType
from canasta.tui.local import CanastaApp
from canasta.tui.session import Options, start
from tests.tui.conftest import screen_text, settle

pytestmark = pytest.mark.anyio


async def test_a_resumed_game_shows_the_moves_log(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    first = start(Options(seed=3, save=str(save)))
    me = make_bot("greedy", 1)  # plays the person's seat
    while len(first.game.history) < 60 or not first.human_to_act:
        if first.human_to_act:
            action = me.act(first.view)
            # a discard throws the last copy the hand shows, not the one the ledger would
            held = [card for group in first.facts().hand for card in group.cards
                    if rank_of(card.code) == action.rank]
            first.play(action, held[-1:] if action.type == ActionType.DISCARD else ())
        else:
            first.play_bot(first.bot_action())
    shown = first.facts(lines=30).log
    assert shown
    assert any("You discarded" in line and " of " in line for line in first.log)
    resumed = start(Options(resume=str(save)))
    # the same words, suits and all (the copies picked are in the seating file)
    assert resumed.log == first.log[-len(resumed.log):]
    assert resumed.facts(lines=30).log == shown
    app = CanastaApp(resumed, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        assert resumed.game.history == first.game.history  # the person's turn: nobody moved
        text = " ".join(screen_text(app).split())
        assert " ".join(first.log[-1].split()) in text
