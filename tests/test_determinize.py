"""Sampling hidden cards consistently with a view (``canasta.engine.determinize``)."""

from __future__ import annotations

import random

import pytest

from canasta import Game
from canasta.bots.greedy import GreedyBot
from canasta.cards import BLACK_THREE, RED_THREE
from canasta.engine.actions import ActionType
from canasta.engine.determinize import Likelihood, before_discard, determinize, unseen_cards
from canasta.engine.tables import tables_for
from canasta.engine.view import PlayerView
from canasta.rules import load, preset_names


def positions(rules: str, games: int) -> list[Game]:
    """Positions from random play, a few per game, openings and answers included."""
    out = []
    for seed in range(games):
        game, rng = Game(rules, seed), random.Random(seed)
        for step in range(600):
            if game.is_terminal():
                break
            if step % 37 == 0 or game.state.turn.opening is not None or game.phase == 1:
                out.append(game.clone())
            game.apply(rng.choice(game.legal_actions()))
    return out


def no_kings(seat: int, kind: int, hand: list[int]) -> float:
    """A likelihood that keeps kings out of every hand it can."""
    return 0.0 if kind == 13 else 1.0


@pytest.mark.parametrize("likely", [None, no_kings])
@pytest.mark.parametrize("rules", preset_names())
def test_a_sampled_game_shows_the_same_view(rules: str, likely: Likelihood | None) -> None:
    """Sampled for the seat to play (what a search does) and for one other seat in turn."""
    rng = random.Random(1)
    for i, game in enumerate(positions(rules, 6)):
        for seat in {game.current_player, i % game.num_players}:
            view = game.view(seat)
            sample = determinize(view, rng, likely=likely)
            assert sample.view(seat) == view
            assert sample.card_count() == sum(game.t.pack)
            for other in range(game.num_players):
                if other != seat:
                    held = sample.state.seats[other].hand
                    assert all(h >= k for h, k in zip(held, view.known[other], strict=True))


@pytest.mark.parametrize("rules", preset_names())
def test_a_sampled_hand_holds_no_card_laid_out_as_soon_as_it_comes(rules: str) -> None:
    """Red 3s are laid out as soon as a hand gets them (docs/rules.md, ruling 9), and so are
    black 3s where they are bonus cards too (``red_threes.black_too``): a real hand never
    holds one, so a sampled one does not either; a hidden one waits in the stock. Where red
    3s may be held (``red_threes.hold``) a sampled hand may hold one, as a real one may."""
    rng, ruleset = random.Random(3), load(rules)
    laid = {RED_THREE} if not ruleset.red_threes.hold else set()
    laid |= {BLACK_THREE} if ruleset.red_threes.black_too else set()
    dealt = {RED_THREE: 0, BLACK_THREE: 0}
    for game in positions(rules, 6):
        if not game.state.table.stock:
            continue
        view = game.view(game.current_player)
        for _ in range(4):  # some 800-1,900 positions a preset: enough to deal every kind
            sample = determinize(view, rng)
            for seat in range(game.num_players):
                if seat != view.seat:
                    for kind in dealt:
                        dealt[kind] += sample.state.seats[seat].hand[kind] - view.known[seat][kind]
    assert all(dealt[kind] == 0 for kind in laid)
    assert all(dealt[kind] > 0 for kind in set(dealt) - laid)


def test_a_sampled_game_plays_on_and_retracts() -> None:
    rng = random.Random(2)
    for game in positions("classic", 6):
        sample = determinize(game.view(game.current_player), rng)
        for _ in range(50):
            if sample.is_terminal():
                break
            sample.apply(rng.choice(sample.legal_actions()))
        assert sample.card_count() == 108


def test_a_likelihood_weights_the_hidden_hands() -> None:
    """Kings dealt with weight 0 are redrawn: far fewer reach the other hands, and the stock
    takes them (every card is still somewhere)."""
    view = Game("classic", 3).view(0)
    rng = random.Random(4)
    kings = [0, 0]
    for _ in range(200):
        for i, likely in enumerate((None, no_kings)):
            sample = determinize(view, rng, likely=likely)
            kings[i] += sum(sample.state.seats[seat].hand[13] for seat in (1, 2, 3))
    assert kings[1] < kings[0] / 3


def test_hidden_cards_are_what_the_seat_cannot_see() -> None:
    game = Game("classic", 3)
    view = game.view(0)
    unseen = unseen_cards(view)
    assert sum(unseen) == 108 - 11 - len(game.state.table.pile) - sum(
        p.red_threes for p in game.state.seats)


@pytest.mark.parametrize("rules", ["classic", "samba", "hand_and_foot"])
def test_a_one_hand_world_plays_the_hand_alike_and_deals_no_more(rules: str) -> None:
    """``one_hand`` changes nothing within the hand; the world then ends, with no winner
    unless the hand ended the game, and deals nothing."""
    for i, game in enumerate(positions(rules, 2)[::3]):
        view = game.view(game.current_player)
        full = determinize(view, random.Random(i))
        short = determinize(view, random.Random(i), one_hand=True)
        moves = random.Random(i)
        deals = len(short.results)
        while not short.is_terminal():
            action = moves.choice(short.legal_actions())
            short.apply(action)
            full.apply(action)
        assert len(short.results) == deals + 1
        assert short.results == full.results[:deals + 1]
        assert short.deal_number == view.deal_number and short.legal_actions() == []
        assert short.winner == full.winner if full.is_terminal() else short.winner == -1
        assert short.card_count() == full.card_count()


@pytest.mark.parametrize("rules", preset_names())
def test_the_view_before_a_discard_is_read_back_from_the_state_after(rules: str) -> None:
    """Greedy self-play, a few one-deal games of each preset: at the next seat's turn, before
    it has drawn and once it has drawn from the stock, ``before_discard`` gives the discarder's
    view as it was (hand, table, pile and discard actions), and greedy's discard from it is
    the card it threw; ``None`` only where the docstring says it cannot be told."""
    greedy = GreedyBot()
    read = 0
    for seed in range(3):
        game = Game(rules, seed)
        before: PlayerView | None = None
        while not game.results:
            view = game.view(game.current_player)
            action = greedy.act(view)
            found = before_discard(game)
            t, turn = game.t, game.state.turn
            readable = not (t.suited or game.rules.deal.foot_size or turn.took or turn.melded)
            if before is not None and readable and game.state.table.stock:
                assert found is not None
                read += 1
                assert (found.seat, found.hand, found.melds, found.pile, found.initial_done,
                        found.pile_frozen) == (before.seat, before.hand, before.melds,
                                               before.pile, before.initial_done,
                                               before.pile_frozen)
                others = [s for s in range(game.num_players) if s != found.seat]
                assert [found.known[s] for s in others] == [before.known[s] for s in others]
                assert set(found.legal_actions) == {
                    a for a in before.legal_actions if a.type == ActionType.DISCARD}
                if view.phase == "draw":  # after the draw the drawer holds a card more
                    assert (found.stock_size, found.hand_sizes) == (
                        before.stock_size, before.hand_sizes)
                    assert greedy.discard(found).action == greedy.discard(before).action
            elif turn.melded or turn.took or t.suited:
                assert found is None
            if action.type == ActionType.DISCARD:
                before = view
            elif action.type != ActionType.DRAW:
                before = None  # laid, took or asked: the turn changed more than a draw
            game.apply(action)
    plain = not (tables_for(load(rules)).suited or load(rules).deal.foot_size)
    assert (read > 0) == plain


def test_the_view_before_an_earlier_seats_discard_has_its_hand_and_pile() -> None:
    """Greedy self-play of classic: at a seat's turn, before it has drawn, ``before_discard``
    ``back`` turns back (1 to 3) gives the hand and the pile that seat had when it chose its
    last discard, the turns between undone from the pile; ``None`` where the pile was taken
    since (it holds fewer than ``back`` cards) and for ``back`` outside 1 to 3. On the true
    deal greedy's discard from it is nearly always the card thrown: the turns between left
    their melds on the table, which it may weigh."""
    greedy = GreedyBot()
    read = {1: 0, 2: 0, 3: 0}
    fits = dict(read)
    for seed in range(4):
        game = Game("classic", seed)
        last: dict[int, PlayerView] = {}  # each seat's view when it chose its last discard
        while not game.results:
            view = game.view(game.current_player)
            action = greedy.act(view)
            assert before_discard(game, 0) is None and before_discard(game, 4) is None
            for back in read if view.phase == "draw" else ():
                found = before_discard(game, back)
                seat = (view.seat - back) % 4
                table = game.state.table
                if len(table.pile) < back or table.turns < back or not table.stock:
                    assert found is None
                    continue
                assert found is not None and found.seat == seat
                assert (found.hand, found.pile) == (last[seat].hand, last[seat].pile)
                read[back] += 1
                fits[back] += greedy.discard(found).action.rank == table.pile[-back]
            if action.type == ActionType.DISCARD:
                last[view.seat] = view
            game.apply(action)
    assert min(read.values()) > 20
    assert fits[1] == read[1] and all(fits[b] >= 0.9 * read[b] for b in (2, 3))
