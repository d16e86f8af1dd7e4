"""The options of Italian and of the details the presets left out (docs/rules.md, Your own
rules): a rule set no game can be played under, or a value of the wrong shape, is refused with
the reason, and nothing is loaded."""

from __future__ import annotations

import re

import pytest

from canasta.errors import RulesError
from canasta.rules import loads


@pytest.mark.parametrize(("text", "message"), [
    ('base = "italian"\n[pile]\ntake_top = 5\n',
     "deal.pile_by_upcard with pile.take_top = 5 is not supported"),
    ('base = "italian"\n[stock_out]\nmode = "turn_pile"\n',
     "deal.pile_by_upcard with stock_out.mode = 'turn_pile' is not supported"),
    ("[deal]\npile_by_upcard = true\nhand_size = 24\n",
     "deal.pile_by_upcard: the deal takes 96 cards and a king upcard 13 more, but the pack "
     "holds 108"),
    ("[melds]\ntwos_meld = true\n",
     "melds.twos_meld needs melds.wild_melds: the meld of 2s is the meld of wild cards"),
    ("[melds]\ntwos_tame_while_open = true\n",
     "melds.twos_tame_while_open needs melds.wild_melds"),
    ("[melds]\nsambas_grow_going_out = true\n",
     "melds.sambas_grow_going_out needs melds.sequences: there is no samba to grow"),
    ("[canastas]\ncount_bonuses = [[3, 2, 100]]\n",
     "canastas.count_bonuses row [3, 2, 100]: needs 1 canasta or more, and no more natural "
     "ones than canastas"),
    ("[canastas]\ncount_bonuses = [[0, 12, 100]]\n",
     "canastas.count_bonuses row [0, 12, 100] can never be paid: a side makes at most 11 "
     "canastas"),
    ("[canastas]\ncount_bonuses = [[5, 5]]\n",
     "expected a list of [natural canastas, canastas, points] rows of whole numbers"),
    ("[pile]\nblack_three_first_round = 0\n",
     "pile.black_three_first_round = 0: expected true or false"),
    ("[players]\npartners_at_pile = true\n",
     "players.partners_at_pile needs players.count = 3 and players.sides = 3"),
    ('base = "cutthroat"\n[melds]\nsequences = true\n',
     "players.partners_at_pile with melds.sequences is not supported"),
    ('base = "cutthroat"\n[going_out]\nask_partner = true\n',
     "players.partners_at_pile needs going_out.ask_partner, must_ask and acaba off"),
    ('base = "cutthroat"\n[deal]\nfoot_size = 5\n',
     "players.partners_at_pile with deal.foot_size is not supported"),
    ('[stock_out]\nmode = "last_draw"\n', "stock_out.mode"),
])
def test_impossible_or_malformed_options_are_refused_with_the_reason(text: str,
                                                                     message: str) -> None:
    with pytest.raises(RulesError, match=re.escape(message)):
        loads(text)


def test_the_options_load_where_they_fit() -> None:
    rules = loads('base = "samba"\n[melds]\nwild_melds = true\ntwos_meld = true\n'
                  "sambas_grow_going_out = true\n[canastas]\ncount_bonuses = [[0, 3, 500]]\n")
    assert rules.melds.twos_meld and rules.melds.sambas_grow_going_out
    assert rules.canastas.count_bonuses == ((0, 3, 500),)
