"""The adapter between a score-pad entry and the engine's scoring (docs/scorepad.md, "How a
deal is scored").

The engine scores a side from its melds and hands (``canasta.engine.scoring.score_side``); a
score-pad entry has counts and points instead. :func:`side_score` lays out one meld per canasta
the entry names (the cheapest such canasta can be, so the cards entered must at least cover
it), carries the rest of the melded card points in melds shorter than a canasta, and the points
left in hand as a hand of cards worth that much; ``score_side`` then counts every item.
``score_side`` sums card points meld by meld, so how the points are split among melds never
changes the score. A conceded deal is the engine's ``concession_scores``, the end of the game
its ``winner_of``: the pad builds no game state.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from canasta.cards import FOUR, JOKER, NATURAL_RANKS, NUM_KINDS, TWO
from canasta.engine.scoring import (
    SideScore,
    concession_scores,
    score_side,
    seven_canastas_bonus,
)
from canasta.engine.state import WILD, Meld
from canasta.engine.tables import Tables, tables_for
from canasta.rules.ruleset import RuleSet
from canasta.score.entry import Amount, EntryError, SideEntry, hand_classes, melded_classes

Sequences = list[tuple[int, int, int]]


@dataclass(frozen=True, slots=True)
class Layout:
    """The melds an entry's canastas (and unfinished wild melds, short sequences) need at the
    least: the cheapest cards that make them, and how many naturals and wilds at the fewest."""

    melds: list[Meld]
    sequences: Sequences
    naturals: int
    wilds: int

    @property
    def cards(self) -> int:
        return sum(m.size for m in self.melds) + sum(h - lo + 1 for _, lo, h in self.sequences)


def points_of(amount: Amount, classes: dict[int, tuple[int, ...]]) -> int:
    """The card points of an amount (a total, or counts by value class)."""
    if isinstance(amount, dict):
        return sum(value * n for value, n in amount.items() if value in classes)
    return amount


def _cheapest(t: Tables, kinds: Sequence[int]) -> int:
    return min((k for k in kinds if t.pack[k]), key=lambda k: t.points[k])


def _mixed_wilds(rules: RuleSet) -> list[int]:
    """How many wild cards a mixed canasta of exactly a canasta's size may hold."""
    cs = rules.melds.canasta_size
    free = rules.melds.wild_limit_at_laydown_only
    return [w for w in range(1, cs - rules.melds.min_naturals + 1)
            if free or w <= rules.wilds_allowed(cs - w)]


def layout(rules: RuleSet, entry: SideEntry) -> Layout:
    """The cheapest melds that make the entry's canastas, unfinished wild melds and short
    sequences; ``EntryError`` if the rule set cannot make a kind the entry names."""
    t = tables_for(rules)
    cs = rules.melds.canasta_size
    rank = _cheapest(t, [r for r in NATURAL_RANKS if not t.special[r]])
    wild = _cheapest(t, (TWO, JOKER))
    melds = [Meld(rank, cs)] * entry.natural
    naturals, wilds = cs * entry.natural, 0
    if entry.special or entry.unfinished_special:
        special = _cheapest(t, [r for r in NATURAL_RANKS if t.special[r]])
        melds += [Meld(special, cs)] * entry.special + [Meld(special, 3)] * \
            entry.unfinished_special
        naturals += cs * entry.special + 3 * entry.unfinished_special
    if entry.mixed:
        allowed = _mixed_wilds(rules)
        if not allowed:
            raise EntryError(f"{rules.name} has no mixed canastas")
        w = min(allowed, key=lambda w: (cs - w) * t.points[rank] + w * t.points[wild])
        melds += [Meld(rank, cs - w, w if wild == TWO else 0, w if wild == JOKER else 0)
                  ] * entry.mixed
        naturals += (cs - max(allowed)) * entry.mixed
        wilds += entry.mixed
    one_joker = 1 if rules.canastas.wild_twos_bonus and t.pack[JOKER] else 0
    melds += [Meld(WILD, 0, cs - one_joker, one_joker)] * entry.wild
    melds += [Meld(WILD, 0, cs)] * entry.wild_twos
    melds += [Meld(WILD, 0, cs - 4, 4)] * entry.wild_jokers
    melds += [Meld(WILD, 0, 3)] * entry.unfinished_wild
    wilds += cs * (entry.wild + entry.wild_twos + entry.wild_jokers) + 3 * entry.unfinished_wild
    sequences = [(0, FOUR, FOUR + cs - 1)] * entry.samba + [(0, FOUR, FOUR + 2)] * \
        entry.short_sequences
    naturals += cs * entry.samba + 3 * entry.short_sequences
    return Layout(melds, sequences, naturals, wilds)


def _coins(total: int, values: Sequence[int]) -> dict[int, int] | None:
    """Counts of cards of the given values (largest first) that add up to ``total`` exactly
    (None: none do): each card the largest value that leaves a total still reachable.

    Whether a total is reachable is read from :func:`_least_by_residue`, so the work grows with
    the number of cards, never with a table as long as the total (issue 26)."""
    least = _least_by_residue(tuple(values))
    largest = values[0]

    def reachable(n: int) -> bool:
        return n >= 0 and least[n % largest] <= n

    if not reachable(total):
        return None
    counts: dict[int, int] = {}
    while total:
        value = next(v for v in values if reachable(total - v))
        counts[value] = counts.get(value, 0) + 1
        total -= value
    return counts


@lru_cache(maxsize=64)
def _least_by_residue(values: tuple[int, ...]) -> tuple[float, ...]:
    """For each remainder modulo the largest value, the least total of cards of ``values``
    with that remainder (inf: none): a total is reachable exactly when it is at least the
    least total of its remainder (add cards of the largest value to get there). A shortest
    path over the remainders (Dijkstra), as long as the largest value."""
    largest = values[0]
    least = [math.inf] * largest
    least[0] = 0
    queue = [(0, 0)]
    while queue:
        total, rest = heapq.heappop(queue)
        if total > least[rest]:
            continue
        for value in values[1:]:
            step, nxt = total + value, (rest + value) % largest
            if step < least[nxt]:
                least[nxt] = step
                heapq.heappush(queue, (step, nxt))
    return tuple(least)


def _fill(rules: RuleSet, counts: dict[int, int]) -> list[Meld]:
    """Melds shorter than a canasta holding cards of the given values (value -> cards)."""
    classes = melded_classes(rules)
    t = tables_for(rules)
    short = rules.melds.canasta_size - 1
    out: list[Meld] = []
    for value, n in counts.items():
        kinds = classes[value]
        naturals = [k for k in kinds if k not in (TWO, JOKER) and not t.special[k]]
        while n > 0:
            size = min(n, short)
            if naturals:
                out.append(Meld(naturals[0], size))
            else:
                out.append(Meld(FOUR, 0, size if TWO in kinds else 0, 0 if TWO in kinds else size))
            n -= size
    return out


def hand_of(rules: RuleSet, amount: Amount) -> list[int]:
    """A hand (counts per kind) whose cards cost what the entry says is left in hand."""
    classes = hand_classes(rules)
    if isinstance(amount, dict):
        counts = amount
    else:
        coins = _coins(amount, sorted(classes, reverse=True))
        if coins is None:
            raise EntryError(f"hand={amount}: no set of cards costs {amount} points (the values: "
                             f"{', '.join(map(str, classes))})")
        counts = coins
    hand = [0] * NUM_KINDS
    for value, n in counts.items():
        hand[classes[value][0]] += n
    return hand


def melds_of(rules: RuleSet, entry: SideEntry) -> tuple[list[Meld], Sequences]:
    """Melds and sequences holding the entry's canastas and exactly its melded card points;
    ``EntryError`` if no cards can (fewer points than the canastas need, or a total no cards
    add up to)."""
    laid = layout(rules, entry)
    classes = melded_classes(rules)
    melded = points_of(entry.melded, classes)
    base = score_side(rules, 0, laid.melds, [], 0, True, sequences=laid.sequences).melded
    rest = _coins(melded - base, sorted(classes, reverse=True))
    if rest is None:
        raise EntryError(_short_of(rules, entry, melded, base))
    return laid.melds + _fill(rules, rest), laid.sequences


def side_score(rules: RuleSet, side: int, entry: SideEntry) -> SideScore:
    """The engine's score of one side's entry (the adapter of this module's docstring)."""
    melds, sequences = melds_of(rules, entry)
    melded = points_of(entry.melded, melded_classes(rules))
    extra, label = (rules.deal.perfect_cut_bonus, "perfect cut") if entry.cut else (0, "")
    canastas = entry.natural + entry.mixed + entry.wild + entry.wild_twos + entry.wild_jokers \
        + entry.samba
    if seven := seven_canastas_bonus(rules, canastas):
        extra, label = extra + seven, "seven canastas"
    bonus_threes = rules.red_threes.black_too
    return score_side(rules, side, melds, _hands(rules, entry), entry.red3, melded > 0,
                      entry.out, entry.concealed, entry.yes_failed,
                      0 if bonus_threes else entry.black3, extra, label, sequences,
                      entry.black3 if bonus_threes else 0)


def _hands(rules: RuleSet, entry: SideEntry) -> list[list[int]]:
    """The hands of an entry: what is left in hand, with ``special-held`` hands each holding
    ``points.special_in_hand_count`` cards of the cheapest special rank, their cost taken out
    of the entry's hand points (``EntryError`` if those do not cover it)."""
    hand = hand_of(rules, entry.hand)
    if not entry.special_held:
        return [hand]
    t = tables_for(rules)
    special = _cheapest(t, [r for r in NATURAL_RANKS if t.special[r]])
    count = rules.points.special_in_hand_count
    held = [[count if k == special else 0 for k in range(NUM_KINDS)]] * entry.special_held
    cost = entry.special_held * count * t.in_hand[special]
    rest = points_of(entry.hand, hand_classes(rules)) - cost
    if rest < 0:
        raise EntryError(f"special-held={entry.special_held}: those hands cost at least {cost} "
                         f"points, more than hand={points_of(entry.hand, hand_classes(rules))}")
    return [hand_of(rules, rest), *held]


def _short_of(rules: RuleSet, entry: SideEntry, melded: int, base: int) -> str:
    values = ", ".join(map(str, melded_classes(rules)))
    if melded >= base:
        return f"melded={melded}: no set of cards makes {melded} card points (the values: " \
               f"{values})"
    return f"melded={melded}: {canasta_words(entry)} need at least {base} card points"


def canasta_words(entry: SideEntry) -> str:
    """The canastas (and other counted melds) an entry names, in words."""
    parts = [(entry.natural, "natural canasta"), (entry.mixed, "mixed canasta"),
             (entry.wild, "wild canasta"), (entry.wild_twos, "wild canasta of 2s"),
             (entry.wild_jokers, "wild canasta with four jokers"), (entry.samba, "samba"),
             (entry.unfinished_wild, "unfinished wild meld"),
             (entry.special, "canasta of a special rank"),
             (entry.unfinished_special, "unfinished special meld"),
             (entry.short_sequences, "short sequence")]
    words = [f"{n} {word}{'s' if n > 1 else ''}" for n, word in parts if n]
    return ", ".join(words) or "no canasta"


def canastas_of(entry: SideEntry) -> tuple[int, int, int, int]:
    """An entry's canastas: (all, natural, mixed, sambas)."""
    wild = entry.wild + entry.wild_twos + entry.wild_jokers
    return (entry.natural + entry.mixed + wild + entry.samba + entry.special, entry.natural,
            entry.mixed, entry.samba)


def deal_scores(rules: RuleSet, entries: Sequence[SideEntry]) -> tuple[SideScore, ...]:
    """The engine's score of every side of a deal whose entries have been checked: a conceded
    deal by ``hand_scores``, any other side by side (:func:`side_score`)."""
    conceded = next((side for side, entry in enumerate(entries) if entry.acaba), -1)
    if conceded >= 0:
        return concession_scores(rules, len(entries), conceded)
    return tuple(side_score(rules, side, entry) for side, entry in enumerate(entries))
