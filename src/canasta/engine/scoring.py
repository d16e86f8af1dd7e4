"""Scoring a hand, item by item, and the end of the game (docs/rules.md, "The game in brief":
scoring; rulings 8, 9, 14, 15 and 19).

A side scores the card points of everything it melded, less the card points of every card left
in its players' hands, plus 500 per natural canasta and 300 per mixed one, 100 for going out
(200 concealed), and 100 per red 3 (800 for every red 3 in the pack) — counted against a side
that never made its initial meld. Every number is an option of the rule set.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import mul

from canasta.cards import JOKER, NUM_KINDS, TWO
from canasta.engine.canastas import in_meld
from canasta.engine.state import SAMBA_MARK, HandEnd, Meld, SeatNo, SideNo, State
from canasta.engine.tables import Tables, tables_for
from canasta.rules.ruleset import RuleSet

SEVEN_CANASTAS = 7  #: the canastas that pay ``canastas.seven_canastas_bonus``

__all__ = ["HandResult", "Meld", "SideScore", "hand_scores", "score_side", "side_score",
           "winner"]


@dataclass(frozen=True, slots=True)
class SideScore:
    """One side's score for one hand, broken down for display."""

    side: int
    melded: int
    in_hand: int
    natural_canastas: int
    mixed_canastas: int
    canasta_bonus: int
    red_threes: int
    red_three_points: int
    going_out: int
    concealed: bool
    penalty: int
    total: int
    wild_canastas: int = 0
    unfinished_wild: int = 0  # the penalty for a wild meld short of a canasta (negative)
    black_threes_removed: int = 0  # points for black 3s set aside from the pile
    extra: int = 0  # a perfect cut, seven canastas
    extra_label: str = ""
    sambas: int = 0
    short_sequences: int = 0  # the penalty for sequences of five cards or fewer (negative)
    # Modern American (issue 16): docs/rules.md, Presets: modern_american
    special_canastas: int = 0  # canastas of a special rank (melds.special_ranks), in the bonus
    unfinished_special: int = 0  # the penalty for special melds short of a canasta (negative)
    specials_in_hand: int = 0  # the penalty for special cards held (negative)
    black_threes: int = 0  # black 3s laid out (red_threes.black_too)
    black_three_points: int = 0

    def items(self) -> list[tuple[str, int]]:
        """The nonzero items of the score, in words, in the order they are usually counted."""
        kinds = [(self.natural_canastas, "natural"), (self.mixed_canastas, "mixed"),
                 (self.wild_canastas, "wild"), (self.sambas, "samba"),
                 (self.special_canastas, "special")]
        canastas = " + ".join(f"{n} {kind}" for n, kind in kinds if n)
        canastas += " canasta" if sum(n for n, _ in kinds) == 1 else " canastas"
        rows = [
            ("melded cards", self.melded),
            ("cards left in hand", self.in_hand),
            (canastas, self.canasta_bonus),
            ("unfinished wild meld", self.unfinished_wild),
            ("unfinished special meld", self.unfinished_special),
            ("special cards left in hand", self.specials_in_hand),
            ("short sequences", self.short_sequences),
            (_count(self.red_threes, "red 3"), self.red_three_points),
            (_count(self.black_threes, "black 3"), self.black_three_points),
            ("black 3s set aside", self.black_threes_removed),
            ("going out concealed" if self.concealed else "going out", self.going_out),
            ("'yes' without going out", self.penalty),
            (self.extra_label, self.extra),
        ]
        return [(label, value) for label, value in rows if value]


def _count(n: int, thing: str) -> str:
    """``n`` and ``thing``, plural unless there is one ("1 red 3", "2 red 3s")."""
    return f"{n} {thing}" if n == 1 else f"{n} {thing}s"


def score_side(
    rules: RuleSet,
    side: int,
    melds: Sequence[Meld],
    hands: Sequence[Sequence[int]],
    red_threes: int,
    made_initial_meld: bool,
    went_out: bool = False,
    concealed: bool = False,
    yes_failures: int = 0,
    removed_black_threes: int = 0,
    extra: int = 0,
    extra_label: str = "",
    sequences: Sequence[tuple[int, int, int]] = (),
    black_threes: int = 0,
) -> SideScore:
    """Score one side's hand from its melds, its players' hands (kind counts, feet included)
    and its red 3s (and black 3s laid out, where they are bonus cards too)."""
    t = tables_for(rules)
    points = t.points
    bonus_rules = rules.canastas
    melded = 0
    natural = mixed = wild = special = 0
    bonus = unfinished = unfinished_special = 0
    for meld in melds:
        melded += meld.naturals * points[meld.rank] + meld.twos * points[TWO] \
            + meld.jokers * points[JOKER]
        is_special = t.special[meld.rank] and not meld.wilds  # one with wilds is ordinary
        if meld.size < rules.melds.canasta_size:
            if meld.is_wild_meld:
                unfinished -= bonus_rules.unfinished_wild_penalty
            elif is_special:
                unfinished_special -= bonus_rules.unfinished_special_penalty
            continue
        if is_special:
            special += 1
            bonus += bonus_rules.special_bonus or bonus_rules.natural_bonus
        elif meld.is_wild_meld:
            wild += 1
            if went_out or not bonus_rules.wild_bonus_going_out_only:
                bonus += wild_canasta_bonus(rules, meld)
        elif meld.wilds:
            mixed += 1
            bonus += bonus_rules.mixed_bonus
        else:
            natural += 1
            bonus += bonus_rules.natural_bonus
        if meld.size >= 2 * rules.melds.canasta_size and not meld.is_wild_meld and \
                not is_special:
            more = in_meld(t, meld.rank, meld.size) - 1  # its rank's second canasta: natural
            natural += more
            bonus += more * bonus_rules.natural_bonus
    sambas = short = 0
    for _, low, high in sequences:
        melded += sum(points[r] for r in range(low, high + 1))
        if high - low + 1 >= rules.melds.canasta_size:
            sambas += 1
            bonus += bonus_rules.samba_bonus
        elif high - low + 1 <= 5:
            short -= bonus_rules.short_sequence_penalty
    in_hand = -sum(sum(map(mul, hand, t.in_hand)) for hand in hands)
    held = _specials_held(rules, t, melds, hands)
    red = rules.red_three_value(red_threes)
    black = rules.red_three_value(black_threes) if black_threes else 0
    sign = _threes_sign(rules, made_initial_meld, natural + mixed + wild + sambas + special)
    if sign <= 0:  # counted for the side, a value negative in itself (Hand and Foot) stays so
        red, black = sign * abs(red), sign * abs(black)
    removed = 0
    if removed_black_threes:
        removed = rules.points.all_black_threes_removed if removed_black_threes == t.pack[3] \
            else removed_black_threes * rules.points.black_three_removed
    out = 0
    if went_out:
        out = rules.going_out.concealed_bonus if concealed else rules.going_out.bonus
    penalty = -yes_failures * rules.going_out.failed_yes_penalty
    counted = count_bonus(rules, natural + special, natural + mixed + wild + sambas + special)
    if counted:
        extra, extra_label = extra + counted, COUNT_BONUS
    total = melded + in_hand + bonus + unfinished + red + removed + out + penalty + extra + short \
        + unfinished_special + held + black
    return SideScore(side, melded, in_hand, natural, mixed, bonus, red_threes, red, out,
                     concealed and went_out, penalty, total, wild, unfinished, removed, extra,
                     extra_label, sambas, short, special, unfinished_special, held,
                     black_threes, black)


def _threes_sign(rules: RuleSet, made_initial_meld: bool, canastas: int) -> int:
    """Whether a side's 3s count for it (1), against it (-1) or for nothing (0): against a
    side without its initial meld (``red_threes.negative_without_initial_meld``) or short of
    ``positive_needs_canastas``, but nothing from ``neutral_canastas`` on (ruling 9; Presets:
    modern_american)."""
    r3 = rules.red_threes
    if made_initial_meld or not r3.negative_without_initial_meld:
        if canastas >= r3.positive_needs_canastas:
            return 1
        if r3.neutral_canastas and canastas >= r3.neutral_canastas:
            return 0
    return -1


def _specials_held(rules: RuleSet, t: Tables, melds: Sequence[Meld],
                   hands: Sequence[Sequence[int]]) -> int:
    """What the special cards held cost: ``points.special_in_hand`` for each hand holding
    ``special_in_hand_count`` or more of a special rank, unless the side's meld of that rank
    took wild cards in its opening, which made it an ordinary meld (docs/rules.md, Presets:
    modern_american)."""
    cost = rules.points.special_in_hand
    if not cost:
        return 0
    ordinary = {m.rank for m in melds if m.wilds}
    count = rules.points.special_in_hand_count
    return -cost * sum(1 for hand in hands for r, n in enumerate(hand)
                       if n >= count and t.special[r] and r not in ordinary)


#: The label of ``count_bonus`` among a score's extras (``SideScore.extra_label``).
COUNT_BONUS = "canastas count bonus"


def count_bonus(rules: RuleSet, natural: int, total: int) -> int:
    """What a side's count of canastas pays under ``canastas.count_bonuses`` (docs/rules.md,
    Presets: italian): each row is met by ``natural`` natural canastas among ``total``; of the
    rows with the same number of canastas, the best one met pays."""
    best: dict[int, int] = {}
    for need_natural, need_total, points in rules.canastas.count_bonuses:
        if natural >= need_natural and total >= need_total:
            best[need_total] = max(best.get(need_total, points), points)
    return sum(best.values())


def wild_canasta_bonus(rules: RuleSet, meld: Meld) -> int:
    """A canasta of wild cards alone: all 2s, four jokers, or any other (docs/rules.md,
    Presets: cuban, modern_american)."""
    c = rules.canastas
    if meld.twos == meld.size and c.wild_twos_bonus:
        return c.wild_twos_bonus
    if meld.jokers >= 4 and c.wild_jokers_bonus:
        return c.wild_jokers_bonus
    return c.wild_bonus


@dataclass(frozen=True, slots=True)
class HandResult:
    """How one hand (deal) ended and what each side scored."""

    deal: int
    ended_by: HandEnd  # a str: "going out", "stock exhausted", ...
    went_out: SeatNo  # the seat that went out, or -1
    sides: tuple[SideScore, ...]
    totals: tuple[int, ...]  # each side's game total after this hand
    #: Under ``players.partners_at_pile``: the side each seat played for at the hand's end
    #: (the lone hand alone, the partners on one side); () under every other rule set.
    seat_sides: tuple[int, ...] = ()


def sequences_of(s: State, t: Tables, side: SideNo) -> list[tuple[int, int, int]]:
    """The side's sequences as (suit, low, high): the open ones, then the sambas."""
    mine = s.sides[side]
    out = [(suit, run[0], run[1]) for suit, run in enumerate(mine.runs) if run]
    return out + list(mine.sambas)


def concealed(s: State, t: Tables, went_out: SeatNo) -> bool:
    """Whether ``went_out`` went out concealed (ruling 8): nothing laid before this turn, the
    pile not taken (unless ``going_out.concealed_with_pile``), and a canasta among the melds
    started this turn (a samba counts); with ``concealed_side_off_table``, the partners laid
    nothing either."""
    go = t.rules.going_out
    turn = s.turn
    seat_sides = s.seat_sides
    side_no = seat_sides[went_out]
    melds = s.sides[side_no].melds
    cs = t.rules.melds.canasta_size
    made = SAMBA_MARK in turn.created or any(
        (meld := melds[r]) is not None and meld.size >= cs
        for r in turn.created if r < NUM_KINDS)
    if s.seats[went_out].laid_before or (turn.took and not go.concealed_with_pile) or not made:
        return False
    return not (go.concealed_side_off_table and any(
        seat.laid_before for n, seat in enumerate(s.seats) if seat_sides[n] == side_no))


def hand_scores(s: State, t: Tables, went_out: SeatNo, conceded: SideNo = -1
                ) -> tuple[SideScore, ...]:
    """Every side's score for the hand that just ended: ``went_out`` the seat that went out
    (or -1), ``conceded`` the side that conceded it (British Acaba, or -1)."""
    if conceded >= 0:
        return concession_scores(t.rules, t.sides, conceded)
    hidden = went_out >= 0 and concealed(s, t, went_out)
    return tuple(side_score(s, t, side_no, went_out, hidden) for side_no in range(t.sides))


def concession_scores(rules: RuleSet, sides: int, conceded: SideNo) -> tuple[SideScore, ...]:
    """Every side's score for a hand ``conceded`` by one side (British Acaba, docs/rules.md,
    Presets: british): the others score ``going_out.acaba_points``, nothing else counts."""
    out = []
    for side_no in range(sides):
        points = 0 if side_no == conceded else rules.going_out.acaba_points
        out.append(SideScore(side_no, 0, 0, 0, 0, 0, 0, 0, 0, False, 0, points, extra=points,
                             extra_label="the other side conceded (acaba)" if points else ""))
    return tuple(out)


def seven_canastas_bonus(rules: RuleSet, canastas: int) -> int:
    """The bonus of a side with ``canastas`` canastas: ``canastas.seven_canastas_bonus`` from
    seven on, where the rules have one (it also ends the game: :func:`winner_of`)."""
    bonus = rules.canastas.seven_canastas_bonus
    return bonus if bonus and canastas >= SEVEN_CANASTAS else 0


def side_score(s: State, t: Tables, side_no: SideNo, went_out: SeatNo = -1,
               hidden: bool = False, hands: bool = True) -> SideScore:
    """One side's score if the hand ended now (``went_out`` the seat that went out, or -1;
    ``hidden`` whether concealed); with ``hands=False``, the cards in its hands count for
    nothing (what its table alone is worth).

    Under ``players.partners_at_pile`` side k is seat k (docs/rules.md, Presets: cutthroat):
    it scores the table of the side seat k plays for, with the hands of every seat on it, and
    seat k's own red 3s."""
    rules = t.rules
    if t.partners_at_pile:
        seat_sides = s.seat_sides
        table_side = seat_sides[side_no]
        seats = [seat for n, seat in enumerate(s.seats) if seat_sides[n] == table_side]
        owners = [s.seats[side_no]]
    else:
        table_side = side_no
        seats = owners = [seat for n, seat in enumerate(s.seats) if t.seat_sides[n] == side_no]
    side = s.sides[table_side]
    extra, label = 0, ""
    if s.table.cut_side == side_no:
        extra, label = rules.deal.perfect_cut_bonus, "perfect cut"
    if seven := seven_canastas_bonus(rules, side.canastas):
        extra, label = extra + seven, "seven canastas"
    held = [seat.hand for seat in seats] + [seat.foot for seat in seats] if hands else []
    return score_side(
        rules, side_no, [m for m in side.melds if m is not None], held,
        sum(seat.red_threes for seat in owners), side.opened,
        went_out >= 0 and s.seat_sides[went_out] == table_side, hidden,
        side.yes_failures, side.black_threes_removed, extra, label,
        sequences_of(s, t, table_side), sum(seat.black_threes for seat in owners))


def winner(s: State, t: Tables) -> SideNo:
    """The winning side once the game is over after a deal, else -1 (:func:`winner_of`)."""
    return winner_of(t.rules, s.match.scores, s.match.deal, [side.canastas for side in s.sides])


def winner_of(rules: RuleSet, scores: Sequence[int], deal: int, canastas: Sequence[int]
              ) -> SideNo:
    """The winning side of a game at ``scores`` after deal number ``deal``, in which the sides
    made ``canastas``, else -1 (ruling 15): the game is over at or over the target (or after
    ``game.deals`` deals, or with seven canastas where they pay a bonus); the higher total
    wins; level totals play another deal."""
    done = bool(rules.game.target) and max(scores) >= rules.game.target
    if rules.game.deals and deal >= rules.game.deals:
        done = True
    if any(seven_canastas_bonus(rules, made) for made in canastas):
        done = True
    return leader(scores) if done else -1


def leader(scores: Sequence[int]) -> SideNo:
    """The score column ahead (a side's; a player's own under ``players.partners_at_pile``),
    or -1 while the highest total is shared (ruling 15: level totals win nothing)."""
    best = max(scores)
    return -1 if scores.count(best) > 1 else scores.index(best)
