"""A deal scored from its entries by the engine's own scoring, after checking that the entries
can be true (docs/scorepad.md, "How a deal is scored" and "What is refused").

The engine scores a side from its melds and hands (``canasta.engine.scoring.score_side``); a
score-pad entry has counts and points instead. :func:`side_score` is the adapter: it lays out
one meld per canasta the entry names (the cheapest such canasta can be, so the cards entered
must at least cover it), carries the rest of the melded card points in melds shorter than a
canasta, and the points left in hand as a hand of cards worth that much; ``score_side`` then
counts every item. ``score_side`` sums card points meld by meld, so how the points are split
among melds never changes the score. The end of the game is the engine's ``winner``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from canasta.cards import BLACK_THREE, FOUR, JOKER, NATURAL_RANKS, NUM_KINDS, RED_THREE, TWO
from canasta.engine.scoring import SideScore, hand_scores, score_side, winner
from canasta.engine.state import WILD, Meld, State
from canasta.engine.tables import Tables, tables_for
from canasta.engine.turn import new_state
from canasta.rules.ruleset import RuleSet
from canasta.score.entry import (
    Amount,
    EntryError,
    SideEntry,
    class_words,
    hand_classes,
    melded_classes,
)

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
    rank = _cheapest(t, NATURAL_RANKS)
    wild = _cheapest(t, (TWO, JOKER))
    melds = [Meld(rank, cs)] * entry.natural
    naturals, wilds = cs * entry.natural, 0
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
    """Counts of cards of the given values that add up to ``total`` exactly (None: none do)."""
    if total < 0:
        return None
    last = [0] + [-1] * total  # last[n]: a value whose card completes n, -1: unreachable
    for n in range(1, total + 1):
        for value in values:
            if value <= n and last[n - value] >= 0:
                last[n] = value
                break
    if last[total] < 0:
        return None
    counts: dict[int, int] = {}
    while total:
        counts[last[total]] = counts.get(last[total], 0) + 1
        total -= last[total]
    return counts


def _fill(rules: RuleSet, counts: dict[int, int]) -> list[Meld]:
    """Melds shorter than a canasta holding cards of the given values (value -> cards)."""
    classes = melded_classes(rules)
    short = rules.melds.canasta_size - 1
    out: list[Meld] = []
    for value, n in counts.items():
        kinds = classes[value]
        naturals = [k for k in kinds if k not in (TWO, JOKER)]
        while n > 0:
            size = min(n, short)
            if naturals:
                out.append(Meld(naturals[0], size))
            else:
                out.append(Meld(FOUR, 0, size if TWO in kinds else 0, 0 if TWO in kinds else size))
            n -= size
    return out


def _hand(rules: RuleSet, amount: Amount) -> list[int]:
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


def side_score(rules: RuleSet, side: int, entry: SideEntry) -> SideScore:
    """The engine's score of one side's entry (the adapter of this module's docstring)."""
    laid = layout(rules, entry)
    classes = melded_classes(rules)
    melded = points_of(entry.melded, classes)
    base = score_side(rules, side, laid.melds, [], 0, True, sequences=laid.sequences).melded
    rest = _coins(melded - base, sorted(classes, reverse=True))
    if rest is None:
        raise EntryError(_short_of(rules, entry, melded, base))
    extra, label = (rules.deal.perfect_cut_bonus, "perfect cut") if entry.cut else (0, "")
    canastas = entry.natural + entry.mixed + entry.wild + entry.wild_twos + entry.wild_jokers \
        + entry.samba
    if rules.canastas.seven_canastas_bonus and canastas >= 7:  # as engine.scoring.side_score
        extra, label = extra + rules.canastas.seven_canastas_bonus, "seven canastas"
    return score_side(rules, side, laid.melds + _fill(rules, rest), [_hand(rules, entry.hand)],
                      entry.red3, melded > 0, entry.out, entry.concealed, entry.yes_failed,
                      entry.black3, extra, label, laid.sequences)


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
             (entry.short_sequences, "short sequence")]
    words = [f"{n} {word}{'s' if n > 1 else ''}" for n, word in parts if n]
    return ", ".join(words) or "no canasta"


def canastas_of(entry: SideEntry) -> tuple[int, int, int, int]:
    """An entry's canastas: (all, natural, mixed, sambas)."""
    wild = entry.wild + entry.wild_twos + entry.wild_jokers
    return (entry.natural + entry.mixed + wild + entry.samba, entry.natural, entry.mixed,
            entry.samba)


def check_deal(rules: RuleSet, names: Sequence[str], entries: Sequence[SideEntry],
               totals: Sequence[int], number: int) -> None:
    """Refuse, with the reason, a deal's entries that cannot all be true under ``rules``:
    ``totals`` are the sides' totals before the deal, ``number`` the deal's number."""
    if len(entries) != len(names):
        raise EntryError(f"a deal has one entry per side: {len(names)}, not {len(entries)}")
    out = [name for name, entry in zip(names, entries, strict=True) if entry.out]
    if len(out) > 1:
        raise EntryError(f"{' and '.join(out)} cannot both have gone out: one player goes out")
    conceded = [name for name, entry in zip(names, entries, strict=True) if entry.acaba]
    if len(conceded) > 1:
        raise EntryError(f"{' and '.join(conceded)} cannot both have conceded: one side says "
                         f"acaba")
    if conceded:
        if any(entry != SideEntry(acaba=entry.acaba) for entry in entries):
            raise EntryError("a conceded deal scores nothing but the concession (docs/rules.md, "
                             "Presets: british): enter acaba alone, the other sides nothing")
        return
    cuts = [name for name, entry in zip(names, entries, strict=True) if entry.cut]
    if len(cuts) > 1:
        raise EntryError(f"{' and '.join(cuts)} cannot both have made the perfect cut")
    for name, entry, total in zip(names, entries, totals, strict=True):
        try:
            _check_side(rules, entry, total, number)
        except EntryError as exc:
            raise EntryError(f"{name}: {exc}") from None
    _check_pack(rules, entries)


def _check_side(rules: RuleSet, entry: SideEntry, total: int, number: int) -> None:
    t = tables_for(rules)
    classes = melded_classes(rules)
    melded = points_of(entry.melded, classes)
    laid = layout(rules, entry)
    if entry.natural + entry.mixed > len(NATURAL_RANKS):
        raise EntryError(f"{entry.natural + entry.mixed} natural and mixed canastas: a side "
                         f"has one meld per rank, {len(NATURAL_RANKS)} ranks")
    if entry.wild + entry.wild_twos + entry.wild_jokers + entry.unfinished_wild > 1:
        raise EntryError("a side has one meld of wild cards alone, so one wild canasta at most")
    if isinstance(entry.melded, dict):
        _check_counts(entry.melded, classes, laid)
    smallest = 3 * min(classes)
    if 0 < melded < smallest:
        raise EntryError(f"melded={melded}: a meld has at least 3 cards, so at least "
                         f"{smallest} card points")
    side_score(rules, 0, entry)  # refuses melded points the canastas need more than
    exempt = entry.concealed and rules.going_out.concealed_exemption
    minimum = rules.minimum_for(total, number)
    if 0 < melded < minimum and not exempt:
        raise EntryError(f"melded={melded}: less than the opening minimum of {minimum} for a "
                         f"side at {total:,} (the opening's cards stay melded)")
    if entry.out:
        _check_out(rules, entry)
    elif entry.had_melded:
        raise EntryError("had-melded says when the side that went out had melded: give out too")
    if entry.red3 > t.red_threes:
        raise EntryError(f"red3={entry.red3}: the pack holds {t.red_threes} red 3s")
    if entry.black3 > t.pack[BLACK_THREE]:
        raise EntryError(f"black3={entry.black3}: the pack holds {t.pack[BLACK_THREE]} black 3s")


def _check_counts(counts: dict[int, int], classes: dict[int, tuple[int, ...]],
                  laid: Layout) -> None:
    cards = sum(counts.values())
    wild_ok = sum(n for v, n in counts.items() if set(classes[v]) & {TWO, JOKER})
    natural_ok = sum(n for v, n in counts.items() if set(classes[v]) - {TWO, JOKER})
    if cards < laid.cards or wild_ok < laid.wilds or natural_ok < laid.naturals:
        raise EntryError(f"{cards} melded cards ({natural_ok} that can be natural, {wild_ok} "
                         f"that can be wild) cannot make {laid.cards} cards' worth of canastas "
                         f"with {laid.naturals} naturals and {laid.wilds} wild cards")


def _check_out(rules: RuleSet, entry: SideEntry) -> None:
    go = rules.going_out
    every, natural, mixed, sambas = canastas_of(entry)
    for have, need, what in ((every, go.canastas, "canastas"),
                             (natural, go.natural_canastas, "natural canastas"),
                             (mixed, go.mixed_canastas, "mixed canastas"),
                             (sambas, go.sambas, "sambas")):
        if have < need:
            raise EntryError(f"went out with {have} {what}: {rules.name} needs {need} to go out")
    one_player = rules.players.count // rules.players.sides == 1
    if one_player and points_of(entry.hand, hand_classes(rules)):
        raise EntryError("went out but holds cards: a side of one player holds none after "
                         "going out")
    if entry.concealed and entry.had_melded and (one_player or go.concealed_side_off_table):
        whole = "its player" if one_player else "the whole side"
        raise EntryError(f"cannot go out concealed after melding before: {whole} must go down "
                         f"in one turn")


def _check_pack(rules: RuleSet, entries: Sequence[SideEntry]) -> None:
    """The deal's entries together need no more cards than the pack holds."""
    t = tables_for(rules)
    by_kinds: dict[tuple[int, ...], int] = {(RED_THREE,): sum(e.red3 for e in entries)}
    melded_points = 0
    for entry in entries:
        for amount, classes in ((entry.melded, melded_classes(rules)),
                                (entry.hand, hand_classes(rules))):
            if isinstance(amount, dict):
                for value, n in amount.items():
                    kinds = tuple(sorted(classes[value]))
                    by_kinds[kinds] = by_kinds.get(kinds, 0) + n
        melded_points += points_of(entry.melded, melded_classes(rules))
    for kinds, n in by_kinds.items():
        held = sum(t.pack[k] for k in kinds)
        if n > held:
            raise EntryError(f"{n} {class_words(kinds)} in this deal: the pack holds {held}")
    most = sum(t.pack[k] * t.points[k] for kinds in melded_classes(rules).values() for k in kinds)
    if melded_points > most:
        raise EntryError(f"{melded_points:,} melded card points in this deal: the whole pack "
                         f"is worth {most:,}")
    layouts = [layout(rules, entry) for entry in entries]
    naturals = sum(t.pack[k] for k in NATURAL_RANKS)
    wilds = t.pack[TWO] + t.pack[JOKER]
    if sum(laid.naturals for laid in layouts) > naturals:
        raise EntryError(f"the canastas of this deal need more natural cards than the pack's "
                         f"{naturals}")
    if sum(laid.wilds for laid in layouts) > wilds:
        raise EntryError(f"the canastas of this deal need more wild cards than the pack's {wilds}")


@dataclass(frozen=True, slots=True)
class DealResult:
    """One scored deal: the entries, the engine's score of each side, the totals after it."""

    number: int
    entries: tuple[SideEntry, ...]
    scores: tuple[SideScore, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Sheet:
    """A game's score sheet: its deals scored in order, and where the game stands."""

    rules: RuleSet
    names: tuple[str, ...]
    deals: tuple[DealResult, ...]
    winner: int  # the winning side, or -1 while the game goes on

    @property
    def totals(self) -> tuple[int, ...]:
        return self.deals[-1].totals if self.deals else (0,) * len(self.names)

    @property
    def over(self) -> bool:
        return self.winner >= 0

    @property
    def level(self) -> bool:
        """The game would be over but the leaders are level: another deal is played
        (docs/rules.md, ruling 15)."""
        game = self.rules.game
        reached = (bool(game.target) and max(self.totals) >= game.target) or \
            (bool(game.deals) and len(self.deals) >= game.deals)
        return not self.over and reached

    def minimums(self) -> tuple[int, ...]:
        """Each side's opening minimum for the next deal."""
        return tuple(self.rules.minimum_for(total, len(self.deals) + 1) for total in self.totals)

    def needed(self) -> tuple[int, ...] | None:
        """The points each side still needs to reach the target (None: no target)."""
        target = self.rules.game.target
        return tuple(max(0, target - total) for total in self.totals) if target else None


@lru_cache(maxsize=32)
def _blank_state(rules: RuleSet) -> State:
    return new_state(tables_for(rules), 0)


def engine_winner(rules: RuleSet, totals: Sequence[int], deal: int,
                  canastas: Sequence[int]) -> int:
    """The engine's ``winner`` (ruling 15) for sides at ``totals`` after deal number ``deal``,
    in which they made ``canastas``: the winning side, or -1."""
    s = _blank_state(rules).copy()
    s.match.scores, s.match.deal = list(totals), deal
    for side, made in zip(s.sides, canastas, strict=True):
        side.canastas = made
    return winner(s, tables_for(rules))


def deal_scores(rules: RuleSet, entries: Sequence[SideEntry]) -> tuple[SideScore, ...]:
    """The engine's score of every side of a deal whose entries have been checked: a conceded
    deal by ``hand_scores``, any other side by side (:func:`side_score`)."""
    conceded = next((side for side, entry in enumerate(entries) if entry.acaba), -1)
    if conceded >= 0:
        return hand_scores(_blank_state(rules), tables_for(rules), -1, conceded)
    return tuple(side_score(rules, side, entry) for side, entry in enumerate(entries))


def tally(rules: RuleSet, names: Sequence[str], deals: Sequence[Sequence[SideEntry]]) -> Sheet:
    """Check and score every deal in order; ``EntryError`` names the first deal that cannot be
    true (with the totals it would start from) or that comes after the game ended."""
    results: list[DealResult] = []
    totals = [0] * len(names)
    won = -1
    for number, entries in enumerate(deals, start=1):
        if won >= 0:
            raise EntryError(f"deal {number}: the game ended after deal {number - 1} "
                             f"({names[won]} won)")
        try:
            check_deal(rules, names, entries, totals, number)
        except EntryError as exc:
            raise EntryError(f"deal {number}: {exc}") from None
        scores = deal_scores(rules, entries)
        totals = [total + score.total for total, score in zip(totals, scores, strict=True)]
        results.append(DealResult(number, tuple(entries), scores, tuple(totals)))
        won = engine_winner(rules, totals, number, [canastas_of(e)[0] for e in entries])
    return Sheet(rules, tuple(names), tuple(results), won)
