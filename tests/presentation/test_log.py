"""The move log in the third person, with names, never saying a card the seat cannot know
(docs/presentation.md, "The move log")."""

from __future__ import annotations

import re
from collections import Counter

from canasta import Game
from canasta.bots import make_bot
from canasta.cards import TWO, parse_kind
from canasta.engine.actions import Action
from canasta.presentation import MoveSuits, SuitLedger, describe_move, moves_log, table_facts
from canasta.presentation.cards import eyed
from canasta.server.gallery import log_lines, public_view
from tests.helpers import MELD, position

NAMES = ("Ann", "Bob", "Bea", "Cy")
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def watched(game: Game, action: str, seat: int = 0) -> tuple[str, ...]:
    """The log lines ``seat`` gets for ``action``, played now."""
    before = game.view(seat)
    played = game.legal_actions()[[str(a) for a in game.legal_actions()].index(action)]
    game.apply(played)
    return describe_move(before, played, game.view(seat), NAMES)


def test_a_partners_take_names_the_partner_the_rank_and_the_size() -> None:
    pile = "4 5 6 7 8 10 J Q 4 5 6 7 8 9"
    game = position(hands={2: "9 9 5 6"}, melds={0: ["K K K"]}, pile=pile, current=2)
    assert watched(game, "take pair") == \
        ("Bea (your partner) took the pile with two 9s: 14 cards.",)


def test_another_seats_draw_says_only_what_everyone_saw() -> None:
    game = position(hands={3: "5 6 7"}, melds={1: ["K K K"]}, pile="4", current=3,
                    stock="Q 9 A R3")
    assert watched(game, "draw") == ("Cy drew a red 3 and laid it out.",)
    game = position(hands={3: "5 6 7"}, melds={1: ["K K K"]}, pile="4", current=3,
                    stock="Q 9 A")
    lines = watched(game, "draw")
    assert lines == ("Cy drew from the stock.",)


def test_the_seat_is_told_what_it_drew() -> None:
    game = position(hands={0: "5 6 7"}, melds={0: ["K K K"]}, pile="4", stock="Q 9 A")
    assert watched(game, "draw") == ("You drew an ace.",)
    game = position(hands={0: "5 6 7"}, melds={0: ["K K K"]}, pile="4", stock="Q 9 R3")
    assert watched(game, "draw") == ("You drew a red 3 and laid it out, then a 9.",)


def test_melds_additions_and_discards_in_the_third_person() -> None:
    game = position(hands={1: "9 9 2 K 5 6"}, melds={1: ["K K K"]}, pile="4", current=1,
                    phase=MELD, drew=True)
    assert watched(game, "meld 9 9 2") == ("Bob melded two 9s and a 2.",)
    assert watched(game, "add K K") == ("Bob added a king to their kings.",)
    assert watched(game, "discard 5", seat=2) == ("Bob discarded a 5.",)
    game = position(hands={2: "K 5 6 7"}, melds={0: ["K K K"]}, pile="4", current=2,
                    phase=MELD, drew=True)
    assert watched(game, "add K K") == ("Bea (your partner) added a king to your side's kings.",)


def test_going_out_ends_the_deal_with_its_breakdown() -> None:
    game = position(hands={1: "K 5"}, melds={1: ["K K K K K K K", "Q Q Q"]}, pile="4",
                    current=1, phase=MELD, drew=True)
    lines = watched(game, "add K K")
    lines += watched(game, "discard 5")
    assert lines[0] == "Bob added a king to their kings."
    assert lines[1] == "Bob discarded a 5 and went out."
    assert lines[2].startswith("Deal 1 ended: Bob went out. Your side ")
    assert "Bob and Cy +" in lines[2]


def test_the_opening_commit_and_the_partners_answer() -> None:
    game = position(hands={0: "K K K Q Q Q 5 6"}, pile="4", phase=MELD, drew=True)
    watched(game, "meld K K K")
    watched(game, "meld Q Q Q")
    assert watched(game, "commit", seat=1) == ("Ann made the initial meld (60 points).",)
    game = position(hands={0: "K 5", 2: "4 4"}, melds={0: ["Q Q Q"]}, pile="7")
    assert watched(game, "ask", seat=1) == ("Ann asked: may I go out?",)
    assert watched(game, "no") == ("Bea (your partner) answered no: no going out this turn.",)


def test_moves_log_tells_a_game_again_as_it_was_watched() -> None:
    start = Game("classic", 11)
    game, bot = start.clone(), make_bot("greedy", 11)
    eye = SuitLedger.of_game(game)
    watched_log: list[str] = []
    while len(game.history) < 150 and not game.is_terminal():
        before = game.view(1)
        action = bot.act(game.view(game.current_player))
        eye.play(game, action)
        watched_log += describe_move(before, action, game.view(1), NAMES, eye.move_seen_by(1))
    assert any(" of " in line for line in watched_log)  # suits named
    digest = start.digest()
    assert moves_log(start, game.history, 1, NAMES) == tuple(watched_log)
    tail = moves_log(start, game.history, 1, NAMES, last=10)
    assert len(tail) >= 10 and tail == tuple(watched_log[-len(tail):])
    assert moves_log(start, game.history, 1, NAMES, last=0) == ()
    assert start.digest() == digest and start.history == []  # the start is not changed


def suited_play(game: Game, action: str, seat: int = 0, eye: SuitLedger | None = None
                ) -> tuple[tuple[str, ...], tuple[str, ...], SuitLedger]:
    """``action`` played now with a ledger following (``eye``, or a new one for a game that
    has played nothing): the lines ``seat`` and a spectator get with the suits, and the
    ledger after it."""
    eye = eye or SuitLedger.of_game(game)
    before, seen_before = game.view(seat), public_view(game)
    played = game.legal_actions()[[str(a) for a in game.legal_actions()].index(action)]
    eye.play(game, played)
    return (describe_move(before, played, game.view(seat), NAMES, eye.move_seen_by(seat)),
            log_lines(seen_before, played, public_view(game), NAMES, eye.move_seen_by(None)),
            eye)


def test_a_discard_names_the_suit_the_pile_shows_to_every_seat_and_spectator() -> None:
    for seat in range(4):
        game = position(hands={1: "5 5 6 7"}, melds={1: ["K K K"]}, pile="4", current=1,
                        phase=MELD, drew=True)
        lines, spectators, eye = suited_play(game, "discard 5", seat)
        top = eye.seen_by(seat).pile[-1]
        assert top in SUIT_WORDS and eye.seen_by(None).pile[-1] == top
        who = {1: "You", 3: "Bob (your partner)"}.get(seat, "Bob")
        assert lines == (f"{who} discarded a 5 of {SUIT_WORDS[top]}.",)
        assert spectators == (f"Bob discarded a 5 of {SUIT_WORDS[top]}.",)


def test_the_seats_own_draw_names_the_suits_of_its_new_cards_and_no_one_elses() -> None:
    game = position(hands={0: "5 6 7"}, melds={0: ["K K K"]}, pile="4", stock="Q 9 A")
    lines, spectators, eye = suited_play(game, "draw")
    (code, suit), = eye.seen_by(0).new
    assert lines == (f"You drew {'an ' + eyed(code, suit).words}.",)
    assert lines[0].startswith("You drew an ace of ")
    assert spectators == ("Ann drew from the stock.",)
    game = position(hands={0: "5 6 7"}, melds={0: ["K K K"]}, pile="4", stock="Q 9 A")
    lines, _, _ = suited_play(game, "draw", seat=1)
    assert lines == ("Ann drew from the stock.",)
    game = position(hands={0: "5 6 7"}, melds={0: ["K K K"]}, pile="4", stock="Q 9 R3")
    lines, _, eye = suited_play(game, "draw")
    nine = dict(eye.seen_by(0).new)[9]
    assert lines == (f"You drew a red 3 and laid it out, then a 9 of {SUIT_WORDS[nine]}.",)


def test_the_action_that_ends_a_deal_names_the_suits_it_laid() -> None:
    """The ledger follows a deal-ending action to the deal's end before the next deal's
    cards: its lines name the cards it laid and the card it discarded, as any other's."""
    game = position(hands={1: "5 Q"}, melds={1: ["K K K K K K K", "Q Q Q"]}, pile="4",
                    current=1, phase=MELD, drew=True)
    eye = SuitLedger.of_game(game)
    held = dict(eye.seen_by(1).hand)
    queen, five = (eyed(parse_kind(rank), held[parse_kind(rank)]).words for rank in "Q5")
    _, _, eye = suited_play(game, "add Q Q", seat=1, eye=eye)
    lines, spectator, eye = suited_play(game, "discard 5", seat=1, eye=eye)
    assert lines[0] == f"You discarded a {five} and went out."
    assert spectator[0] == f"Bob discarded a {five} and went out."
    assert game.deal_number == 2 and eye.seen_by(None).pile != eye.move_seen_by(None).pile
    # out by laying the last card
    game = position(hands={1: "Q"}, melds={1: ["K K K K K K K", "Q Q Q"]}, pile="4",
                    current=1, phase=MELD, drew=True)
    lines, spectator, eye = suited_play(game, "add Q Q", seat=1)
    assert lines[0] == f"You added a {queen} to your queens and went out."
    assert spectator[0] == f"Bob added a {queen} to their queens and went out."


def test_move_suits_give_the_new_cards_to_their_seat_alone() -> None:
    game = position(hands={0: "5 6 7"}, melds={0: ["K K K"]}, pile="4", stock="Q 9 A")
    eye = SuitLedger.of_game(game)
    game.apply("draw")
    eye.follow(game.state)
    told = MoveSuits.of(eye, 0)
    assert told.seen_by(0).new == eye.seen_by(0).new != ()
    assert told.seen_by(0).pile == told.seen_by(1).pile == (eye.seen_by(None).pile[-1],)
    for other in (1, 2, 3, None):
        assert told.seen_by(other).new == ()


def named_suits(words: str) -> Counter[str]:
    """The suits a log line's parenthesis counts ("both hearts", "two spades and a club",
    "a heart, a club and a spade"), by the letter."""
    letters = {"spade": "S", "heart": "H", "diamond": "D", "club": "C"}
    counts: Counter[str] = Counter()
    for part in words.replace(" and ", ", ").split(", "):
        number, suit = part.split(" ")
        counts[letters[suit.removesuffix("s")]] += {"a": 1, "both": 2, "two": 2,
                                                     "three": 3, "all": 3}[number]
    return counts


def held(eye: SuitLedger, seat: int, kind: int) -> list[str]:
    return [suit for code, suit in eye.seen_by(seat).hand if code == kind]


def test_a_meld_and_an_addition_name_the_suits_of_the_cards_laid() -> None:
    """The picked cards are laid (``SuitLedger.prefer``), and every seat and the spectators
    read their suits, the ones the table shows."""
    game = position(hands={1: "9 9 9 9 2 K 5 6"}, melds={1: ["K K K"]}, pile="4", current=1,
                    phase=MELD, drew=True)
    eye = SuitLedger.of_game(game)
    nines, (two,), (king,) = (held(eye, 1, parse_kind(k)) for k in ("9", "2", "K"))
    picked = [(parse_kind("9"), nines[3]), (parse_kind("9"), nines[1]), (TWO, two)]
    eye.prefer(1, picked)
    for seat in (0, 1, 3):
        lines, spectators, _ = suited_play(game.clone(), "meld 9 9 2", seat, eye.copy())
        who = {1: "You", 3: "Bob (your partner)"}.get(seat, "Bob")
        match = re.fullmatch(re.escape(who) + r" melded two 9s \((.+)\) and a 2 of (\w+)\.",
                             lines[0])
        assert match, lines
        assert named_suits(match[1]) == Counter([nines[3], nines[1]])
        assert match[2] == SUIT_WORDS[two]
        assert spectators == (lines[0].replace(who, "Bob"),)
    _, _, eye = suited_play(game, "meld 9 9 2", 1, eye)
    assert Counter(eye.seen_by(None).meld(1, parse_kind("9"))) == Counter([nines[3], nines[1], two])
    lines, spectators, _ = suited_play(game, "add K K", 0, eye)
    assert lines == spectators == (f"Bob added a king of {SUIT_WORDS[king]} to their kings.",)


def test_a_take_names_the_suits_of_the_pair_and_of_the_card_added_to_a_meld() -> None:
    pile = "4 5 6 7 8 10 J Q 4 5 6 7 8 9"
    game = position(hands={2: "9 9 5 6"}, melds={0: ["K K K"]}, pile=pile, current=2)
    eye = SuitLedger.of_game(game)
    pair = held(eye, 2, parse_kind("9"))
    lines, spectators, _ = suited_play(game, "take pair", 0, eye)
    match = re.fullmatch(r"Bea \(your partner\) took the pile with two 9s \((.+)\): "
                         r"14 cards\.", lines[0])
    assert match and named_suits(match[1]) == Counter(pair)
    assert spectators == (lines[0].replace(" (your partner)", ""),)
    game = position(hands={0: "5 6 7"}, melds={0: ["K K K"]}, pile="4 K")
    eye = SuitLedger.of_game(game)
    top = eye.seen_by(None).pile[-1]
    lines, _, _ = suited_play(game, "take meld", 0, eye)
    assert lines == (f"You took the pile by adding the king of {SUIT_WORDS[top]} to your "
                     "kings: 2 cards.",)


def test_a_partner_whose_name_ends_in_a_parenthesis_is_named_once_in_it() -> None:
    """A bot's seat is named with its level, "Bea (club)": its partner reads "Bea (club,
    your partner)", not "Bea (club) (your partner)"; the seat's fact says so (``who``), and
    the page finds the seat's last move in the log by it."""
    names = ("Ann", "Bob (club)", "Bea (club)", "Cy (club)")
    game = position(hands={2: "K 5 6 7"}, melds={0: ["K K K"]}, pile="4", current=2,
                    phase=MELD, drew=True)
    before = game.view(0)
    game.apply("add K K")
    line, = describe_move(before, Action.parse("add K K"), game.view(0), names)
    assert line == "Bea (club, your partner) added a king to your side's kings."
    seats = table_facts(game.view(0), names).seats
    assert [s.who for s in seats] == ["You", "Bob (club)", "Bea (club, your partner)",
                                      "Cy (club)"]
    assert line.startswith(seats[2].who + " ")
