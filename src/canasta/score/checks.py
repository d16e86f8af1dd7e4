"""What a deal's entries must satisfy to be true under the game's rule set (docs/scorepad.md,
"What is refused"): each refusal an ``EntryError`` with the reason, naming the side."""

from __future__ import annotations

from collections.abc import Sequence

from canasta.cards import BLACK_THREE, JOKER, NATURAL_RANKS, RED_THREE, TWO
from canasta.engine.tables import tables_for
from canasta.rules.ruleset import RuleSet
from canasta.score.adapter import Layout, canastas_of, hand_of, layout, melds_of, points_of
from canasta.score.entry import (
    EntryError,
    SideEntry,
    amount_limit,
    class_words,
    hand_classes,
    melded_classes,
)


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
    melds_of(rules, entry)  # refuses melded points the canastas need more than
    hand_of(rules, entry.hand)  # refuses hand points no cards cost
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
    _, most = amount_limit("melded", rules)
    if melded_points > most:
        raise EntryError(f"{melded_points:,} melded card points in this deal: the whole pack "
                         f"is worth {most:,}")
    held_points = sum(points_of(entry.hand, hand_classes(rules)) for entry in entries)
    _, most_held = amount_limit("hand", rules)
    if held_points > most_held:
        raise EntryError(f"{held_points:,} card points left in hand in this deal: the whole "
                         f"pack is worth {most_held:,} in hand")
    layouts = [layout(rules, entry) for entry in entries]
    naturals = sum(t.pack[k] for k in NATURAL_RANKS)
    wilds = t.pack[TWO] + t.pack[JOKER]
    if sum(laid.naturals for laid in layouts) > naturals:
        raise EntryError(f"the canastas of this deal need more natural cards than the pack's "
                         f"{naturals}")
    if sum(laid.wilds for laid in layouts) > wilds:
        raise EntryError(f"the canastas of this deal need more wild cards than the pack's {wilds}")
