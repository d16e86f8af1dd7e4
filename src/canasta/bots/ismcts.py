"""The search bot: determinized Monte Carlo search over the hidden cards, on top of greedy.

Each iteration samples the hidden cards consistently with the view (``determinize``: cards
others are known to hold stay with them, the rest are dealt at random), then tries *every*
legal action in that same sample and plays each on with the greedy bot at every seat to the
end of the hand (or for ``horizon`` turns), scoring each side's margin. Trying every action on
the same samples compares them on the same luck, so few samples tell them apart. The action
with the best mean is played only when its gain over the greedy bot's own choice, sample by
sample, is clear: its mean less ``z`` standard errors must exceed ``min_gain``. Search refines
the heuristic and keeps it where the samples cannot tell. A decision where nothing has done
better than greedy's choice after a few samples (``settle``) stops there: about half of them.

This is the flat, determinized form of information-set Monte Carlo search (one level of
actions, the policy below it): over a turn of many small actions it needs far fewer samples
than a tree to improve on its policy.

The budget is ``iterations`` samples per decision, or ``seconds`` per decision (then the
number of samples depends on the machine). With an iteration budget the bot is deterministic
for its seed. With ``processes`` > 1 the samples are drawn in that many processes at once (this
one and helpers), each with its own seed, and pooled: as many more samples in the same time.
"""

from __future__ import annotations

import copy
import multiprocessing
import multiprocessing.connection
import os
import random
import sys
import threading
import time
import warnings
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace
from multiprocessing import resource_tracker

from canasta.bots.base import BotBase, BotError, Decision, forced
from canasta.bots.evaluation import Evaluation, evaluation_for
from canasta.bots.greedy import GreedyBot
from canasta.bots.outcomes import margin_of, outcome_of, paired_gain
from canasta.bots.priors import discard_fits, keeps_pairs, melders, with_reads
from canasta.engine.actions import Action, ActionType
from canasta.engine.determinize import Likelihood, determinize
from canasta.engine.game import Game
from canasta.engine.view import PlayerView


@dataclass(frozen=True, slots=True)
class Search:
    """What one search found: the greedy bot's decision, and each legal action's outcomes
    (one per sample, the same samples for every action)."""

    base: Decision
    outcomes: dict[Action, list[float]]
    samples: int
    #: The actions dropped before the last sample (``prune``): their outcomes stop short.
    pruned: frozenset[Action] = frozenset()


Watch = Callable[[Game, Action], None]  #: told of each action of a playout (``playout``)

#: The share of a time budget kept for confirming an override (``confirm=1``).
CONFIRM_SHARE = 0.25

#: The playout policies (``rollout``), as greedy's options: greedy itself, or greedy whose
#: going-out turn search looks at 100 positions rather than 300 (docs/bots.md, "ismcts").
ROLLOUTS: dict[str, dict[str, float]] = {"greedy": {}, "fast": {"out_limit": 100}}

#: What a sample cut short by ``horizon`` is scored by (``evaluate``): the table's score as it
#: stands, or that plus the learned rest of the hand where a model fits the rules.
EVALUATIONS = ("table", "learned")

#: With ``discards=1``: the chance that a sampled world in which the seat that just discarded
#: would have thrown another card is kept all the same (people are not greedy bots), and the
#: worlds drawn at most for one sample (the last is kept whatever it holds).
MISFIT, WORLD_TRIES = 0.05, 10

#: With ``prune``: how many samples an action is played on before it may be dropped.
PRUNE_FROM = 4

#: The most processes one search may sample in (``processes``).
MAX_PROCESSES = 16

#: The helper processes of searches with ``processes`` > 1, a pool per count of helpers, made
#: when first needed and kept for this process's life, and no longer (``leave_with_parent``).
#: They are spawned, not forked: a server's threads are never copied into a child.
_HELPERS: dict[int, ProcessPoolExecutor] = {}

#: Each pool's first tasks (``ready``): whether its helpers ever started.
_READY: dict[int, list[Future[bool]]] = {}

#: Set when a pool broke before any of its helpers had started: helpers cannot start in this
#: process (its main module cannot be imported again, as a script read from stdin), and its
#: searches sample here alone rather than try again at every decision.
_CANNOT_START = threading.Event()


class IsmctsBot(BotBase):
    """Search over sampled games; see the module's docstring.

    ``iterations`` or ``seconds`` set the budget per decision (``iterations`` wins when both
    are given); ``horizon`` is how many turns each sample is played on (0: to the end of the
    hand); ``scale`` is the score margin worth about 0.76 of a win (outcomes are
    ``tanh(margin / scale)``, ±1 when the game ends); an action replaces the
    greedy choice when its mean gain over it, less ``z`` standard errors, exceeds ``min_gain``.
    ``belief`` (0.1) deals the other hands after how players meld (``melders``; 1 deals
    them uniformly). After ``settle`` samples, and again after twice as many and so on, the
    search stops early if no action has done better than greedy's choice on average (0:
    never). With ``confirm=1`` an override is played only if it also clears the bar on fresh
    samples of just the two actions (``iterations`` of them, or the last ``CONFIRM_SHARE`` of
    the time): the best of many noisy estimates is optimistic, and fresh samples are not.
    ``rollout`` names the policy of the playouts (``ROLLOUTS``); greedy's choice the search
    starts from is always the full greedy bot's. With ``reads=1`` the hands are also dealt
    after what each seat discarded and passed on this deal (``with_reads``). With
    ``discards=1`` a sampled world is kept where the seat that just discarded would, holding
    the hand it is dealt there, have thrown the card it threw, as greedy judges a discard
    (``discard_fits``); another is drawn otherwise, up to ``WORLD_TRIES`` (a misfit is kept
    with chance ``MISFIT``). ``discards=N`` checks the last N discards the pile shows so
    (``discards=3`` at a table of four: those of the seat before, the partner, the next seat).
    ``processes`` (1 to ``MAX_PROCESSES``) samples in that many processes at once, pooled
    (:meth:`search`). With ``prune`` > 0 an action is no longer played once, after at least
    ``PRUNE_FROM`` samples, its gain over greedy's choice plus ``prune`` standard errors is
    at most ``min_gain`` (it is not going to clear the bar): the samples go to the actions
    still in the running. With ``bank`` > 0 under a time budget, the time a decision leaves
    unused (one that settles early) is kept, and a later decision may add up to ``bank``
    seconds of it to its own ``seconds``: a clock that gains ``seconds`` a decision, as a
    chess clock with an increment and no starting time, so the decisions take ``seconds``
    each on average at most (each may run past its time by one playout, as without it).
    ``evaluate`` scores a sample that ``horizon`` cut short: ``table``, the table's score as
    it stands; ``learned``, that plus the rest of the hand's margin as learned from greedy
    self-play (``canasta.bots.evaluation``), where a model was trained under rules that play
    as these do; under other rules ``learned`` plays each sample to the end of the hand, as
    if there were no ``horizon`` (the table's score alone misjudges a hand cut short).
    ``pairs`` below 1 deals the other hands more natural pairs, as players keep them
    (``keeps_pairs``: every card but the one that pairs a natural is dealt with that weight).
    """

    name = "ismcts"
    searches = True
    clock = staticmethod(time.perf_counter)  #: the time budget's clock

    def __init__(self, seed: int = 0, iterations: int = 0, seconds: float = 0.0,
                 horizon: int = 0, scale: float = 1000.0, min_gain: float = 0.0,
                 z: float = 2.0, belief: float = 0.1, settle: int = 8,
                 confirm: int = 0, rollout: str = "greedy", reads: int = 0,
                 discards: int = 0, processes: int = 1, prune: float = 0.0,
                 bank: float = 0.0, evaluate: str = "table", pairs: float = 1.0) -> None:
        if evaluate not in EVALUATIONS:
            raise BotError(f"ismcts: evaluate={str(evaluate)[:24]}: expected one of "
                           f"{', '.join(EVALUATIONS)}")
        if rollout not in ROLLOUTS:
            raise BotError(f"ismcts: rollout={str(rollout)[:24]}: expected one of "
                           f"{', '.join(ROLLOUTS)}")
        if min(iterations, seconds, horizon, min_gain, z, settle, prune, bank, discards) < 0 or (
                scale <= 0 or not 0 <= belief <= 1 or not 0 < pairs <= 1):
            raise BotError("ismcts: iterations, seconds, horizon, min_gain, z, settle, prune, "
                           "bank and discards must be >= 0, scale > 0, belief between 0 and 1, "
                           "pairs above 0 and at most 1")
        if not 1 <= processes <= MAX_PROCESSES:
            raise BotError(f"ismcts: processes={processes}: expected 1 to {MAX_PROCESSES}")
        self.iterations = iterations if iterations or seconds else 20
        self.seconds = seconds
        self.horizon = horizon
        self.scale = scale
        self.min_gain = min_gain
        self.z = z
        self.belief = belief
        self.settle = settle
        self.confirm = bool(confirm)
        self.reads = bool(reads)
        self.discards = discards
        self.processes = processes
        self.prune = prune
        self.bank = bank
        self.pairs = pairs
        self.saved = 0.0  # seconds earlier decisions left unused (``bank``)
        self.learned = evaluate == "learned"
        self.evaluation: Evaluation | None = None  # the model for the rules searched under
        self.rng = random.Random(seed)
        self.policy = GreedyBot()
        # The full greedy policy plays the playouts as the same bot, the one whose choice the
        # search starts from (so its remembered going-out line carries over as it always did).
        self.rollout = GreedyBot(0, **ROLLOUTS[rollout]) if ROLLOUTS[rollout] else self.policy

    def decide(self, view: PlayerView) -> Decision:
        """Search from ``view``; play the best action found, or the greedy one."""
        only = forced(view)
        if only is not None:
            return only
        start = self.clock()
        try:
            return self.searched(view, self.seconds + min(self.saved, self.bank))
        finally:
            if self.bank and self.seconds:
                self.saved = max(0.0, self.saved + self.seconds - (self.clock() - start))

    def searched(self, view: PlayerView, seconds: float) -> Decision:
        """:meth:`decide`'s search, in ``seconds`` under a time budget."""
        share = CONFIRM_SHARE if self.confirm else 0.0
        found = self.search(view, seconds * (1 - share))
        decision = self.choose(found)
        if not self.confirm or decision.action == found.base.action:
            return decision
        check = self.search(view, seconds * share, (decision.action,), found.base)
        confirmed = self.choose(check)
        if confirmed.action == decision.action:
            return Decision(decision.action, f"{decision.reason}; confirmed on {check.samples} "
                                             "fresh samples")
        return Decision(found.base.action, f"{found.base.reason} (the search's {decision.action} "
                                           f"did not hold up on {check.samples} fresh samples)")

    def choose(self, found: Search) -> Decision:
        """The action of a search: the one whose gain over greedy's choice is clearest, if
        clear enough (``z``, ``min_gain``), else greedy's own."""
        base, outcomes, samples = found.base, found.outcomes, found.samples
        if not samples:
            return Decision(base.action, f"{base.reason} (no sample fitted in the time)")
        mine = outcomes[base.action]
        best, gain, bound = base.action, 0.0, 0.0
        for action, outcome in outcomes.items():
            if action in found.pruned:
                continue
            mean, low = paired_gain(outcome, mine, self.z)
            if low > bound and low > self.min_gain:
                best, gain, bound = action, mean, low
        if best == base.action:
            return Decision(base.action, f"{base.reason} (search agrees: mean outcome "
                                         f"{sum(mine) / samples:+.2f} over {samples} samples)")
        return Decision(best, f"search over {samples} samples: mean outcome "
                              f"{sum(outcomes[best]) / samples:+.2f}, {gain:+.2f} better than "
                              f"{base.action} (greedy)")

    def search(self, view: PlayerView, seconds: float | None = None,
               actions: tuple[Action, ...] = (), base: Decision | None = None) -> Search:
        """Sample worlds from ``view`` within the budget (``seconds`` if given, for a time
        budget); the outcomes of every legal action, or of ``actions`` and greedy's choice
        (``base``, if already known). With ``processes`` > 1, :meth:`sample` runs here and in
        ``processes - 1`` helper processes at once, each with a seed drawn from this bot's and
        a share of an iteration budget (the whole of a time budget), and their samples are
        pooled in a fixed order (so an iteration budget stays deterministic). A helper that
        starts after its time is up adds nothing; if the helpers' pool has broken (a helper
        killed), this decision keeps its own samples and the next makes a new pool."""
        base = base or self.policy.decide(view)
        budget = self.seconds if seconds is None else seconds
        n = self.processes
        if n == 1 or _CANNOT_START.is_set():
            return self.sample(view, budget, actions, base, self.iterations)
        shares = [self.iterations // n + (i < self.iterations % n) for i in range(n)]
        parts = [self.helper(share) for share in shares[1:]]
        pool = helpers(n - 1)
        try:
            futures = [pool.submit(sample_part, part, view, budget, time.time(), actions, base)
                       for part in parts]
        except BrokenProcessPool:
            broken(n - 1)
            futures = []
        found = self.sample(view, budget, actions, base, shares[0])
        for future in futures:
            try:
                part_found = future.result()
            except BrokenProcessPool:
                broken(n - 1)
                continue
            if part_found is not None:
                found = pooled(found, part_found)
        return found

    def helper(self, iterations: int) -> IsmctsBot:
        """A copy of this bot for one helper process: one process, ``iterations`` of an
        iteration budget, its own seed (drawn from this bot's)."""
        part = copy.copy(self)
        part.processes, part.iterations = 1, iterations
        part.rng = random.Random(self.rng.getrandbits(64))
        return part

    def sample(self, view: PlayerView, seconds: float, actions: tuple[Action, ...],
               base: Decision, iterations: int) -> Search:
        """:meth:`search`'s samples in this process: ``iterations`` of them (0: as many as
        ``seconds`` allow). Under a time budget the clock is read before each playout, not
        only between samples: a sample the deadline cuts short is dropped (every action keeps
        the same samples), so a decision overruns its time by one playout at most, however
        many actions there are and however loaded the machine is. The first sample too: where
        one sample takes longer than the budget (a hand of fifty cards, a hundred legal
        actions), the search has none and plays greedy's choice (:meth:`choose`)."""
        legal = (base.action, *actions) if actions else view.legal_actions
        outcomes: dict[Action, list[float]] = {a: [] for a in legal}
        if self.learned:
            self.evaluation = evaluation_for(view.rules)
        live = list(outcomes)  # the actions still played (all but those ``prune`` dropped)
        deadline = self.clock() + seconds
        likely = self.likelihood(view)
        mine = outcomes[base.action]
        samples, check = 0, self.settle
        while (samples < iterations) if iterations else self.clock() < deadline:
            world = self.world(view, likely)
            row: list[float] = []
            for action in live:
                if not iterations and self.clock() >= deadline:
                    break
                row.append(self.outcome(world, action, view.seat))
            if len(row) < len(live):
                break  # the time ran out within the sample: dropped, so all share the samples
            for action, value in zip(live, row, strict=True):
                outcomes[action].append(value)
            samples += 1
            if self.prune and samples >= PRUNE_FROM:
                live = [a for a in live if a == base.action or self.in_running(outcomes[a], mine)]
            if samples == check:
                check *= 2
                if all(sum(outcomes[a]) <= sum(mine) for a in live):
                    break  # settled: nothing has done better than greedy's choice
        return Search(base, outcomes, samples, frozenset(outcomes).difference(live))

    def likelihood(self, view: PlayerView) -> Likelihood | None:
        """The priors the other hands are dealt by from ``view`` (``belief``: ``melders``;
        ``reads``: ``with_reads``; ``pairs``: ``keeps_pairs``); None deals them uniformly."""
        likely = melders(view, self.belief) if self.belief < 1 else None
        likely = with_reads(view, likely) if self.reads else likely
        return keeps_pairs(likely, self.pairs) if self.pairs < 1 else likely

    def in_running(self, outcomes: list[float], base: list[float]) -> bool:
        """Whether an action may yet clear the bar (``prune``): its gain over greedy's choice
        plus ``prune`` standard errors (``paired_gain`` with ``z`` negated) exceeds
        ``min_gain``."""
        return paired_gain(outcomes, base, -self.prune)[1] > self.min_gain

    def world(self, view: PlayerView, likely: Likelihood | None) -> Game:
        """A game dealt to agree with ``view`` (``determinize``, weighted by ``likely``); with
        ``discards``, one that fits the last ``discards`` discards (``discard_fits``) where one
        is found."""
        world = determinize(view, self.rng, one_hand=True, likely=likely)
        for _ in range(WORLD_TRIES - 1 if self.discards else 0):
            if all(discard_fits(world, self.policy, back) for back in range(1, self.discards + 1)
                   ) or self.rng.random() < MISFIT:
                break
            world = determinize(view, self.rng, one_hand=True, likely=likely)
        return world

    def outcome(self, world: Game, action: Action, seat: int) -> float:
        """Play ``action`` in a copy of ``world``, then on with the greedy bot at every seat;
        the outcome for ``seat``'s side: ±1 if the hand ended the game, else
        ``tanh(margin / scale)`` of :meth:`margin`."""
        return outcome_of(*self.margin(world, action, seat), self.scale)

    def playout(self, world: Game, action: Action, watch: Watch | None = None) -> Game:
        """Play ``action`` in a copy of ``world``, then on with the greedy bot at every seat
        (to the end of the hand, or for ``horizon`` turns, unless ``evaluate=learned`` has no
        model for these rules): the game where it stopped.
        ``watch(game, action)`` is told of each of greedy's actions before it is applied (the
        reviews' evidence: ``canasta.bots.review``)."""
        game = world.clone()
        deals = len(game.results)
        game.apply(action)
        turns = 0
        horizon = 0 if self.learned and self.evaluation is None else self.horizon
        while not game.is_terminal() and len(game.results) == deals and (
                not horizon or turns < horizon):
            action = self.rollout.act(game.view(game.current_player))
            if watch is not None:
                watch(game, action)
            game.apply(action)
            turns += action.type == ActionType.DISCARD
        return game

    def margin(self, world: Game, action: Action, seat: int) -> tuple[float, bool]:
        """Play ``action`` out (:meth:`playout`): the points by which ``seat``'s side leads
        its best rival on the hand, and whether the hand ended the game (:func:`margin_of`);
        a hand cut short by ``horizon`` with the learned rest of it added (``evaluate``)."""
        return margin_of(self.playout(world, action), seat, len(world.results), self.evaluation)


def helpers(count: int) -> ProcessPoolExecutor:
    """The pool of ``count`` helper processes (``_HELPERS``), made when first asked for."""
    pool = _HELPERS.get(count)
    if pool is None:
        _start_tracker()
        pool = _HELPERS[count] = ProcessPoolExecutor(
            count, mp_context=multiprocessing.get_context("spawn"),
            initializer=leave_with_parent)
        # started now, so the first search is not left to wait for them
        _READY[count] = [pool.submit(ready) for _ in range(count)]
    return pool


def _start_tracker() -> None:
    """Start multiprocessing's resource tracker (a pool's queues need it) with this process's
    own standard error where ``sys.stderr`` is no file. A face may capture it (Textual's, in
    ``canasta play``, has ``fileno()`` -1), and the tracker, which hands its child that file,
    then fails to start ('bad value(s) in fds_to_keep', Python 3.11): the expert level could
    not play in the terminal."""
    try:
        captured = sys.stderr is not None and sys.stderr.fileno() < 0
    except (AttributeError, OSError, ValueError):
        captured = False  # no file number at all: the tracker starts without one
    if not captured:
        return
    held, sys.stderr = sys.stderr, sys.__stderr__
    try:
        resource_tracker.ensure_running()
    finally:
        sys.stderr = held


def broken(count: int) -> None:
    """The pool of ``count`` helpers has broken: the next search makes a new one, unless its
    helpers never started (``_CANNOT_START``, said once as a warning)."""
    if _HELPERS.pop(count, None) is None:
        return
    if not any(f.done() and f.exception() is None for f in _READY.pop(count, [])):
        _CANNOT_START.set()
        warnings.warn("ismcts: helper processes cannot start here (is the main module a script "
                      "read from stdin?); the search samples in this process alone",
                      RuntimeWarning, stacklevel=2)


def leave_with_parent() -> None:
    """A helper process's start: a thread that ends it as soon as the process that made it
    ends, however that ends (killed too). A pool's worker waits on a queue it holds both ends
    of, so without this a helper of a killed process (a server's bot worker, a match stopped
    by kill -9) would wait for good."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_after, args=(parent.sentinel,), daemon=True,
                         name="canasta-leave-with-parent").start()


def _exit_after(sentinel: int) -> None:
    multiprocessing.connection.wait([sentinel])
    os._exit(0)


def ready() -> bool:
    """A helper process's first task: it has imported this module (and the engine)."""
    return True


def sample_part(bot: IsmctsBot, view: PlayerView, seconds: float, sent: float,
                actions: tuple[Action, ...], base: Decision) -> Search | None:
    """A helper process's share of a search (:meth:`IsmctsBot.search`), asked for at
    ``sent`` (``time.time()``, which every process reads alike): its samples in what is left
    of ``seconds``, or ``bot.iterations`` of them; None when a time budget ran out before it
    started."""
    if bot.iterations:
        return bot.sample(view, seconds, actions, base, bot.iterations)
    left = seconds - (time.time() - sent)
    return bot.sample(view, left, actions, base, 0) if left > 0 else None


def pooled(one: Search, other: Search) -> Search:
    """Two searches of the same actions from the same greedy choice, as one: each action's
    outcomes of ``one`` then ``other``'s (every action kept by both keeps the same samples;
    one that either dropped is dropped)."""
    return replace(one, outcomes={a: [*o, *other.outcomes[a]] for a, o in one.outcomes.items()},
                   samples=one.samples + other.samples, pruned=one.pruned | other.pruned)


def make_ismcts(seed: int = 0, iterations: int = 0, seconds: float = 0.0, horizon: int = 0,
                scale: float = 1000.0, min_gain: float = 0.0, z: float = 2.0,
                belief: float = 0.1, settle: int = 8, confirm: int = 0,
                rollout: str = "greedy", reads: int = 0, discards: int = 0,
                processes: int = 1, prune: float = 0.0, bank: float = 0.0,
                evaluate: str = "table", pairs: float = 1.0) -> IsmctsBot:
    """The search bot (``ismcts:iterations=20``, ``ismcts:seconds=1,rollout=fast``,
    ``ismcts:seconds=1,processes=2``)."""
    return IsmctsBot(seed, iterations, seconds, horizon, scale, min_gain, z, belief, settle,
                     confirm, rollout, reads, discards, processes, prune, bank, evaluate, pairs)
