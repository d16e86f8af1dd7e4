"""The sections of a rule set (``[players]``, ``[melds]``, ...): every option the rule texts
mention, each declared once as a dataclass field whose metadata carries its documentation
(``doc``), its allowed range (``min``/``max``) or its allowed words (``choices``). ``SECTIONS``
lists them in the order a rules file prints them; ``canasta.rules.ruleset.RuleSet`` holds one
of each. The defaults are the classic game of ``docs/rules.md``, with its rulings; each
option's doc names the ruling or the preset it comes from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


def option(default: Any, doc: str, **meta: Any) -> Any:
    """Declare one rule option: its classic default, what it means, and its bounds."""
    if isinstance(default, (list, tuple)):
        value = tuple(default)
        return field(default_factory=lambda: value, metadata={"doc": doc, **meta})
    return field(default=default, metadata={"doc": doc, **meta})


#: The natural ranks by name, for options that name ranks (``melds.special_ranks``).
RANK_NAMES = ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


@dataclass(frozen=True, slots=True)
class Players:
    count: int = option(4, "number of players", min=2, max=6)
    sides: int = option(
        2, "number of sides; seat i plays for side i mod sides (partners sit apart)", min=2, max=6
    )
    # --- issue 16 (cutthroat, the partnership formed at the pile): docs/rules.md ---
    partners_at_pile: bool = option(
        False, "three players, each alone until one first takes the discard pile: that player "
        "plays the hand alone and the other two become partners, their melds combined; a "
        "player going out before the pile was taken is the lone hand; each side's score goes "
        "to each of its players, red 3s to their owner only (three-hand 'cutthroat')"
    )


@dataclass(frozen=True, slots=True)
class Deck:
    decks: int = option(2, "standard 52-card decks shuffled together", min=1, max=8)
    jokers: int = option(4, "jokers added to the pack", min=0, max=16)


@dataclass(frozen=True, slots=True)
class Deal:
    hand_size: int = option(
        11, "cards dealt to each player (classic 11; two_hand 15; three_hand 13)", min=1
    )
    upcard_turn_again: tuple[str, ...] = option(
        ("JK", "2", "R3"),
        "kinds that, turned as the first upcard, make the dealer turn another card on top; "
        "each such card freezes the pile if its kind does (pile.frozen_by_*)",
        choices=("JK", "2", "R3", "B3"),
    )
    foot_size: int = option(
        0, "cards of a second packet (the foot) dealt to each player, taken up when the hand is "
        "empty (Hand and Foot: 11); 0 for none", min=0,
    )
    perfect_cut_bonus: int = option(
        0, "bonus to the cutter's side when the cut leaves exactly the cards the deal needs "
        "(house sheet; 0 for none)", min=0,
    )
    # --- issue 16 (Italian; the details the presets left out): docs/rules.md ---
    pile_by_upcard: bool = option(
        False, "after the red 3s dealt are laid out and replaced, the upcard is turned and as "
        "many cards as it counts (ace 1, 4 to 10 their number, jack 11, queen 12, king 13, "
        "black 3 3) are set face down under it as the starting pile; nobody sees them until "
        "the pile is taken, and they freeze nothing (Italian)"
    )
    # ---- Modern American (issue 16): docs/rules.md, Presets: modern_american ----
    bonus_piles: tuple[int, ...] = option(
        (), "piles of bonus cards set aside face down at the deal, in order: the first side to "
        "make its initial meld takes the first into the melder's hand, the next side the next "
        "(Modern American: 4, 3); empty for none", min=1,
    )


@dataclass(frozen=True, slots=True)
class Draw:
    stock_cards: int = option(
        1, "cards drawn from the stock (docs/rules.md, ruling 1: 1 in 4-hand; 2 in 2-hand)",
        min=1, max=3,
    )


@dataclass(frozen=True, slots=True)
class Points:
    joker: int = option(50, "card points of a joker")
    two: int = option(20, "card points of a deuce")
    ace: int = option(20, "card points of an ace")
    eight_to_king: int = option(10, "card points of 8, 9, 10, J, Q, K")
    four_to_seven: int = option(5, "card points of 4, 5, 6, 7")
    black_three: int = option(5, "card points of a black 3, melded or in hand")
    black_three_in_hand: int = option(
        5, "points a black 3 left in hand costs (Bolivia: 100)", min=0
    )
    black_three_removed: int = option(5, "each black 3 a side set aside from the pile (Cuban)")
    all_black_threes_removed: int = option(
        100, "a side that set aside every black 3 of the pack scores this instead (Cuban)"
    )
    red_three_in_hand: int = option(
        100, "points a red 3 left in hand costs (cannot happen when red 3s are laid at once)", min=0
    )
    # ---- Modern American (issue 16): docs/rules.md, Presets: modern_american ----
    special_in_hand: int = option(
        0, "points a player loses for holding special_in_hand_count or more cards of one "
        "special rank (melds.special_ranks) at the end (Modern American: 1,500)", min=0,
    )
    special_in_hand_count: int = option(
        3, "cards of one special rank in hand that cost points.special_in_hand", min=1,
    )


@dataclass(frozen=True, slots=True)
class Melds:
    min_naturals: int = option(2, "natural cards a meld must always hold", min=1)
    max_wilds: int = option(3, "wild cards a meld may hold at most (Samba: 2)", min=0)
    wild_ratio: str = option(
        "any",
        "besides max_wilds: 'any' (classic), 'not_more' (wilds never outnumber naturals) or "
        "'fewer' (wilds fewer than naturals; docs/rules.md, ruling 7)",
        choices=("any", "not_more", "fewer"),
    )
    canasta_size: int = option(7, "cards that make a canasta", min=3)
    black_three_sets: tuple[int, ...] = option(
        (3, 4), "sizes of a black-3 set that may be melded, only when going out (docs/rules.md, "
        "ruling 10); "
        "empty: threes are never melded (Hand and Foot)", min=3, max=6
    )
    black_three_set_last: bool = option(
        False, "the black-3 set must be the last cards of the hand: no discard after it (house)"
    )
    sequences: bool = option(
        False, "runs of three or more natural cards of one suit, 4 up to ace, no wild card; "
        "seven make a samba, which counts as a canasta (Samba, Bolivia's escalera)"
    )
    wild_melds: bool = option(
        False, "three or more wild cards may form a meld of their own, seven a wild canasta "
        "(Bolivia, Cuban, Modern American, house)"
    )
    max_size: int = option(0, "most cards in a meld; 0 for no limit (Cuban: 7)", min=0)
    no_wild_on_canasta: bool = option(
        False, "no wild card may be added to a completed canasta (Samba)"
    )
    wild_limit_at_laydown_only: bool = option(
        False, "the wild-card limits are checked when a meld is laid down; additions are free "
        "(house sheet)"
    )
    # --- issue 16 (Italian; the details the presets left out): docs/rules.md ---
    twos_meld: bool = option(
        False, "with wild_melds: the meld of wild cards alone is a meld of 2s as a rank of "
        "their own: at least min_naturals 2s, jokers its wild cards within the wild-card "
        "limits; seven 2s are canastas.wild_twos_bonus, 2s with jokers canastas.wild_bonus "
        "(Italian)"
    )
    twos_tame_while_open: bool = option(
        False, "while the side's meld of 2s (wild_melds) is short of a canasta, its players "
        "may not use 2s as wild cards anywhere else (Italian)"
    )
    sambas_grow_going_out: bool = option(
        False, "with sequences: a player going out may add cards at the ends of the side's "
        "sambas, with the last cards of the hand (Brazilian escalera)"
    )
    canastas_per_rank: int = option(
        1, "canastas a side may have of one rank: its meld of the rank, which holds every "
        "card of it the side melds (its melds of the rank combined), counts one canasta per "
        "canasta_size cards, up to this many (Samba, Bicycle: 2)", min=1, max=4,
    )
    # ---- Modern American (issue 16): docs/rules.md, Presets: modern_american ----
    special_ranks: tuple[str, ...] = option(
        (), "ranks whose melds take no wild card and pay canastas.special_bonus, or cost "
        "canastas.unfinished_special_penalty (Modern American: 7, A)", choices=RANK_NAMES,
    )
    special_wild_in_opening: tuple[str, ...] = option(
        (), "special ranks that may take wild cards within the side's initial meld; a meld so "
        "made is an ordinary one from then on (Modern American: A)", choices=RANK_NAMES,
    )
    wild_add_min_naturals: int = option(
        0, "once the side has made its initial meld, a wild card joins a meld of a rank only "
        "if it holds this many naturals (Modern American: 5); 0 for no such rule", min=0,
    )
    completed_rank_dead: bool = option(
        False, "once a side completes a canasta of a rank, no side may meld that rank any more "
        "(Modern American)"
    )
    unfinished_wild_binds: bool = option(
        False, "while a side's meld of wild cards is short of a canasta, its wild cards go "
        "nowhere else and it may not go out (Modern American)"
    )


@dataclass(frozen=True, slots=True)
class Pile:
    frozen_by_wild: bool = option(
        True, "a wild card in the pile freezes it (docs/rules.md, ruling 3)"
    )
    frozen_by_red_three: bool = option(
        True, "a red 3 in the pile freezes it (docs/rules.md, ruling 3)"
    )
    frozen_before_initial_meld: bool = option(
        True, "the pile is frozen against a side that has not made its initial meld "
        "(docs/rules.md, ruling 3)"
    )
    always_frozen: bool = option(False, "the pile is always frozen (Cuban, Italian)")
    black_three_blocks_next: bool = option(
        True, "a black 3 on top blocks the next player only, for one turn (docs/rules.md, "
        "ruling 10)"
    )
    black_three_freezes: bool = option(
        False, "a discarded black 3 freezes the pile until taken (a reading of "
        "docs/rules.md, ruling 3)"
    )
    take_with_wild: bool = option(
        True, "an unfrozen pile may be taken with one natural and one wild from hand "
        "(docs/rules.md, ruling 4)"
    )
    take_by_adding: bool = option(
        True, "an unfrozen pile may be taken by adding its top card to a side's meld "
        "(docs/rules.md, ruling 4)"
    )
    canasta_opens_pile: bool = option(
        True, "a completed canasta can take the pile by adding the top card (docs/rules.md, "
        "ruling 4; house: no)"
    )
    initial_meld_before_taking: bool = option(
        False, "a side must have made its initial meld before it may take the pile "
        "(docs/rules.md, ruling 4)"
    )
    take_onto_sequence: bool = option(
        True, "with sequences: an unfrozen pile may be taken by adding its top card to the "
        "side's open sequence of its suit (Samba)"
    )
    take_top: int = option(
        0, "cards taken with the pile: 0 for the whole pile, else only the top N", min=0
    )
    jokers_discardable: bool = option(
        True, "jokers may be discarded (docs/rules.md, rulings, discarding a joker: a "
        "variation says no, unless nothing else is left)"
    )
    black_threes_removed: bool = option(
        False, "black 3s in a taken pile are set aside for the taker's side (Cuban)"
    )
    # --- issue 16 (Italian; the details the presets left out): docs/rules.md ---
    black_three_first_round: bool = option(
        True, "black 3s may be discarded in a player's first turn of the deal (Cuban: no, "
        "unless the hand holds nothing else)"
    )


@dataclass(frozen=True, slots=True)
class InitialMeld:
    by: str = option(
        "score", "what the minimum depends on: the side's 'score' at the deal's start, or the "
        "'deal' number (Hand and Foot)", choices=("score", "deal"),
    )
    below_zero: int = option(15, "minimum when the side's score is below zero", min=0)
    tiers: tuple[tuple[int, int], ...] = option(
        ((0, 50), (1500, 90), (3000, 120)),
        "pairs [score (or deal), minimum]: from there on, the opening needs that many points",
        columns=("from score (or deal)", "minimum"),
    )
    canasta_tiers: tuple[tuple[int, int], ...] = option(
        (), "pairs [score, n]: from that score on, the opening must also hold a canasta: n = 1 "
        "any canasta, 2 a natural one, 0 none (Brazilian)",
        columns=("from score", "canasta: 1 any, 2 natural, 0 none"),
    )
    natural_only: bool = option(False, "the opening may hold no wild card (Italian)")
    top_card_counts: bool = option(
        True, "the pile's top card counts towards the minimum (Modern American: no)"
    )


@dataclass(frozen=True, slots=True)
class GoingOut:
    canastas: int = option(1, "canastas a side needs before it may go out (2-hand: 2)", min=0)
    bonus: int = option(100, "bonus for going out")
    concealed_bonus: int = option(200, "bonus for going out concealed, instead of bonus")
    ask_partner: bool = option(True, "a player may ask 'may I go out?'; the answer binds")
    must_ask: bool = option(
        False, "a player may go out only after the partner said yes (Brazilian, Hand and Foot)"
    )
    natural_canastas: int = option(
        0, "of those canastas, how many must be natural (Hand and Foot: 3)", min=0
    )
    mixed_canastas: int = option(
        0, "of those canastas, how many must be mixed (Hand and Foot: 4)", min=0
    )
    sambas: int = option(
        0, "of those canastas, how many must be sambas (Bolivia: an escalera)", min=0
    )
    acaba: bool = option(
        False, "a player may concede the hand on their turn ('Acaba', British): the other "
        "sides score acaba_points, the conceding side 0; it may be asked of the partner"
    )
    acaba_points: int = option(1500, "what each other side scores when a hand is conceded")
    failed_yes_penalty: int = option(
        0, "points a side loses when told 'yes' but its player did not go out "
        "(docs/rules.md, ruling 19)", min=0
    )
    concealed_exemption: bool = option(
        True, "a side that has not melded may go out concealed after drawing from the stock "
        "without meeting the initial minimum (docs/rules.md, ruling 8)"
    )
    concealed_with_pile: bool = option(
        False, "going out concealed is possible on a turn that took the pile "
        "(docs/rules.md, ruling 8)"
    )
    concealed_side_off_table: bool = option(
        False, "going out concealed needs the whole side to have stayed off the table"
    )
    # --- issue 16 (Italian; the details the presets left out): docs/rules.md ---
    wild_canastas_count: bool = option(
        True, "a wild canasta counts toward the canastas needed to go out (Italian: no)"
    )
    # ---- Modern American (issue 16): docs/rules.md, Presets: modern_american ----
    needs_discard: bool = option(
        False, "a player goes out only by discarding the last card, never by melding it "
        "(Modern American)"
    )


@dataclass(frozen=True, slots=True)
class RedThrees:
    values: tuple[int, ...] = option(
        (0, 100, 200, 300, 800),
        "what a side's red 3s are worth, by how many it has: [none, one, two, ...] "
        "(docs/rules.md, ruling 9: classic 100 "
        "each, 800 for all four)",
    )
    points: int = option(100, "each red 3 beyond the values table (or every one, if empty)")
    negative_without_initial_meld: bool = option(
        True, "red 3s count against a side that has not made its initial meld "
        "(docs/rules.md, ruling 9)"
    )
    positive_needs_canastas: int = option(
        0, "canastas a side needs for its red 3s to count for it, else they count against "
        "(Bolivia, Samba: 2; Cuban, Brazilian: 1)", min=0,
    )
    hold: bool = option(
        False, "red 3s may be held and laid on any own turn, or discarded (house sheet)"
    )
    # ---- Modern American (issue 16): docs/rules.md, Presets: modern_american ----
    black_too: bool = option(
        False, "black 3s are bonus cards too: laid out at once and replaced, never melded nor "
        "discarded, scored by their own count on the same table and sign (Modern American)"
    )
    neutral_canastas: int = option(
        0, "a side with at least this many canastas, but fewer than positive_needs_canastas, "
        "scores its 3s as 0 (Modern American: 1); 0 for no such band", min=0,
    )


@dataclass(frozen=True, slots=True)
class Canastas:
    natural_bonus: int = option(500, "bonus of a natural canasta (no wild card)")
    mixed_bonus: int = option(300, "bonus of a mixed canasta")
    samba_bonus: int = option(1500, "bonus of a samba: a sequence of seven (Samba, Bolivia)")
    short_sequence_penalty: int = option(
        0, "points a side loses for each sequence of five cards or fewer at the end (Brazilian)",
        min=0,
    )
    wild_bonus: int = option(0, "bonus of a wild canasta (seven wild cards)")
    wild_twos_bonus: int = option(
        0, "bonus of a wild canasta of seven 2s, if different (Cuban: 4,000)"
    )
    wild_jokers_bonus: int = option(
        0, "bonus of a wild canasta holding four jokers, if different (Cuban: 3,000)"
    )
    unfinished_wild_penalty: int = option(
        0, "points a side loses for a wild meld short of a canasta (Modern American)", min=0
    )
    seven_canastas_bonus: int = option(
        0, "bonus for seven canastas in one hand, ending the game (docs/rules.md, ruling 18: "
        "5,000 in a variation)", min=0
    )
    # --- issue 16 (Italian; the details the presets left out): docs/rules.md ---
    wild_bonus_going_out_only: bool = option(
        False, "the wild canasta bonuses are scored only by the side that goes out (Italian)"
    )
    count_bonuses: tuple[tuple[int, int, int], ...] = option(
        (), "rows [natural canastas, canastas, points]: a side with at least that many natural "
        "canastas among at least that many canastas scores the points; of rows with the same "
        "number of canastas only the best one met pays (Italian: [[5, 5, 2000], [4, 5, 1000], "
        "[0, 10, 2000]])",
        columns=("natural canastas", "canastas", "points"),
    )
    # ---- Modern American (issue 16): docs/rules.md, Presets: modern_american ----
    special_bonus: int = option(
        0, "bonus of a canasta of a special rank (melds.special_ranks; Modern American: 2,500)",
        min=0,
    )
    unfinished_special_penalty: int = option(
        0, "points a side loses for a meld of a special rank short of a canasta (Modern "
        "American: 2,500)", min=0,
    )


@dataclass(frozen=True, slots=True)
class StockOut:
    mode: str = option(
        "compulsory_take",
        "when the stock is gone (docs/rules.md, ruling 13): 'compulsory_take' (classic: the "
        "pile must be taken when its top "
        "card fits a meld; the hand ends when a player cannot take it), 'turn_pile' "
        "(a variation: the pile, less its top card, is turned over as a new stock) or "
        "'last_discard' (three-hand cutthroat: the hand ends with the discard of the player "
        "who drew the last card)",
        choices=("compulsory_take", "turn_pile", "last_discard"),
    )


@dataclass(frozen=True, slots=True)
class Game:
    target: int = option(
        5000, "score that ends the game (docs/rules.md, ruling 15); 0 for none (with "
        "game.deals)", min=0
    )
    deals: int = option(
        0, "play this many deals, then the higher total wins (Hand and Foot: 4); 0 to play to "
        "the target", min=0,
    )


@dataclass(frozen=True, slots=True)
class Limits:
    retracts_per_turn: int = option(
        2, "engine cap: openings a player may take back in one turn (keeps every turn finite)",
        min=0,
    )
    max_turns_per_hand: int = option(
        2000, "engine cap: a hand still running after this many turns ends as if the stock "
        "had run out (classic hands never get near it)", min=1,
    )


SECTIONS: tuple[tuple[str, type], ...] = (
    ("players", Players),
    ("deck", Deck),
    ("deal", Deal),
    ("draw", Draw),
    ("points", Points),
    ("melds", Melds),
    ("pile", Pile),
    ("initial_meld", InitialMeld),
    ("going_out", GoingOut),
    ("red_threes", RedThrees),
    ("canastas", Canastas),
    ("stock_out", StockOut),
    ("game", Game),
    ("limits", Limits),
)
