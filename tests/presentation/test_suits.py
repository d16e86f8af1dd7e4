"""Suits for the eye (docs/presentation.md, "Suits for the eye"): every card in sight shows a
suit, a card keeps it as it moves, real suits stay real, and what a seat is shown does not
depend on cards it cannot see."""

from __future__ import annotations

from collections import Counter

import pytest

from canasta import Game
from canasta.bots import make_bot
from canasta.cards import JOKER, RED_THREE, SUITED, SUITS, parse_kind, suit_of
from canasta.engine.game import Game as EngineGame
from canasta.presentation import SuitLedger, spectator_facts, table_facts
from canasta.presentation.suits import _places
from canasta.rules import preset_names
from canasta.server.gallery import public_view
from tests.helpers import MELD, position


def ledger_of(game: EngineGame) -> SuitLedger:
    ledger = SuitLedger.of_seed(game.rules, game.seed)
    ledger.follow(game.state)
    return ledger


def hand_suits(ledger: SuitLedger, seat: int) -> Counter[tuple[int, str]]:
    return Counter(ledger.seen_by(seat).hand)


@pytest.mark.parametrize(("rules", "seed"), [(name, 3 + n) for n, name in
                                             enumerate(preset_names())])
def test_every_card_keeps_its_suit_from_hand_to_meld_and_pile(rules: str, seed: int) -> None:
    """Along a deal of greedy self-play of every preset, to its end: the ledger holds the
    state's cards place by place, a card laid shows a suit it had, the log's cards laid are
    those that came onto the table (by the action that ends the deal too), and every card in
    sight shows a suit (the cards known held, a meld of wild cards' 2s: each once showed
    none)."""
    game = Game(rules, seed)
    ledger = ledger_of(game)
    bots = [make_bot("greedy", seed + s) for s in range(game.num_players)]
    moved = black_threes = 0
    while not game.is_terminal() and game.deal_number == 1:
        seat = game.current_player
        held = hand_suits(ledger, seat)
        public_before = ledger.seen_by(None)
        pile_before = Counter(public_before.pile)
        melds_before = {k: Counter(v) for k, v in public_before.melds.items()}
        table_before = sum(len(codes) for (where, *_), codes in _places(game.state).items()
                           if where not in ("hand", "pile", "waiting"))
        action = bots[seat].act(game.view(seat))
        ended = game.clone()  # the action's state before any next deal
        ended.state.match.one_hand = True
        ended.apply(action)
        ledger.play(game, action)
        eye = ledger._ended or ledger  # the ledger as the action left the deal
        assert (eye is not ledger) == (game.deal_number != 1)
        # the ledger holds exactly the cards the state holds, place by place
        for place, codes in _places(ended.state).items():
            if place[0] != "pile":
                have = Counter({c: len(v) for c, v in eye._cards.get(place, {}).items() if v})
                assert have == Counter(codes), place
        public = ledger.move_seen_by(None)
        assert public == eye.seen_by(None)
        # a card laid on a meld or discarded shows a suit it had in the hand, the pile, or
        # another meld (cutthroat: a lone player's melds join its partner's at the pile)
        moved_off: Counter[str] = Counter()  # cards that left a meld for another
        for key, had in melds_before.items():
            moved_off += had - Counter(public.melds.get(key, ()))
        came_from = Counter(s for (_, s) in held.elements()) + pile_before + moved_off
        laid_on_melds: Counter[str] = Counter()
        for key, suits in public.melds.items():
            new = Counter(suits) - melds_before.get(key, Counter())
            assert not new - came_from, (key, new, came_from)
            moved += sum(new.values())
            laid_on_melds += new
        # the log's words: the cards laid are the ones that came onto the table (suits and
        # count), the card taken the pile's top
        table = sum(len(codes) for (where, *_), codes in _places(ended.state).items()
                    if where not in ("hand", "pile", "waiting"))
        assert len(public.laid) == table - table_before
        assert not laid_on_melds - moved_off - Counter(suit for _, suit in public.laid)
        taken = len(ended.state.table.pile) < len(public_before.pile)
        assert public.taken == (public_before.pile[-1] if taken else "")
        # every card in sight shows a suit (a joker none): the hand's, the melds', the
        # cards known held, the red 3s, the pile's top
        watcher = (seat + 1) % game.num_players
        facts = table_facts(ended.view(watcher), suits=eye.seen_by(watcher))
        shown = [*(c for group in facts.hand for c in group.cards),
                 *(c for side in facts.sides for meld in side.melds for c in meld.cards),
                 *(c for fact in facts.seats
                   for c in (*fact.known, *fact.red_three_cards, *fact.black_three_cards)),
                 *((facts.pile.top,) if facts.pile.top else ())]
        assert [len(fact.black_three_cards) for fact in facts.seats] == \
            list(ended.view(watcher).black_threes)  # laid out: Modern American, Cuban
        black_threes += sum(ended.view(watcher).black_threes)
        assert all(card.eye or card.rank == "JK" for card in shown), \
            [card.words for card in shown if not card.eye and card.rank != "JK"]
        for code, suit in eye.seen_by(seat).hand:
            if code >= SUITED:
                assert suit == SUITS[suit_of(code)]  # a real suit stays real (Samba)
            elif code == RED_THREE:
                assert suit in ("H", "D")
            elif code == JOKER:
                assert suit == ""
            else:
                assert suit in SUITS
        if game.deal_number != 1:
            break
    assert moved > 5
    assert black_threes or not game.rules.red_threes.black_too  # Modern American's seen


def test_the_suits_are_the_same_after_a_replay_and_differ_between_games() -> None:
    def suits_after(seed: int, moves: int) -> object:
        game = Game("classic", seed)
        ledger = ledger_of(game)
        bots = [make_bot("greedy", s) for s in range(4)]
        for _ in range(moves):
            game.apply(bots[game.current_player].act(game.view(game.current_player)))
            ledger.follow(game.state)
        return ledger.seen_by(0)

    assert suits_after(8, 40) == suits_after(8, 40)
    assert suits_after(8, 0) != suits_after(9, 0)


def test_what_a_seat_sees_does_not_depend_on_an_opponents_hidden_cards() -> None:
    """Two positions seat 0 cannot tell apart (Bob holds a fourth king, or a 6), the same
    public move (Bob melds three kings, then discards a 5): seat 0 is shown the same suits."""
    shown = []
    for bob in ("K K K K 5 9", "K K K 6 5 9"):
        game = position(hands={0: "4 4 7 8 J", 1: bob, 2: "Q Q 10", 3: "A A 9"},
                        pile="8", current=1, melded=[False, True], stock="JK 7 7 7 7 7")
        ledger = ledger_of(game)
        for move in ("draw", "meld K K K", "discard 5"):
            game.apply(move)
            ledger.follow(game.state)
        view = game.view(0)
        facts = table_facts(view, suits=ledger.seen_by(0)).to_dict()
        shown.append((facts["sides"], facts["pile"], facts["hand"]))
    assert shown[0] == shown[1]
    assert shown[0][0][1]["melds"][0]["cards"][0]["eye"] in SUITS


def test_facts_show_the_suits_and_say_them() -> None:
    game = position(hands={0: "K K 5 2 JK", 1: "4", 2: "4", 3: "4"}, pile="8",
                    red_threes={0: 1})
    ledger = ledger_of(game)
    facts = table_facts(game.view(0), suits=ledger.seen_by(0))
    cards = [c for g in facts.hand for c in g.cards]
    assert all(c.eye for c in cards if c.rank != "JK")
    king = next(c for c in cards if c.rank == "K")
    assert king.words.startswith("king of ")
    assert facts.pile.top is not None and facts.pile.top.eye in SUITS
    assert [c.eye in ("H", "D") for c in facts.seats[0].red_three_cards] == [True]
    plain_facts = table_facts(game.view(0))  # no ledger: no suits for the eye
    assert all(c.eye == "" for g in plain_facts.hand for c in g.cards)


def test_the_cards_a_player_picks_are_the_ones_that_move() -> None:
    game = position(hands={0: "K K K K 5 9", 1: "4 4", 2: "4 4", 3: "4 4"}, pile="8",
                    melded=[True, False], stock="7 7 7 7")
    ledger = ledger_of(game)
    suits = sorted(eye for code, eye in ledger.seen_by(0).hand if code == 13)
    keep = suits[0]
    picked = [(13, s) for s in suits[1:]]  # every king but the first in suit order
    game.apply("draw")
    ledger.follow(game.state)
    ledger.prefer(0, picked)
    game.apply("meld K K K")
    ledger.follow(game.state)
    assert sorted(ledger.seen_by(None).meld(0, 13)) == sorted(s for _, s in picked)
    assert [eye for code, eye in ledger.seen_by(0).hand if code == 13] == [keep]


def new_in(ledger: SuitLedger, game: EngineGame, seat: int) -> list[str]:
    """The ranks of the cards the seat's facts mark new, in the order shown."""
    facts = table_facts(game.view(seat), suits=ledger.seen_by(seat))
    return [c.rank for g in facts.hand for c in g.cards if c.new]


def test_the_cards_drawn_are_new_to_the_hand_until_its_turn_ends() -> None:
    """Ann holds an ace and draws another (the stock's top): that one is new (not the ace she
    held, nor the cards dealt), through her meld, until her discard ends the turn; then Bob's
    drawn ace is new to him, and no one else is shown a new card."""
    game = position(hands={0: "A K K K 5 9", 1: "4 6 8", 2: "4 6 8", 3: "4 6 8"}, pile="10",
                    melded=[True, False])  # the stock: the rest of the pack, aces on top
    ledger = ledger_of(game)
    assert [new_in(ledger, game, s) for s in range(4)] == [[]] * 4
    for move, ann in (("draw", ["A"]), ("meld K K K", ["A"]), ("discard 5", [])):
        game.apply(move)
        ledger.follow(game.state)
        assert new_in(ledger, game, 0) == ann, move
    aces = [c for g in table_facts(game.view(0), suits=ledger.seen_by(0)).hand
            for c in g.cards if c.rank == "A"]
    assert len(aces) == 2 and not any(c.new for c in aces)
    game.apply("draw")
    ledger.follow(game.state)
    assert [new_in(ledger, game, s) for s in range(4)] == [[], ["A"], [], []]
    assert ledger.seen_by(None).new == ()


def test_the_piles_cards_are_new_to_the_hand_that_takes_it() -> None:
    """Ann takes the pile (a J, a 10 and the Q on top) with her two queens: the queens are
    laid, the J and the 10 come into her hand new; the cards she held are not."""
    game = position(hands={0: "Q Q 5 9 J", 1: "4 6 8", 2: "4 6 8", 3: "4 6 8"},
                    pile="J 10 Q", melded=[True, False])
    ledger = ledger_of(game)
    game.apply("take pair")
    ledger.follow(game.state)
    assert sorted(new_in(ledger, game, 0)) == ["10", "J"]
    assert len([c for g in table_facts(game.view(0), suits=ledger.seen_by(0)).hand
                for c in g.cards if c.rank == "J"]) == 2


@pytest.mark.parametrize(("rules", "seed"), [("classic", 6), ("samba", 7), ("hand_and_foot", 8)])
def test_only_the_seat_to_play_holds_new_cards_and_only_what_came_this_turn(rules: str,
                                                                             seed: int) -> None:
    """Through a greedy deal: the seat to play is the only one shown new cards, and they are
    cards of its hand; a draw makes new exactly the cards it added to the hand (a red 3 drawn
    is laid out, its replacement new), a take of the pile at most the pile's cards, and an
    action that adds nothing to the hand makes nothing new."""
    game = Game(rules, seed)
    ledger = ledger_of(game)
    bots = [make_bot("greedy", seed + s) for s in range(game.num_players)]
    takes = 0
    while not game.is_terminal() and game.deal_number == 1:
        seat = game.current_player
        view = game.view(seat)
        size, pile, was = sum(view.hand), len(view.pile), len(ledger.seen_by(seat).new)
        action = str(bots[seat].act(view))
        game.apply(action)
        ledger.follow(game.state)
        if game.deal_number != 1 or game.is_terminal():
            break
        now = game.current_player
        for other in range(game.num_players):
            if other != now:
                assert ledger.seen_by(other).new == (), (other, action)
        new = Counter(ledger.seen_by(now).new)
        assert not new - Counter(ledger.seen_by(now).hand)
        if now != seat:
            continue
        grown, made = sum(game.view(now).hand) - size, sum(new.values()) - was
        if action == "draw":
            assert made == grown, (new, grown)
        elif action.startswith("take"):
            takes += 1
            assert 0 <= made <= pile, (action, new, pile)
        elif grown <= 0:
            assert made <= 0, (action, new)
    assert takes, "no take of the pile in the deal"


def test_a_pile_taken_for_an_opening_keeps_its_suits_until_the_commit() -> None:
    """A side that has not opened takes the pile: its cards wait for the commit (docs/rules.md,
    "The initial meld", "Tentative openings"), then come into the hand with the suits the pile
    showed, known to everyone and new to the taker; taken back, they lie in the pile as they
    were. Until 2026-12-07 the ledger lost
    them while they waited and dealt them fresh suits at the commit (a 2♦ upcard became 2♥,
    and the others saw the card held with no suit)."""
    game = position(hands={0: "9 9 K K K 4 6"}, pile="5 7 9")
    ledger = ledger_of(game)
    pile = ledger.seen_by(None).pile
    game.apply("take pair")
    ledger.follow(game.state)
    taken_back = game.clone(), ledger.copy()
    for move in ("meld K K K", "commit"):
        game.apply(move)
        ledger.follow(game.state)
    five, seven = parse_kind("5"), parse_kind("7")
    assert ledger.seen_by(1).known[0] == {five: (pile[0],), seven: (pile[1],)} | {
        kind: () for kind in ledger.seen_by(1).known[0] if kind not in (five, seven)}
    assert sorted(ledger.seen_by(0).new) == sorted([(five, pile[0]), (seven, pile[1])])
    game, ledger = taken_back
    game.apply("retract")
    ledger.follow(game.state)
    assert ledger.seen_by(None).pile == pile


def test_the_cards_known_held_show_their_suits_where_hands_hold_suited_cards() -> None:
    """Samba's hands hold suited cards: a pile's 4♦ and 5♣ taken into a hand are shown to
    the others as held, with their suits. Until 2026-12-07 the ledger gave the known cards'
    suits by the hand's suited codes and the view counts them by kind, so Samba showed them
    without a suit ("holds 6")."""
    game = position("samba", hands={0: "6S 6H 9C 10D JH", 1: "4S 5S 7S", 2: "4H 5H 7H",
                                    3: "4C 5C 7C"}, melds={0: ["K K K"]}, pile="4D 5C 6D")
    ledger = ledger_of(game)
    game.apply("take pair S H")
    ledger.follow(game.state)
    for seat in (1, 2, 3):
        facts = table_facts(game.view(seat), suits=ledger.seen_by(seat))
        assert [(c.text, c.eye) for c in facts.seats[0].known] == [("4", "D"), ("5", "C")]


def test_a_pile_taken_gives_its_cards_under_the_top_to_the_taker() -> None:
    """Ann melds her two 10s with the pile's top 10 and takes the rest, a 10 among it: the
    meld shows her two 10s and the top one, her hand the pile's 10, known to the others with
    its suit. Until 2026-12-07 the ledger, which sees each place's count only (her 10s went
    from two to one), melded the pile's 10 and left her one of her own, unknown: the others
    saw "holds 10" with no suit."""
    game = position(hands={0: "10 10 5 6 9"}, melds={0: ["K K K"]}, pile="4 10 7 10")
    ledger = ledger_of(game)
    pile = ledger.seen_by(None).pile
    ten = parse_kind("10")
    mine = [suit for code, suit in ledger.seen_by(0).hand if code == ten]
    game.apply("take pair")
    ledger.follow(game.state)
    assert sorted(ledger.seen_by(None).meld(0, ten)) == sorted([pile[3], *mine])
    assert [suit for code, suit in ledger.seen_by(0).hand if code == ten] == [pile[1]]
    facts = table_facts(game.view(1), suits=ledger.seen_by(1))
    assert ("10", pile[1]) in [(c.text, c.eye) for c in facts.seats[0].known]


@pytest.mark.parametrize(("rules", "seed"), [("classic", 7), ("samba", 7), ("cutthroat", 8)])
def test_the_deal_breakdown_shows_the_melds_as_the_deal_ended(rules: str, seed: int) -> None:
    """Just after the action that ends a deal, every seat's and the spectator's breakdown
    shows each side's melds as the table showed them at the deal's end (suits and all; in
    cutthroat each seat's column shows its partnership's); the next action leaves them
    out."""
    game = Game(rules, seed)
    ledger = ledger_of(game)
    bots = [make_bot("greedy", seed + s) for s in range(game.num_players)]
    while game.deal_number == 1:
        action = bots[game.current_player].act(game.view(game.current_player))
        ended, table = game.clone(), ledger.copy()  # followed apart to the deal's end
        ledger.play(game, action)
    ended.state.match.one_hand = True
    ended.apply(action)
    table.follow(ended.state)
    names = ("Ann", "Bob", "Bea", "Cy")[:game.num_players]
    for seat in (*range(game.num_players), None):
        facts = table_facts(game.view(seat), suits=ledger.seen_by(seat)) if seat is not None \
            else spectator_facts(public_view(game), names, suits=ledger.seen_by(None))
        shown = table_facts(ended.view(seat), suits=table.seen_by(seat)) if seat is not None \
            else spectator_facts(public_view(ended), names, suits=table.seen_by(None))
        assert facts.last_deal is not None and facts.last_deal.deal == 1
        # each score column's side as the deal ended (cutthroat: two seats are partners here)
        tables = game.results[-1].seat_sides or range(len(shown.sides))
        assert len(set(tables)) < len(tables) or not game.results[-1].seat_sides
        assert [side.melds for side in facts.last_deal.sides] == \
            [shown.sides[tables[column]].melds for column in range(len(shown.sides))], seat
        assert any(side.melds for side in facts.last_deal.sides)
        assert not any(side.melds for side in facts.sides)  # the new deal's table
    seat = game.current_player
    ledger.play(game, bots[seat].act(game.view(seat)))
    after = table_facts(game.view(seat), suits=ledger.seen_by(seat)).last_deal
    assert after is not None and not any(side.melds for side in after.sides)


def test_the_games_last_breakdown_shows_the_tables_melds() -> None:
    game = position(hands={0: "K 5", 1: "4 6", 2: "7 8", 3: "9 10"},
                    melds={0: ["K K K K K K", "Q Q Q"]}, pile="4", drew=True,
                    phase=MELD, scores=[4900, 100])
    ledger = ledger_of(game)
    for move in ("add K K", "discard 5"):
        ledger.play(game, move)
    assert game.is_terminal()
    facts = table_facts(game.view(1), suits=ledger.seen_by(1))
    assert facts.last_deal is not None
    assert [side.melds for side in facts.last_deal.sides] == [s.melds for s in facts.sides]
    assert all(card.eye for card in facts.last_deal.sides[0].melds[0].cards)
