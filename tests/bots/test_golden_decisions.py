"""The bots still decide as they did: the greedy records of ``tests/data/records`` were played by
commit c64d12f's bots, the search records by the bots of the engine that last changed the
search's sampled worlds (``tests/data/golden_c64d12f.py``); the same bots, built the same way,
must choose every recorded action again from their views.

Five games' decisions changed on purpose (``CHANGED``): where suits matter the engine now
offers ``take meld`` (the top card onto the side's meld of its rank), which c64d12f never did
although those rules allow it; in the Bolivia game greedy takes the pile so. In cutthroat greedy
no longer takes a small first pile, which makes the taker play alone against two
(``alone_cost``, 2026-12-06: it drew where it took a pile of two cards, action 17). Where wild
cards build canastas (``build_wild``, 2026-12-06: Hand and Foot, and cutthroat before the
partnership forms) greedy adds a 2 to a meld short of a canasta where it discarded: in the
cutthroat game first at action 4, in the Hand and Foot game at action 7 (at action 3 it had
added one to a natural meld, which it no longer does while its side is short of clean
canastas: ``keep_clean``, 2026-12-06). Where a meld short of
a canasta costs a penalty (``special_cost``, 2026-12-06: Modern American's sevens and aces)
greedy throws a second seven rather than keep the pair: in that game at action 1. Where no one
goes out without the partner's yes (``going_out.must_ask``, 2026-12-06) greedy asks for it when
its hand could go out: in the Brazilian game at action 90, where it drew; and where a sequence
left short costs a penalty (``short_sequence``, 2026-12-06: Brazilian) greedy starts none where
it can do otherwise: in that game it discards at action 19, where it laid 5H 6H 7H, before
that. Where the side still
needs a samba to go out (``samba_need``, 2026-12-06: Bolivia's escalera) greedy grows its
sequences first: in the Bolivia game it extends a sequence at action 13, where it melded three
4s, before the point where it takes the pile with ``take meld`` (action 120).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from canasta import record
from canasta.bots import Bot, make_bot
from canasta.engine.actions import Action
from tests.data.golden_c64d12f import SEARCH

RECORDS = Path(__file__).parent.parent / "data" / "records"
GAMES = sorted([*RECORDS.glob("*-greedy.json"), *RECORDS.glob("*-search.json")])
#: Record -> (the first action chosen otherwise today, what is chosen instead).
CHANGED = {"bolivia-greedy": (13, "extend JC"), "brazilian-greedy": (19, "discard 5H"),
           "cutthroat-greedy": (4, "add K 2"),
           "hand_and_foot-greedy": (7, "add A 2"), "modern_american-greedy": (1, "discard 7")}


def bots_of(path: Path, players: int) -> list[Bot]:
    """The bots that played the record: greedy everywhere, or the search bot at even seats."""
    search = path.stem.endswith("-search")
    return [make_bot(SEARCH if search and seat % 2 == 0 else "greedy", seed=seat)
            for seat in range(players)]


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_the_bots_choose_every_recorded_action_again(path: Path) -> None:
    data = record.read(path)
    game = record.new_game(data)
    bots = bots_of(path, game.num_players)
    changed_at, instead = CHANGED.get(path.stem, (len(data["actions"]), ""))
    for index, text in enumerate(data["actions"][:changed_at]):
        seat = game.current_player
        chosen = bots[seat].act(game.view(seat))
        assert chosen == Action.parse(text), (
            f"{path.stem}: action {index} (seat {seat}) was {text!r}, now {chosen}; "
            f"position {game.position()}")
        game.apply(chosen)
    if instead:
        assert str(bots[game.current_player].act(game.view(game.current_player))) == instead
    else:
        assert game.digest() == record.verify(data).digest()
