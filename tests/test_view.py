"""Views: what one seat may know (docs/architecture.md, "Views"; README, "Hidden information
stays hidden")."""

from __future__ import annotations

import pickle
import random

import pytest

from canasta import Game
from canasta.engine.state import Seat, State, copier
from canasta.engine.view import PlayerView, information_set
from canasta.presentation import hand_text


def play(game: Game, moves: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(moves):
        game.apply(rng.choice(game.legal_actions()))


def hidden_from(view: PlayerView) -> None:
    """The view's information set holds no card its seat cannot see, and no seed."""
    info = view.state
    assert info.table.stock == [] and info.match.seed == 0
    for n, player in enumerate(info.seats):
        assert player.foot == (0,) * 15
        if n != view.seat:
            assert player.hand == list(player.known) and player.cards is None


def test_a_view_holds_only_the_seats_own_hand() -> None:
    game = Game("classic", 4)
    play(game, 40, 4)
    s = game.state
    for seat in range(4):
        view = game.view(seat)
        assert view.hand == tuple(s.seats[seat].hand)
        assert view.hand_sizes == tuple(p.size for p in s.seats)
        assert view.stock_size == len(s.table.stock) > 0
        assert view.pile == tuple(s.table.pile)
        hidden_from(view)


def test_views_do_not_change_with_hidden_cards() -> None:
    """Two games that differ only in another seat's hand and the stock order give equal views."""
    game = Game("classic", 9)
    play(game, 25, 9)
    seat = game.current_player
    other = (seat + 1) % 4
    twin = game.clone()
    stock, hand = twin.state.table.stock, twin.state.seats[other].hand
    stock.reverse()
    swap_from = next(k for k in range(15) if hand[k])
    swap_to = next(k for k in range(15) if k != swap_from and stock.count(k))
    hand[swap_from] -= 1
    hand[swap_to] += 1
    stock.remove(swap_to)
    stock.append(swap_from)
    assert twin.digest() != game.digest()
    assert twin.view(seat) == game.view(seat)


def test_only_the_seat_to_act_sees_legal_actions() -> None:
    game = Game("classic", 2)
    seat = game.current_player
    assert game.view(seat).legal_actions == tuple(game.legal_actions())
    assert all(game.view(s).legal_actions == () for s in range(4) if s != seat)


@pytest.mark.parametrize("seat", [-1, 4, "0", True])
def test_a_seat_not_in_the_game_is_refused(seat: object) -> None:
    with pytest.raises(ValueError, match="is not in this game"):
        Game("classic", 1).view(seat)  # type: ignore[arg-type]


def test_dead_ranks_are_those_no_canasta_can_reach() -> None:
    """docs/rules.md, Presets: modern_american: a rank whose remaining copies are buried or
    melded elsewhere can no longer reach seven cards and is treated as dead."""
    from tests.helpers import position

    game = position("modern_american", hands={0: "K 5 6"}, melds={1: ["Q Q Q Q"]},
                    pile="Q Q 4 9 9 9")
    # 8 queens: 4 melded by the other side, 2 buried: 2 left + 2 wilds < 7 (max_wilds is 2).
    # 8 nines: 3 buried: 5 left + 2 wilds = 7, still possible.
    dead = game.view(0).dead_ranks
    assert 12 in dead and 9 not in dead
    assert 12 not in game.view(1).dead_ranks  # the queens are the other side's own meld


def test_a_view_is_a_snapshot_of_the_moment_it_was_taken() -> None:
    """A view kept across moves still shows its own moment: the game moving on changes it
    not, and the game keeps no reference to its views."""
    game = Game("classic", 6)
    play(game, 30, 6)
    seat = game.current_player
    kept = game.view(seat)
    copy = pickle.loads(pickle.dumps(kept))
    play(game, 12, 7)
    assert kept == copy
    assert kept.hand != tuple(game.state.seats[seat].hand) or \
        kept.pile != tuple(game.state.table.pile)
    assert not any(isinstance(getattr(game, slot), PlayerView) for slot in Game.__slots__)


def test_a_pickled_view_carries_only_what_its_seat_sees() -> None:
    game = Game("samba", 3)
    play(game, 20, 3)
    view = game.view(1)
    copy = pickle.loads(pickle.dumps(view))
    assert copy == view and hash(copy) == hash(view)
    hidden_from(copy)
    assert copy.cards == view.cards and hand_text(copy) == hand_text(view)


def test_a_view_is_read_only() -> None:
    view = Game("classic", 1).view(0)
    with pytest.raises(AttributeError, match="read-only"):
        view.hand = (0,) * 15
    with pytest.raises(AttributeError, match="no attribute 'stock'"):
        view.stock  # type: ignore[attr-defined]  # noqa: B018


def _copy_then_hide(s: State, seat: int) -> State:
    """The information set as it was first built: the whole state copied, then every hidden
    card taken out (the reference the one-pass ``information_set`` must equal)."""
    mine = s.copy()
    mine.match.seed = 0
    for n, player in enumerate(mine.seats):
        if n != seat:
            player.hand = list(player.known)
            player.cards = None
        player.foot = (0,) * 15
    mine.table.stock, mine.table.under, mine.table.bonus = [], [], ()
    tentative = mine.turn.opening
    if tentative is not None and mine.turn.seat != seat:
        tentative.hand, tentative.cards = (0,) * 15, None
    return mine


@pytest.mark.parametrize("rules", ["classic", "samba", "hand_and_foot", "modern_american",
                                   "italian", "three_hand"])
def test_the_one_pass_information_set_hides_what_copy_then_hide_hid(rules: str) -> None:
    """``information_set`` copies only what the seat may see; over random play (tentative
    openings, feet, bonus and face-down piles included) it equals copying the whole state and
    hiding afterwards, for every seat, and shares no mutable part with the game."""
    game, rng, openings = Game(rules, 5), random.Random(5), 0
    while not game.is_terminal() and len(game.history) < 600:
        s = game.state
        openings += s.turn.opening is not None
        for seat in range(game.num_players):
            info = information_set(s, seat)
            assert info == _copy_then_hide(s, seat)
            assert info.seats[seat].hand is not s.seats[seat].hand
            assert info.table.pile is not s.table.pile and info.match is not s.match
            assert all(a is not b for a, b in zip(info.sides, s.sides, strict=True))
        game.apply(rng.choice(game.legal_actions()))
    if rules == "classic":
        assert openings  # the test saw a tentative opening hidden from the other seats


def test_a_copier_refuses_a_field_its_class_does_not_have() -> None:
    with pytest.raises(TypeError, match="Seat has no field hands"):
        copier(Seat, {"hands": "[]"})
