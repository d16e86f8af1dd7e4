"""Fuzzing the action boundary: bad input changes nothing (README, "Bad input changes nothing").

In random mid-game states of every preset, every action of ``ALL_ACTIONS`` is tried: an illegal
one raises ``IllegalAction`` (a ``CanastaError`` and a ``ValueError``) with a reason in words,
and leaves the state exactly as it was; a legal one is accepted, as an ``Action``, as its code
and as its text. Random ints, texts, malformed ``Action`` values and other objects are refused
with ``IllegalAction`` or ``ActionParseError`` and change nothing either. ``why_illegal(a)`` is
``None`` exactly for the legal actions.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta.cards import KIND_NAMES
from canasta.engine import turn
from canasta.engine.actions import ALL_ACTIONS, NUM_ACTIONS, Action, ActionType
from canasta.engine.game import Game
from canasta.engine.refusal import Refusal
from canasta.engine.state import State
from canasta.errors import ActionParseError, CanastaError, IllegalAction
from canasta.rules import from_dict, load, preset_names
from tests.sizing import examples

PRESETS = preset_names()
FALLBACK = turn.FALLBACK.words()  # the generic reason: never given


SEEDS = st.integers(min_value=0, max_value=2**63 - 1)
STEPS = st.integers(min_value=0, max_value=700)


def position(rules_name: str, seed: int, policy_seed: int, steps: int) -> Game:
    """The state after up to ``steps`` random legal actions (fewer if the game ends first)."""
    rng = random.Random(policy_seed)
    game = Game(load(rules_name), seed)
    for _ in range(steps):
        legal = game.legal_actions()
        if not legal:
            break
        game.apply(rng.choice(legal))
    return game


Snapshot = tuple[State, list[int], list[Action], bool]


def snapshot(game: Game) -> Snapshot:
    """Everything about the game: its whole state (compared field by field), its history,
    its legal actions."""
    return game.state.copy(), game.history[:], game.legal_actions(), game.is_terminal()


def unchanged(game: Game, before: Snapshot) -> bool:
    """Whether ``game`` is as it was at ``before`` (its snapshot), field by field: the same
    comparison as a new snapshot's, without copying the state to make it."""
    return (game.state, game.history, game.legal_actions(), game.is_terminal()) == before


def refuse(game: Game, bad: object, before: Snapshot | None = None) -> CanastaError:
    """Apply ``bad``, expecting a refusal that changes nothing (``before``: the game's snapshot,
    when the caller has taken it); return the error."""
    before = snapshot(game) if before is None else before
    with pytest.raises((IllegalAction, ActionParseError)) as info:
        game.apply(bad)  # type: ignore[arg-type]
    err = info.value
    assert isinstance(err, CanastaError)
    assert isinstance(err, ValueError)
    assert str(err), f"{bad!r}: an error without a message"
    if isinstance(err, IllegalAction):
        assert isinstance(err.reason, str)
        assert err.reason.strip(), f"{bad!r}: an empty reason"
    assert unchanged(game, before), f"{bad!r} changed the state"
    return err


# ---------------------------------------------------------------------- every action


@pytest.mark.parametrize("rules_name", PRESETS)
@settings(max_examples=examples(6), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, policy_seed=SEEDS, steps=STEPS)
def test_every_action_is_accepted_or_refused_cleanly(
    rules_name: str, seed: int, policy_seed: int, steps: int
) -> None:
    game = position(rules_name, seed, policy_seed, steps)
    before = snapshot(game)
    legal = before[2]
    for action in ALL_ACTIONS:
        if action in legal:
            after = game.clone()
            after.apply(action)
            by_code, by_text = game.clone(), game.clone()
            by_code.apply(action.code)
            by_text.apply(str(action))
            assert by_code.digest() == by_text.digest() == after.digest()
        else:
            err = refuse(game, action, before)
            assert isinstance(err, IllegalAction), f"{action}: {err!r}"
            assert err.action == action
            # The same refusal by code and by text, with the same reason.
            for form in (action.code, str(action)):
                again = refuse(game, form, before)
                assert isinstance(again, IllegalAction)
                assert again.reason == err.reason


@pytest.mark.parametrize("rules_name", PRESETS)
@settings(max_examples=examples(8), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, policy_seed=SEEDS, steps=STEPS)
def test_why_illegal_is_none_exactly_for_legal_actions(
    rules_name: str, seed: int, policy_seed: int, steps: int
) -> None:
    """The generator and ``why_illegal`` cannot disagree: an action is refused exactly when
    the generator leaves it out, and for every action the generator turned down the reason
    given is the refusal the generator met (docs/architecture.md, "Refusals"); never the
    generic fallback: a rule is named for every refusal."""
    game = position(rules_name, seed, policy_seed, steps)
    before = snapshot(game)
    met: dict[Action, Refusal] = {}
    legal = turn.legal_actions(game.state, game.t, met)
    assert legal == game.legal_actions()
    assert not set(met) & set(legal)
    for action in ALL_ACTIONS:
        why = game.why_illegal(action)
        assert (why is None) == (action in legal), (str(action), why)
        if why is not None:
            assert why.strip(), f"{action}: an empty reason"
            assert why != FALLBACK, f"{game!r}: the generic reason for {action}"
        if action in met:
            assert why == met[action].words(), (str(action), why)
    assert unchanged(game, before)


# ---------------------------------------------------------------------- garbage

WORDS = st.sampled_from(
    ["draw", "take", "meld", "add", "discard", "commit", "retract", "ask", "yes", "no",
     "decline", "pair", "Meld", "DISCARD", "pass", "", ":", "-1", "99", "3", "1", "11",
     "10H", "KS", "AC", "3D", "3S", "2C", "JK", "jk", "X", "♠", "10♦", "1O", "K K",
     *KIND_NAMES]
)
ACTION_TEXTS = st.lists(WORDS, max_size=5).map(" ".join)
JUNK = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70),
    st.integers(min_value=-3, max_value=NUM_ACTIONS + 3),
    st.text(max_size=20),
    ACTION_TEXTS,
    st.builds(Action, st.sampled_from(list(ActionType)),
              st.integers(min_value=-2, max_value=20), st.integers(min_value=-2, max_value=20)),
    st.builds(Action, st.integers(min_value=-5, max_value=20),
              st.integers(min_value=-(2**40), max_value=2**40), st.integers()),
    st.none(),
    st.booleans(),
    st.floats(allow_nan=True),
    st.binary(max_size=8),
    st.lists(st.integers(min_value=0, max_value=NUM_ACTIONS), max_size=3),
    st.tuples(st.integers(min_value=0, max_value=12), st.integers(), st.integers()),
)


@pytest.mark.parametrize("rules_name", PRESETS)
@settings(max_examples=examples(30), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, policy_seed=SEEDS, steps=STEPS, junk=st.lists(JUNK, min_size=1, max_size=25))
def test_garbage_is_refused_or_is_a_legal_action(
    rules_name: str, seed: int, policy_seed: int, steps: int, junk: list[object]
) -> None:
    game = position(rules_name, seed, policy_seed, steps)
    legal = game.legal_actions()
    for bad in junk:
        try:
            action = _as_action(bad)
        except ActionParseError:
            refuse(game, bad)
            continue
        if action in legal:
            after = game.clone()
            after.apply(bad)  # type: ignore[arg-type]
            assert after.history[-1] == action.code
        else:
            err = refuse(game, bad)
            assert isinstance(err, IllegalAction), f"{bad!r}: {err!r}"


def _as_action(value: object) -> Action:
    """What ``apply`` should read ``value`` as, or ``ActionParseError`` for no action at all."""
    if isinstance(value, Action):
        if value in ALL_ACTIONS:
            return value
        raise ActionParseError(repr(value))
    if isinstance(value, str):
        return Action.parse(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return Action.from_code(value)
    raise ActionParseError(repr(value))


def test_every_action_text_and_code_round_trips() -> None:
    for code, action in enumerate(ALL_ACTIONS):
        assert action.code == code
        assert Action.from_code(code) is action
        assert Action.parse(str(action)) == action
        assert action.describe()


@pytest.mark.parametrize("rules_name", PRESETS)
@settings(max_examples=examples(10), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, policy_seed=SEEDS)
def test_after_the_game_every_action_is_refused(
    rules_name: str, seed: int, policy_seed: int
) -> None:
    rng = random.Random(policy_seed)
    # Two deals end the game whatever the scores (some presets' targets are out of reach of
    # random play, e.g. Modern American drifts negative).
    game = Game(from_dict({"game": {"deals": 2}}, base=load(rules_name)), seed)
    while not game.is_terminal():
        legal = game.legal_actions()
        assert legal, "dead end"
        # Prefer laying cards so that the game reaches its target in a few deals.
        eager = [a for a in legal if a.type in (ActionType.MELD, ActionType.ADD,
                                               ActionType.TAKE, ActionType.COMMIT)]
        game.apply(rng.choice(eager or legal))
    assert game.legal_actions() == []
    before = snapshot(game)
    for action in ALL_ACTIONS:
        err = refuse(game, action, before)
        assert isinstance(err, IllegalAction)
        assert game.why_illegal(action) == err.reason
