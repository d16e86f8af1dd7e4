"""The rule options Modern American brought (issue 16; docs/rules.md, Every option and Presets:
modern_american), checked one by one apart from the preset: the rule sets no game can be
played under, and the going-out packing check under each option."""

from __future__ import annotations

import json
import re

import pytest

from canasta import Game
from canasta.engine.going_out import can_go_out
from canasta.engine.state import WILD, Meld
from canasta.engine.tables import tables_for
from canasta.engine.view import PlayerView, ViewError
from canasta.envs.observation import Observer
from canasta.errors import RulesError
from canasta.presentation.table import table_facts
from canasta.presentation.text import render
from canasta.rules import from_dict, load, loads
from canasta.score.entry import SideEntry
from canasta.score.tally import tally
from tests.helpers import MELD, counts, kinds, legal_texts, position

KING, QUEEN, NINE = kinds("K Q 9")


@pytest.mark.parametrize(("text", "message"), [
    ('[melds]\nspecial_ranks = ["7"]\nspecial_wild_in_opening = ["A"]\n',
     "melds.special_wild_in_opening names A, which melds.special_ranks does not"),
    ("[canastas]\nspecial_bonus = 2500\n",
     "canastas.special_bonus, canastas.unfinished_special_penalty or points.special_in_hand is "
     "set but melds.special_ranks is empty"),
    ("[melds]\nunfinished_wild_binds = true\n",
     "melds.unfinished_wild_binds needs melds.wild_melds"),
    ("[red_threes]\nblack_too = true\n",
     "red_threes.black_too lays black 3s out at once, so melds.black_three_sets = [3, 4] could "
     "never be laid: set it to []"),
    ("[melds]\nblack_three_sets = []\n[red_threes]\nblack_too = true\nhold = true\n",
     "red_threes.black_too lays 3s out at once, red_threes.hold keeps them in hand: choose one"),
    ("[red_threes]\nneutral_canastas = 2\npositive_needs_canastas = 2\n",
     "red_threes.neutral_canastas = 2 must be below red_threes.positive_needs_canastas = 2"),
    ("[deal]\nbonus_piles = [4, 3, 2]\n",
     "deal.bonus_piles = [4, 3, 2]: more piles than the 2 sides that could take them"),
    ('base = "hand_and_foot"\n[deal]\nbonus_piles = [4]\n',
     "deal.bonus_piles with deal.foot_size is not supported"),
    ("[deal]\nhand_size = 24\nbonus_piles = [6, 6]\n",
     "the deal and deal.bonus_piles = [6, 6] take 108 cards of the pack's 108"),
    ("[going_out]\nneeds_discard = true\n[melds]\nblack_three_set_last = true\n",
     "going_out.needs_discard with melds.black_three_set_last"),
    ('[melds]\nspecial_ranks = ["3"]\n', "melds.special_ranks"),
])
def test_rules_no_game_can_be_played_under_are_refused(text: str, message: str) -> None:
    with pytest.raises(RulesError, match=re.escape(message)):
        loads(text)


def test_the_packing_check_keeps_a_card_to_discard_where_going_out_needs_one() -> None:
    """``going_out.needs_discard``: three kings only meld whole (two alone are no meld), so they
    do not go out; with a card to spare, or under classic rules, they do."""
    mac = tables_for(load("modern_american"))
    melds: list[Meld | None] = [None] * 15
    melds[QUEEN], melds[NINE] = Meld(QUEEN, 7), Meld(NINE, 7)
    assert not can_go_out(mac, counts("K K K"), melds, 2, 0)
    assert can_go_out(mac, counts("K K K 5"), melds, 2, 0)
    assert can_go_out(tables_for(load("classic")), counts("K K K"), melds, 2, 0)


def test_the_packing_check_completes_a_binding_wild_meld_first() -> None:
    """``melds.unfinished_wild_binds``: with the side's wild meld short of a canasta, the hand
    goes out only if its wild cards complete it; then spare ones may go elsewhere."""
    mac = tables_for(load("modern_american"))
    melds: list[Meld | None] = [None] * 15
    melds[QUEEN], melds[WILD] = Meld(QUEEN, 7), Meld(WILD, 0, 4, 1)
    assert not can_go_out(mac, counts("2 5"), melds, 2, 0)  # 6 wild cards: unfinished
    assert can_go_out(mac, counts("2 JK 5"), melds, 2, 0)  # 7: a wild canasta, the second


def test_the_packing_check_puts_no_wild_card_on_sevens_and_none_on_short_melds_once_opened() -> (
        None):
    """``melds.special_ranks`` and ``melds.wild_add_min_naturals`` hold in the look-ahead too."""
    mac = tables_for(load("modern_american"))
    melds: list[Meld | None] = [None] * 15
    melds[QUEEN], melds[NINE] = Meld(QUEEN, 7), Meld(NINE, 7)
    melds[7] = Meld(7, 5)
    assert not can_go_out(mac, counts("2 7 5"), melds, 2, 0)
    assert can_go_out(mac, counts("7 7 5"), melds, 2, 0)
    melds[7], melds[KING] = None, Meld(KING, 4)
    assert not can_go_out(mac, counts("2 5"), melds, 2, 0, opened=True)
    assert can_go_out(mac, counts("K 2 5"), melds, 2, 0, opened=True)


def test_the_score_pad_scores_example_12_and_the_sevens_as_the_engine_does() -> None:
    """docs/scorepad.md: under Modern American, ``black3`` counts the black 3s laid out, scored
    by colour with the red ones (REFERENCE §16 example 12: 300 + 1,000); ``special``,
    ``unfinished-special`` and ``special-held`` carry example 13's sevens."""
    mac = load("modern_american")
    entry = SideEntry(natural=2, red3=2, black3=4, melded=140, out=True)
    sheet = tally(mac, ["us", "them"], [[entry, SideEntry()]])
    score = sheet.deals[0].scores[0]
    assert (score.red_three_points, score.black_three_points) == (300, 1000)
    sevens = SideEntry(natural=1, special=1, unfinished_special=1, special_held=1, melded=400,
                       hand=30, red3=1)
    score = tally(mac, ["us", "them"], [[sevens, SideEntry()]]).deals[0].scores[0]
    assert (score.special_canastas, score.unfinished_special, score.specials_in_hand) == \
        (1, -2500, -1500)
    assert score.in_hand == -30 and score.canasta_bonus == 500 + 2500


def test_the_observation_carries_the_black_threes_and_the_bonus_piles_where_they_exist() -> None:
    """docs/envs.md: ``black_threes`` and ``bonus_sizes`` are fields of the tensor only under
    rules that have them, so other presets' observations keep their shape."""
    observer = Observer(load("modern_american"))
    at = {f.name: f for f in observer.layout.fields}
    game = Game.from_position(load("modern_american"), "turn 0 draw; hands K 5 | | | ; "
                              "black3 0 2 0 0; bonus 4 5 6 | 7 8 9", partial=True)
    vector = observer.tensor(game.view(0))
    black, bonus = at["black_threes"], at["bonus_sizes"]
    assert list(vector[black.offset:black.end]) == [0, 2, 0, 0]
    assert list(vector[bonus.offset:bonus.end]) == [3, 3]
    names = {f.name for f in Observer(load("classic")).layout.fields}
    assert not names & {"black_threes", "bonus_sizes"}


def test_the_bonus_piles_travel_on_the_wire_as_sizes_only() -> None:
    """docs/protocol.md: a view on the wire carries the bonus piles' sizes, never their cards;
    a view with more piles than the rules set aside is refused."""
    mac = load("modern_american")
    game = Game.from_position(mac, "turn 0 draw; hands K 5 | | | ; bonus 4 5 6 | 7 8 9",
                              partial=True)
    sent = json.loads(json.dumps(game.view(1).to_wire()))
    assert sent["bonus_sizes"] == [3, 3] and "bonus" not in sent["position"]
    assert PlayerView.from_wire(sent, mac) == game.view(1)
    assert PlayerView.from_wire(sent, mac).bonus_sizes == (3, 3)
    with pytest.raises(ViewError, match="at most 2 bonus piles"):
        PlayerView.from_wire({**sent, "bonus_sizes": [3, 3, 3]}, mac)
    assert "bonus_sizes" not in Game("classic", 1).view(0).to_wire()


def test_the_faces_show_black_threes_laid_out_and_the_bonus_piles() -> None:
    """docs/rules.md, Presets: modern_american: a player sees the black 3s each side laid out
    and the sizes of the face-down bonus piles (``table_facts``, the text face)."""
    mac = load("modern_american")
    game = Game.from_position(mac, "turn 0 draw; hands K 5 | | | ; black3 0 2 0 1; "
                              "bonus 4 5 6 | 7 8 9", partial=True)
    facts = table_facts(game.view(0))
    assert [side.black_threes for side in facts.sides] == [0, 3]
    assert facts.bonus_piles == (3, 3)
    text = render(facts)
    assert "black 3s 3" in text and "Bonus piles face down: 3 cards, 3 cards" in text


def test_wild_add_min_naturals_holds_for_suited_melds_after_the_side_opened() -> None:
    """Under rules with suits (sequences: Brazilian) and ``melds.wild_add_min_naturals``, a
    new meld of two naturals and a wild card is an opening's (the side has not melded) and
    refused once the side has melded. The quick generator kept the suited melds it had found
    in a cache that ignored the wild-card rules: met first before the opening, ``meld KD KC
    JK`` stayed legal after it, and ``why_illegal`` refused it (found by random games under
    households' changes to the presets)."""
    rules = from_dict({"melds": {"wild_add_min_naturals": 4}}, base=load("brazilian"))
    hand = {0: "KD KC JK 5H 6D 9S"}
    before = position(rules, hands=hand, phase=MELD, drew=True)
    assert "meld KD KC JK" in legal_texts(before)
    after = position(rules, hands=hand, melds={0: ["Q Q Q"]}, phase=MELD, drew=True)
    assert "meld KD KC JK" not in legal_texts(after)
    assert after.why_illegal("meld KD KC JK") == (
        "once your side has melded, a wild card joins only a meld of at least 4 naturals; your "
        "kings have 2")
