"""The gesture "lay these cards" spelled in the engine's actions (``presentation.lay``), over
every preset: each meld, addition and extension the engine offers, named as the page names it
(the cards' texts and the meld they go onto), is spelled as actions the engine plays; so is a
new meld of more than three naturals. The same under households' own rules (``house_rules``:
5 rule sets by default, 50 under the exploring profile). Until 2026-12-07 an addition dropped
the card's suit, and in the five presets that tell suits apart (Samba, Bolivia, Brazilian,
Chilean, Italian) every natural card a person added to a meld was refused ("name the card's
suit")."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings

import canasta
from canasta.cards import NUM_CODES, SUITED, kind_name, rank_of
from canasta.engine.actions import Action, ActionType
from canasta.engine.refusal import Topic
from canasta.engine.view import PlayerView
from canasta.errors import CanastaError, IllegalAction
from canasta.presentation import hand_text
from canasta.presentation.facts import LayPreview
from canasta.presentation.lay import SEQUENCE, WILD_MELD, NotAMeld, lay_actions, preview_lay
from canasta.rules import RuleSet, preset_names
from tests.helpers import MELD, position
from tests.sizing import examples
from tests.test_house_rules_properties import house_rules
from tests.test_properties import SEEDS

LAYS = (ActionType.MELD, ActionType.ADD, ActionType.EXTEND, ActionType.SEQUENCE,
        ActionType.MELD_WILD, ActionType.MELD_BLACK_THREES)
STEPS = 300  #: random moves looked at in each preset's deal


def gesture(action: Action) -> tuple[list[str], str | None]:
    """The cards and the ``onto`` a person's gesture names for a laying action: a new meld's
    cards, or one card onto the side's meld of a rank (``add K KH``) or its sequence."""
    words = str(action).split()
    if action.type == ActionType.ADD:
        return words[2:], words[1]
    if action.type == ActionType.EXTEND:
        return words[1:], SEQUENCE
    return words[1:], None


def plays(game: canasta.Game, texts: list[str]) -> None:
    """Play ``texts`` in order on a copy of ``game`` (``IllegalAction`` if one is refused)."""
    copy = game.clone()
    for text in texts:
        copy.apply(text)


def held(game: canasta.Game, rank: int) -> list[str]:
    """The texts of the naturals of ``rank`` the player to act holds, one per card (suited
    where the rules keep suits)."""
    seat = game.view(game.current_player).state.seats[game.current_player]
    if seat.cards is None:
        return [kind_name(rank)] * seat.hand[rank]
    return [kind_name(code) for code in range(SUITED, NUM_CODES) if rank_of(code) == rank
            for _ in range(seat.cards[code])]


def layings_spelled(game: canasta.Game, rng: random.Random) -> int:
    """Play ``game`` on at random for ``STEPS`` actions, checking at each position that every
    laying offered, named as a person's gesture names it, is spelled as actions the engine
    plays; how many were checked."""
    looked = 0
    for _ in range(STEPS):
        if game.is_terminal():
            break
        actions = game.legal_actions()
        view = game.view(game.current_player)
        for action in actions:
            if action.type not in LAYS:
                continue
            cards, onto = gesture(action)
            texts = lay_actions(view, cards, onto)
            assert texts[0] == str(action), (cards, onto, texts)
            plays(game, texts)
            if not looked % 7:  # told so before it is laid (one laying in seven: a preview
                preview = preview_lay(view, cards, onto)  # deals a game from the view)
                assert preview.ok and preview.words == action.describe(), (cards, preview)
            looked += 1
            naturals = held(game, action.rank)
            if action.type == ActionType.MELD and len(naturals) > len(cards) and \
                    set(cards) <= set(naturals):  # three naturals laid with one more
                extra = next(c for c in naturals if naturals.count(c) > cards.count(c))
                try:
                    plays(game, lay_actions(view, [*cards, extra], None))
                except IllegalAction as refused:  # unless it leaves one card, to discard
                    left = view.hand_sizes[view.seat] - len(cards) - 1  # and go out by
                    assert left == 1 and refused.topic == Topic.GOING_OUT, refused.reason
        if view.phase == "meld" and rng.random() < 0.3:
            previews_agree(game, view, rng)
        game.apply(rng.choice(actions))
    return looked


def previews_agree(game: canasta.Game, view: PlayerView, rng: random.Random) -> None:
    """Cards of the hand picked at random: the preview says they lay exactly when the engine
    plays every step on the true game, and a refusal is the engine's own."""
    hand = hand_text(view).split()
    # onto a meld of the side's too, the one the page's pointer aims at (a rank, the wild
    # cards' "W", a sequence) or one the side does not have
    targets = [None, None, rng.choice([*(str(a).split()[1] for a in game.legal_actions()
                                         if a.type == ActionType.ADD), "K", WILD_MELD, SEQUENCE])]
    for onto in targets:
        cards = rng.sample(hand, min(len(hand), rng.randint(1 if onto else 2, 5)))
        preview = preview_lay(view, cards, onto)
        try:
            plays(game, lay_actions(view, cards, onto))
        except CanastaError as exc:
            assert not preview.ok and preview.topic, (cards, preview)
            if isinstance(exc, IllegalAction):
                assert (preview.words, preview.topic) == (exc.reason, exc.topic)
        else:
            assert preview.ok, (cards, preview)


@pytest.mark.parametrize("preset", preset_names())
def test_every_laying_the_engine_offers_is_spelled_as_it(preset: str) -> None:
    assert layings_spelled(canasta.Game(preset, seed=11), random.Random(11)) > 0


def test_one_natural_more_may_leave_one_card_that_cannot_go_out() -> None:
    """Found by the exploring profile: three 5s meld, four would leave one card to discard,
    and two-hand needs two canastas to go out (the laying of one more is refused so)."""
    assert layings_spelled(canasta.Game("two_hand", 1439), random.Random(1439)) > 0


@settings(max_examples=examples(5), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(rules=house_rules(), seed=SEEDS)
def test_every_laying_is_spelled_as_it_under_house_rules(rules: RuleSet, seed: int) -> None:
    layings_spelled(canasta.Game(rules, seed), random.Random(seed))


def test_a_gesture_that_names_no_laying_is_refused() -> None:
    view = canasta.Game("classic", seed=1).view(0)
    for cards, onto in ((["K"], None), (["K", "Q", "J"], None), ([], None), (["ZZ"], None),
                        (["K"] * 31, None), (["K"], 3)):
        with pytest.raises(CanastaError):
            lay_actions(view, cards, onto)


def test_cards_of_several_ranks_are_refused_with_what_these_rules_lay() -> None:
    """A run of one suit is offered only where the rules have sequences (Samba)."""
    for preset, words in (("classic", "select cards of one rank (with wild cards if you like)"),
                          ("samba", "select cards of one rank (with wild cards if you like), "
                                    "or a run of one suit")):
        view = canasta.Game(preset, seed=1).view(0)
        with pytest.raises(CanastaError) as refused:
            lay_actions(view, ["K", "Q", "J"], None)
        assert str(refused.value) == words


def test_a_card_aimed_at_a_meld_of_another_rank_is_refused_in_words() -> None:
    """Not "add K Q is not an action": what the player did, and the rule (melds)."""
    game = position(hands={0: "K K 2 Q Q 5 7 9"}, melds={0: ["K K K"]}, pile="4", phase=MELD,
                    drew=True)
    view = game.view(0)
    for cards, onto, words in (
            (["Q", "Q"], "K", "a queen cannot go onto your side's kings (a meld takes its own "
                              "rank and wild cards)"),
            (["2", "K"], WILD_MELD, "a king cannot go onto a meld of wild cards (it takes wild "
                                    "cards only)")):
        with pytest.raises(NotAMeld) as refused:
            lay_actions(view, cards, onto)
        assert str(refused.value) == words
        assert preview_lay(view, cards, onto) == LayPreview(False, words, Topic.MELDS)
    assert preview_lay(view, ["2", "K"], "K").ok
    with pytest.raises(CanastaError, match="'onto' must be a meld's rank"):
        lay_actions(view, ["K"], "X")
