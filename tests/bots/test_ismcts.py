"""The search bot's scoring of its samples, on hand-built positions."""

from __future__ import annotations

import math
import os
import signal
import subprocess
import sys
import time

import pytest

from canasta import Game
from canasta.bots import BotError, Decision, kinds, make_bot
from canasta.bots.greedy import GreedyBot
from canasta.bots.ismcts import (
    MISFIT,
    PRUNE_FROM,
    ROLLOUTS,
    WORLD_TRIES,
    IsmctsBot,
    Search,
    helpers,
    pooled,
    sample_part,
)
from canasta.bots.outcomes import outcome_of
from canasta.bots.priors import (
    DISCARDED,
    PASSED,
    discard_fits,
    keeps_pairs,
    melders,
    with_reads,
)
from canasta.cards import NUM_KINDS, parse_kind
from canasta.engine.actions import Action
from canasta.engine.determinize import before_discard
from canasta.engine.view import PlayerView
from tests.helpers import MELD, position
from tests.processes import alive, gone


def test_an_action_that_ends_the_hand_is_scored_with_the_hands_result() -> None:
    """Going out scores its bonus (docs/rules.md, seed 000 "Going out": 100 points): the outcome of
    the meld that ends the hand is the hand's own margin, not an estimate of the table."""
    game = position(hands={0: "K K K", 1: "4 6 10 Q", 2: "4 4", 3: "6 6"},
                    melds={0: ["A A A A A A A"], 1: ["Q Q Q"]}, pile="4 5", current=0,
                    phase=MELD, drew=True)
    outcome = IsmctsBot().outcome(game, Action.parse("meld K K K"), 0)
    game.apply("meld K K K")
    sides = game.results[0].sides
    assert game.results[0].went_out == 0 and sides[0].going_out == 100
    assert outcome == math.tanh((sides[0].total - sides[1].total) / 1000)


def test_a_hand_that_ends_the_game_counts_as_a_whole_win_or_loss() -> None:
    """The search's units (``outcome_of``): a hand that ends the game is ±1 however close, a tie
    counting as no win; any other hand is its margin through tanh, so bigger margins count
    more, ever less."""
    assert outcome_of(10, True, 1000) == 1.0 and outcome_of(-3000, True, 1000) == -1.0
    assert outcome_of(0, True, 1000) == -1.0
    assert outcome_of(500, False, 1000) == math.tanh(0.5)
    assert outcome_of(-500, False, 500) == -outcome_of(500, False, 500) == -math.tanh(1)


def test_the_melders_prior_keeps_meldable_cards_out_of_opened_hands() -> None:
    """Side 1 has melded queens: a seat of side 1 with more than three cards seldom holds a
    queen or a third natural of a rank; side 0 has not opened, so anything goes there."""
    game = position(hands={0: "4 5 6 7", 1: "4 6 10 J 9", 2: "4 4", 3: "6 6 8 8"},
                    melds={1: ["Q Q Q"]}, pile="4 5", current=0)
    likely = melders(game.view(0), 0.1)
    hand = [0] * NUM_KINDS
    assert likely(1, parse_kind("Q"), hand) == 0.1
    assert likely(1, parse_kind("K"), hand) == 1.0
    hand[parse_kind("K")] = 2
    assert likely(1, parse_kind("K"), hand) == 0.1
    assert likely(1, parse_kind("2"), hand) == 1.0  # wild cards are kept for canastas
    assert likely(2, parse_kind("Q"), hand) == 1.0  # side 0 has not opened


def test_the_reads_weigh_what_each_seat_discarded_and_passed_on() -> None:
    """Seat 3 discarded a king and a 2 this deal and passed on a jack, seat 2 passed on a 9;
    the reads deal seat 3 any king, and the jack that pairs one it holds, less often (a wild
    card it threw weighs nothing), and leave seat 2 alone but for what ``melders`` says."""
    game = position(hands={0: "4 5 6 7", 1: "4 6 10 J 9", 2: "4 4 8", 3: "6 6 8 8"},
                    melds={1: ["Q Q Q"]}, pile="5 9 J K", current=0)
    k = parse_kind
    game.state.seats[3].discarded = 1 << k("K") | 1 << k("2")
    game.state.seats[3].passed = 1 << k("J")
    game.state.seats[2].passed = 1 << k("9")
    view = game.view(0)
    assert view.discarded == (0, 0, 0, 1 << k("K") | 1 << k("2"))
    likely = with_reads(view, melders(view, 0.1))
    hand = [0] * NUM_KINDS
    assert likely(3, k("K"), hand) == DISCARDED
    assert likely(3, k("2"), hand) == 1.0  # wild cards are not read
    assert likely(3, k("J"), hand) == 1.0  # a single jack is no pair
    hand[k("J")] = 1
    assert likely(3, k("J"), hand) == PASSED  # the jack that pairs the one it passed on
    assert likely(3, k("Q"), hand) == 0.1 * 1.0  # the melders prior still holds
    assert likely(2, k("J"), hand) == 1.0
    hand[k("9")] = 1
    assert likely(2, k("9"), hand) == PASSED


def test_the_pairs_prior_favours_the_card_that_pairs_a_natural() -> None:
    """Players keep pairs and throw odd cards (``pairs``): every card but the one that makes
    a natural pair is dealt with the weight, on top of the other priors (seat 3's side has
    opened: ``melders`` weighs its third natural too); a third natural and a wild card are
    not pairs."""
    game = position(hands={0: "4 5 6 7", 1: "4 6 10 J 9", 2: "4 4 8", 3: "6 6 8 8"},
                    melds={1: ["Q Q Q"]}, pile="5 9 J K", current=0)
    view, k = game.view(0), parse_kind
    likely = keeps_pairs(melders(view, 0.1), 0.5)
    hand = [0] * NUM_KINDS
    hand[k("K")], hand[k("7")] = 1, 2
    # seat 2's side has not opened: melders leaves it alone
    assert likely(2, k("K"), hand) == 1.0  # makes a pair of kings
    assert likely(2, k("J"), hand) == 0.5  # a new single
    assert likely(2, k("7"), hand) == 0.5  # a third seven
    assert likely(2, k("2"), hand) == 0.5  # a wild card pairs nothing
    assert likely(3, k("7"), hand) == 0.1 * 0.5  # melders' third natural, and no pair
    assert keeps_pairs(None, 0.5)(3, k("K"), hand) == 1.0


def test_the_pairs_prior_deals_the_other_hands_more_pairs() -> None:
    """Dealt with ``pairs=0.5``, the other hands hold more natural pairs than dealt without."""
    game = Game("classic", 5)
    view = game.view(game.current_player)

    def pairs(spec: str) -> int:
        bot = make_bot(spec, seed=3)
        assert isinstance(bot, IsmctsBot)
        likely = bot.likelihood(view)
        total = 0
        for _ in range(100):
            world = bot.world(view, likely)
            total += sum(world.state.seats[s].hand[kind] >= 2 for s in range(4)
                         if s != view.seat for kind in range(NUM_KINDS) if kinds.is_natural(kind))
        return total
    assert pairs("ismcts:belief=1,pairs=0.5") > 1.2 * pairs("ismcts:belief=1")
    for bad in ("0", "1.5", "-1"):
        with pytest.raises(BotError, match="pairs above 0 and at most 1"):
            make_bot(f"ismcts:pairs={bad}")


def test_a_settled_decision_stops_early() -> None:
    """Going out beats keeping the kings on average, so the search stops at its first or
    second check (after ``settle`` samples, or twice as many); with ``settle=0`` it spends
    its whole budget."""
    game = position(hands={0: "K K K", 1: "4 6 10 Q", 2: "4 4", 3: "6 6"},
                    melds={0: ["A A A A A A A"], 1: ["Q Q Q"]}, pile="4 5", current=0,
                    phase=MELD, drew=True, scores=[3000, 1000])
    view = game.view(0)
    assert IsmctsBot(iterations=12, settle=4).search(view).samples in (4, 8)
    assert IsmctsBot(iterations=12, settle=0).search(view).samples == 12



class Scripted(IsmctsBot):
    """A search bot whose samples favour one action greedy does not play: in the first
    search of a decision only (a lucky streak), or in every search (a real gain)."""

    def __init__(self, favoured: Action, lucky: bool) -> None:
        super().__init__(iterations=6, confirm=1)
        self.favoured, self.lucky, self.calls = favoured, lucky, 0

    def search(self, view: PlayerView, seconds: float | None = None,
               actions: tuple[Action, ...] = (), base: Decision | None = None) -> Search:
        self.calls += 1
        return super().search(view, seconds, actions, base)

    def outcome(self, world: Game, action: Action, seat: int) -> float:
        streak = self.calls == 1 or not self.lucky
        return 0.5 if action == self.favoured and streak else 0.0


@pytest.mark.parametrize("lucky", [True, False])
def test_an_override_is_played_only_if_fresh_samples_confirm_it(lucky: bool) -> None:
    game = position(hands={0: "K K K 5 9", 1: "4 6 10 Q", 2: "4 4", 3: "6 6"},
                    melds={0: ["A A A A A A A"], 1: ["Q Q Q"]}, pile="4 5", current=0,
                    phase=MELD, drew=True)
    view = game.view(0)
    greedy = make_bot("greedy").decide(view).action
    favoured = next(a for a in view.legal_actions if a != greedy)
    bot = Scripted(favoured, lucky)
    decision = bot.decide(view)
    assert bot.calls == 2
    if lucky:
        assert decision.action == greedy and "did not hold up on 6 fresh samples" in decision.reason
    else:
        assert decision.action == favoured and "confirmed on 6 fresh samples" in decision.reason


class Slow(IsmctsBot):
    """A search bot on a clock of its own that each playout moves on by ``cost`` seconds."""

    def __init__(self, seconds: float, cost: float) -> None:
        super().__init__(seconds=seconds, settle=0)
        self.now, self.cost, self.playouts = 0.0, cost, 0
        self.clock = lambda: self.now

    def outcome(self, world: Game, action: Action, seat: int) -> float:
        self.now += self.cost
        self.playouts += 1
        return 0.0


def test_a_time_budget_is_held_within_one_playout() -> None:
    """Playouts of a second each: a budget that ends 1.5 s into the second sample stops it
    after its second playout, the cut sample dropped (every action keeps the one sample),
    rather than playing the whole of it. The first sample too: a budget shorter than one
    sample leaves none, and the bot plays greedy's choice after one playout (until
    2026-12-07 the first sample was always completed: in a Bolivia hand of 50 cards and 124
    legal actions, a one-second search took 25 s)."""
    game = position(hands={0: "K K K 5 9", 1: "4 6 10 Q", 2: "4 4", 3: "6 6"},
                    melds={0: ["A A A A A A A"], 1: ["Q Q Q"]}, pile="4 5", current=0,
                    phase=MELD, drew=True)
    view = game.view(0)
    actions = len(view.legal_actions)
    assert actions > 3
    bot = Slow(actions + 1.5, 1.0)
    found = bot.search(view)
    assert found.samples == 1 and {len(o) for o in found.outcomes.values()} == {1}
    assert bot.playouts == actions + 2
    short = Slow(0.5, 1.0)
    assert short.search(view).samples == 0 and short.playouts == 1
    decision = Slow(0.5, 1.0).decide(view)
    assert decision.action == GreedyBot().decide(view).action
    assert decision.reason.endswith("(no sample fitted in the time)")


def test_the_fast_rollout_plays_greedy_with_a_shorter_going_out_search() -> None:
    """``rollout=fast`` plays the playouts with greedy's ``ROLLOUTS`` options; greedy's choice
    is the full greedy's either way, and the default playouts are that same bot's."""
    fast = make_bot("ismcts:rollout=fast")
    assert isinstance(fast, IsmctsBot)
    assert fast.rollout.params.out_limit == ROLLOUTS["fast"]["out_limit"] < 300
    assert fast.policy.params.out_limit == 300
    plain = make_bot("ismcts")
    assert isinstance(plain, IsmctsBot) and plain.rollout is plain.policy
    with pytest.raises(BotError, match="rollout=slow: expected one of greedy, fast"):
        make_bot("ismcts:rollout=slow")
    with pytest.raises(BotError, match="rollout=5: expected one of greedy, fast"):
        make_bot("ismcts:rollout=5")  # read as a number, refused as a name


def test_a_world_fits_the_last_discard_where_greedy_would_have_thrown_it() -> None:
    """Seat 3 threw a 9 on the pile. In a world that deals it a black 3 it would have thrown
    the black 3 (of no use in hand); in one that deals it singles of 4, 6 and J, the 9 is its
    least useful card (a single of high points). Of uniform deals of that position about one
    in six fit seat 3's discard; the search keeps a misfit with chance ``MISFIT`` and draws
    again otherwise, ``WORLD_TRIES`` worlds at most, so its worlds fit 72% of the time."""
    greedy = GreedyBot()
    games = {held: position(hands={0: "5 5 7 8 10", 1: "4 6 10 J 8", 2: "4 8 8 Q Q", 3: held},
                            pile="6 Q 9", current=0, extra="turns 5")
             for held in ("B3 K K Q", "4 6 J K K")}
    fits = {held: discard_fits(game, greedy) for held, game in games.items()}
    assert fits == {"B3 K K Q": False, "4 6 J K K": True}
    view = games["4 6 J K K"].view(0)
    rates = []
    for discards in (0, 1):
        bot = IsmctsBot(seed=1, discards=discards)
        rates.append(sum(discard_fits(bot.world(view, None), greedy) for _ in range(200)))
    fit = rates[0] / 200
    again = (1 - fit) * (1 - MISFIT)  # a try neither fits nor keeps its misfit
    checked = WORLD_TRIES - 1  # the last world is kept unchecked
    expected = fit * (1 - again ** checked) / (1 - again) + again ** checked * fit
    assert fit < 0.3 and abs(rates[1] / 200 - expected) < 0.1


def test_with_discards_3_the_worlds_fit_the_last_discard_of_each_seat_the_pile_shows() -> None:
    """``discards=3``: a world is kept where each of the three seats before the one to play
    would have thrown the card it last threw (the pile still shows all three); such worlds fit
    the next seat's discard, three turns back, more often than worlds drawn without the
    check (at this position of greedy self-play, about 45% and 85%). A negative count is
    refused."""
    game, greedy = Game("classic", 0), GreedyBot()
    while not (game.phase == 0 and game.state.table.turns > 11 and before_discard(game, 3)):
        game.apply(greedy.act(game.view(game.current_player)))
    view = game.view(game.current_player)
    rates = []
    for discards in (0, 3):
        bot = IsmctsBot(seed=1, discards=discards)
        rates.append(sum(discard_fits(bot.world(view, None), greedy, 3) for _ in range(200)))
    assert rates[0] < 120 and rates[1] > rates[0] + 40
    with pytest.raises(BotError, match="must be >= 0"):
        make_bot("ismcts:discards=-1")


def a_middle_game_view() -> PlayerView:
    """A view of classic greedy self-play some way into the hand, with several choices."""
    game, greedy = Game("classic", 11), GreedyBot()
    for _ in range(40):
        game.apply(greedy.act(game.view(game.current_player)))
    while len(game.legal_actions()) < 3:
        game.apply(greedy.act(game.view(game.current_player)))
    return game.view(game.current_player)


def test_samples_drawn_in_a_helper_process_are_pooled_with_this_ones_in_a_fixed_order() -> None:
    """``processes=2`` on an iteration budget: half the samples here, half in a helper
    process with a seed drawn from the bot's, pooled in that order; the same as drawing both
    halves here, so the bot stays deterministic for its seed."""
    view = a_middle_game_view()
    found = IsmctsBot(seed=5, iterations=8, settle=0, processes=2).search(view)
    again = IsmctsBot(seed=5, iterations=8, settle=0, processes=2)
    base = again.policy.decide(view)
    helper = again.helper(4)
    here = again.sample(view, 0.0, (), base, 4)
    there = helper.sample(view, 0.0, (), base, 4)
    assert found.samples == 8 and found.outcomes == pooled(here, there).outcomes
    assert any(o[:4] != o[4:] for o in found.outcomes.values())  # two seeds, two sets of deals


def test_a_helper_that_starts_after_its_time_adds_nothing() -> None:
    view = a_middle_game_view()
    bot = IsmctsBot(seconds=0.5, processes=2)
    base = bot.policy.decide(view)
    assert sample_part(bot.helper(0), view, 0.5, time.time() - 1.0, (), base) is None
    found = sample_part(bot.helper(0), view, 0.5, time.time(), (), base)
    assert found is not None and found.samples >= 1


def test_a_search_whose_helpers_were_killed_keeps_its_own_samples_and_the_next_has_new_ones(
        ) -> None:
    view = a_middle_game_view()
    bot = IsmctsBot(iterations=8, settle=0, processes=2)
    assert bot.search(view).samples == 8
    os.kill(helpers(1).submit(os.getpid).result(), signal.SIGKILL)  # the one helper
    assert bot.search(view).samples == 4  # its own half: the broken pool served nothing
    assert bot.search(view).samples == 8


def test_a_helper_ends_when_the_process_that_made_it_is_killed() -> None:
    """A search's helpers never outlive their process: killed (kill -9, as a server's bot
    worker or a match may be), it leaves no helper waiting for work that cannot come."""
    make = ("import os, sys, time\n"
            "from canasta.bots.ismcts import helpers\n"
            "print(helpers(1).submit(os.getpid).result(), flush=True)\n"
            "time.sleep(120)\n")
    maker = subprocess.Popen([sys.executable, "-c", make], stdout=subprocess.PIPE, text=True)
    assert maker.stdout is not None
    helper = int(maker.stdout.readline())
    assert alive(helper)
    maker.kill()
    maker.wait()
    assert gone(helper, within=30)


def test_helpers_start_where_a_face_has_captured_standard_error() -> None:
    """A terminal face captures ``sys.stderr`` with an object whose ``fileno()`` is -1
    (Textual's): the search's helpers start all the same (multiprocessing's resource tracker
    once failed on that file, 'bad value(s) in fds_to_keep', and ``canasta play --level
    expert`` stopped at the bots' first search)."""
    script = ("import io, sys\n"
              "class Captured(io.StringIO):\n"
              "    def fileno(self): return -1\n"
              "sys.stderr = Captured()\n"
              "from canasta import Game\n"
              "from canasta.bots.ismcts import IsmctsBot\n"
              "game = Game('classic', 3)\n"
              "bot = IsmctsBot(iterations=8, settle=0, processes=2)\n"
              "print(bot.search(game.view(game.current_player)).samples, flush=True)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "8"


@pytest.mark.parametrize("processes", [0, 17, -1])
def test_a_count_of_processes_out_of_range_is_refused(processes: int) -> None:
    with pytest.raises(BotError, match=f"processes={processes}: expected 1 to 16"):
        make_bot(f"ismcts:processes={processes}")


class Hopeless(IsmctsBot):
    """A search bot whose samples find one action (``bad``) always worse than greedy's
    choice, and every other action level with it."""

    def __init__(self, bad: Action, prune: float) -> None:
        super().__init__(iterations=10, settle=0, prune=prune)
        self.bad = bad

    def outcome(self, world: Game, action: Action, seat: int) -> float:
        return -0.5 if action == self.bad else 0.0


def test_an_action_that_cannot_clear_the_bar_is_no_longer_played() -> None:
    """With ``prune`` an action whose gain over greedy's choice plus ``prune`` standard
    errors is not above ``min_gain`` after ``PRUNE_FROM`` samples is dropped: its outcomes
    stop there, the others have every sample, and the choice never falls on it. Without
    ``prune`` every action is played on every sample."""
    view = a_middle_game_view()
    base = GreedyBot().decide(view).action
    bad = next(a for a in view.legal_actions if a != base)
    found = Hopeless(bad, prune=1).search(view)
    assert found.samples == 10 and len(found.outcomes[bad]) == PRUNE_FROM
    assert bad in found.pruned and base not in found.pruned
    # the others level with greedy's choice on every sample: dropped too, greedy's kept
    assert found.pruned == frozenset(view.legal_actions) - {base}
    assert len(found.outcomes[base]) == 10
    unpruned = Hopeless(bad, prune=0).search(view)
    assert not unpruned.pruned
    assert {len(o) for o in unpruned.outcomes.values()} == {10}


def test_pooled_searches_drop_an_action_either_dropped() -> None:
    base = Decision(Action.parse("draw"), "greedy")
    other = Action.parse("discard 7")
    one = Search(base, {base.action: [0.0], other: [0.1]}, 1, frozenset({other}))
    two = Search(base, {base.action: [0.0], other: [0.2]}, 1)
    assert pooled(one, two).pruned == pooled(two, one).pruned == frozenset({other})


class Banked(IsmctsBot):
    """A search bot on a clock of its own whose searches take the times given, in turn, and
    that records the time each was given."""

    def __init__(self, bank: float, took: list[float]) -> None:
        super().__init__(seconds=1.0, bank=bank)
        self.now, self.took, self.given = 0.0, took, list[float]()
        self.clock = lambda: self.now

    def searched(self, view: PlayerView, seconds: float) -> Decision:
        self.given.append(seconds)
        self.now += min(self.took.pop(0), seconds)
        return Decision(view.legal_actions[0], "scripted")


def test_a_decision_may_spend_time_earlier_ones_left_up_to_the_bank() -> None:
    """``bank``: a decision that settles in 0.2 s of its 1 s leaves 0.8 s; the next may add
    up to ``bank`` (0.5) of it, the one after what is left (0.3), then 1 s again; the
    decisions never take more than 1 s each on average. Without a bank each has 1 s."""
    view = a_middle_game_view()
    bot = Banked(0.5, [0.2, 5.0, 5.0, 5.0])
    for _ in range(4):
        bot.decide(view)
    assert bot.given == pytest.approx([1.0, 1.5, 1.3, 1.0])
    assert bot.now <= 4 * 1.0
    plain = Banked(0.0, [0.2, 5.0, 5.0])
    for _ in range(3):
        plain.decide(view)
    assert plain.given == pytest.approx([1.0, 1.0, 1.0])


def test_a_process_whose_helpers_cannot_start_searches_alone_after_one_try() -> None:
    """A script read from stdin cannot be imported again by a spawned helper: the first
    search's helpers fail to start, once, with a warning; that search keeps its own half of
    the samples and every later one samples all of them here, without trying again."""
    script = ("from canasta import Game\n"
              "from canasta.bots.ismcts import IsmctsBot\n"
              "game = Game('classic', 3)\n"
              "view = game.view(game.current_player)\n"
              "bot = IsmctsBot(iterations=8, settle=0, processes=2)\n"
              "print([bot.search(view).samples for _ in range(3)], flush=True)\n")
    done = subprocess.run([sys.executable, "-"], input=script, capture_output=True, text=True,
                          timeout=120, check=True)
    assert done.stdout.strip() == "[4, 8, 8]"
    assert done.stderr.count("helper processes cannot start here") == 1
