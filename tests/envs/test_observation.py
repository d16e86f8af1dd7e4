"""The observer: built from the seat's information set alone (a view's, or the same read from
the game's state), within its layout, and equal for states that differ only in cards the seat
cannot see (docs/envs.md, "Observation")."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from canasta import ActionType, Game
from canasta.cards import NUM_KINDS, kind_name, rank_of
from canasta.engine.determinize import determinize
from canasta.envs import observation
from canasta.envs.observation import Layout, Observer
from canasta.envs.recall import Recall
from canasta.presentation.cards import hand_codes
from canasta.rules import load
from tests.envs.helpers import PRESETS, random_action, random_game


@pytest.mark.parametrize("rules", PRESETS)
def test_hidden_cards_do_not_change_the_observation(rules: str) -> None:
    """Two states that differ only in the other hands and the stock give one observation."""
    observer = Observer(load(rules))
    checked = 0
    for seed in range(3):
        game = random_game(rules, seed, 40 + 25 * seed)
        if game.is_terminal():
            continue
        for seat in range(game.num_players):
            view = game.view(seat)
            other = determinize(view, random.Random(seed))
            hidden = [p.hand for n, p in enumerate(game.state.seats) if n != seat]
            resampled = [p.hand for n, p in enumerate(other.state.seats) if n != seat]
            if hidden == resampled and game.state.table.stock == other.state.table.stock:
                continue  # the sample happened to deal the same cards: nothing to compare
            again = other.view(seat)
            assert np.array_equal(observer.tensor(view), observer.tensor(again))
            assert observer.string(view) == observer.string(again)
            checked += 1
    assert checked >= 3


@pytest.mark.parametrize("rules", PRESETS)
def test_the_game_state_gives_the_views_observation(rules: str) -> None:
    """``tensor_of(game, seat)`` (written from the game's whole state) is byte for byte
    ``tensor(game.view(seat))`` for every seat after every action of random play, for the
    three observer types, with the memory where they keep it: what it reads of the state is
    in the seat's information set."""
    rule_set = load(rules)
    observers = [Observer(rule_set), Observer(rule_set, private=False),
                 Observer(rule_set, recall=True)]
    game, rng = Game(rule_set, 11), random.Random(11)
    recall = Recall(game.view, game.num_players)
    compared = 0
    for _ in range(60):
        for seat in range(game.num_players):
            view = game.view(seat)
            for observer in observers:
                assert observer.tensor_of(game, seat, recall).tobytes() == \
                    observer.tensor(view, recall).tobytes()
                compared += 1
        if game.is_terminal():
            break
        actor, action = game.current_player, random_action(game, rng)
        game.apply(action)
        recall.update(actor, action.code, game.view)
    assert compared >= 3 * game.num_players * 30


@pytest.mark.parametrize("rules", PRESETS)
def test_fields_read_the_view_within_bounds(rules: str) -> None:
    observer = Observer(load(rules), recall=True)
    layout = observer.layout
    game, rng = Game(rules, 5), random.Random(5)
    recall = Recall(game.view, game.num_players)
    for step in range(150):
        if game.is_terminal():
            break
        seat = game.current_player
        action = rng.choice(game.legal_actions())
        game.apply(action)
        recall.update(seat, action.code, game.view)
        if step % 10:
            continue
        me = step % game.num_players
        view = game.view(me)
        x = observer.tensor(view, recall)
        assert x.shape == (layout.size,) and x.dtype == np.float32
        assert (x >= layout.low).all() and (x <= layout.high).all()
        f = layout.unpack(x)
        assert list(f["hand"]) == list(view.hand)
        assert f["seat"][me] == 1 and f["seat"].sum() == 1
        assert f["hand_sizes"][0] == view.hand_sizes[me]
        assert f["pile_size"][0] == len(view.pile)
        assert f["pile"].sum() == len(view.pile)
        assert f["stock_size"][0] == view.stock_size
        assert f["pile_frozen"][0] == view.pile_frozen
        # the seat's own score column (its side's; its own in cutthroat: docs/envs.md)
        assert f["scores"][0] == view.scores[me % view.sides] / 1000
        acting = (view.current_player - me) % game.num_players
        assert f["acting"][acting] == 1 and f["acting"].sum() == 1
        mine = {m.rank: m for m in view.melds[view.side]}
        for rank in range(NUM_KINDS):
            meld = mine.get(rank)
            want = (meld.naturals, meld.twos, meld.jokers) if meld else (0, 0, 0)
            assert tuple(f["melds"][0, rank]) == want
        assert ("hand_suited" in f) == layout.suited == ("sequences" in f)


def test_the_kept_meld_rows_give_what_a_new_observer_writes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The observer keeps each meld table's row (``Observer._melds``); with room for one row
    only (kept rows dropped all the time), one observer serving two games and every seat
    writes what a new observer writes, and the melds field is the melds of the view."""
    monkeypatch.setattr(observation, "_ROWS_KEPT", 1)
    rules = load("samba")
    shared = Observer(rules)
    games = [random_game("samba", seed, 0) for seed in (3, 4)]
    rng = random.Random(3)
    for _ in range(120):
        for game in games:
            if game.is_terminal():
                continue
            for seat in range(game.num_players):
                tensor = shared.tensor_of(game, seat)
                assert tensor.tobytes() == Observer(rules).tensor_of(game, seat).tobytes()
                view = game.view(seat)
                melds = shared.layout.unpack(tensor)["melds"]
                for q in range(view.sides):
                    side = (view.side + q) % view.sides
                    want = np.zeros((NUM_KINDS, 3))
                    for meld in view.melds[side]:
                        want[meld.rank] = (meld.naturals, meld.twos, meld.jokers)
                    assert np.array_equal(melds[q], want)
            game.apply(random_action(game, rng))
    assert len(shared._meld_rows) <= 1


def test_the_layout_follows_the_observer_type() -> None:
    rules = load("samba")
    full = Layout(rules, recall=True)
    assert {"hand", "hand_suited", "discarded", "taken"} <= set(full.by_name)
    public = Layout(rules, private=False)
    assert not {"hand", "hand_suited", "discarded"} & set(public.by_name)
    private = Layout(rules, public=False)
    assert set(private.by_name) == {"seat", "hand", "hand_suited"}
    assert "hand_suited" not in Layout(load("classic")).by_name


def test_recall_counts_discards_and_taken_piles() -> None:
    """Every discard is counted for its seat, and a take moves the pile to the taker."""
    for seed in range(40):
        game, rng = Game("classic", seed), random.Random(seed)
        recall = Recall(game.view, game.num_players)
        discards = np.zeros((game.num_players, NUM_KINDS))
        took = False
        while game.deal_number == 1 and not game.is_terminal():
            seat = game.current_player
            legal = game.legal_actions()
            takes = [a for a in legal if a.type == ActionType.TAKE]
            action = takes[0] if takes else rng.choice(legal)
            pile = list(game.state.table.pile)
            game.apply(action)
            recall.update(seat, action.code, game.view)
            if game.deal_number != 1:
                break
            if action.type == ActionType.DISCARD:
                discards[seat, rank_of(action.rank)] += 1
            if action.type == ActionType.TAKE and not game.state.table.pile:
                expected = np.bincount([rank_of(c) for c in pile], minlength=NUM_KINDS)
                assert (np.asarray(recall.taken[seat]) >= expected).all()
                took = True
            assert np.array_equal(np.asarray(recall.discarded), discards)
        if took:
            return
    pytest.fail("no random game of classic took the pile in its first deal")


def test_recall_shows_a_seat_only_its_own_hands() -> None:
    game = random_game("classic", 3, 30)
    recall = Recall(game.view, game.num_players)
    observer = Observer(game.rules, recall=True)
    text = observer.string(game.view(1), recall)
    assert "my hands " + "; ".join(recall.log[1]) in text
    for seat in (0, 2, 3):
        assert recall.log[seat][0] not in text or recall.log[seat][0] == recall.log[1][0]


def test_docs_envs_md_describes_every_field() -> None:
    text = (Path(__file__).parents[2] / "docs" / "envs.md").read_text()
    names = {f.name for rules in ("classic", "samba")
             for f in Layout(load(rules), recall=True).fields}
    assert [name for name in sorted(names) if f"| `{name}` |" not in text] == []


def test_turn_answers_are_one_hot_as_the_view_words_them() -> None:
    observer = Observer(load("british"))
    layout = observer.layout
    seen = set()
    for seed in range(12):
        game, rng = Game("british", seed), random.Random(seed)
        for _ in range(60):
            if game.is_terminal():
                break
            view = game.view(game.current_player)
            f = layout.unpack(observer.tensor(view))
            assert f["permission"][("", "yes", "no").index(view.permission)] == 1
            assert f["acaba"][("", "asked", "yes", "no").index(view.acaba)] == 1
            assert f["permission"].sum() == f["acaba"].sum() == 1
            seen.add((view.permission, view.acaba))
            game.apply(rng.choice(game.legal_actions()))
    assert len(seen) >= 3


@pytest.mark.parametrize("rules", ["classic", "samba"])
def test_the_hand_reads_as_the_presentation_orders_it(rules: str) -> None:
    observer = Observer(load(rules), public=False)
    for seed in range(5):
        view = random_game(rules, seed, 30).view(seed % 4)
        want = " ".join(kind_name(c) for c in hand_codes(view))
        assert observer.string(view) == f"seat {view.seat} | hand [{want}]"
