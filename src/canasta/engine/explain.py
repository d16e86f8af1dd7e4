"""Why an action is refused, in words a player understands.

The legal-action generator in ``game.py`` is the authority on what is legal; this module is
asked only about actions that are not in ``legal_actions()``, and names the rule that stops
them ("the pile is frozen: you need two natural 8s in your hand"). The two are written
independently and cross-checked by the fuzz tests: every illegal action gets a specific
reason, never the fallback.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from canasta.cards import (
    BLACK_THREE,
    JOKER,
    NATURAL_RANKS,
    RED_THREE,
    SUITED,
    TWO,
    kind_name,
    kind_word,
    suited,
)
from canasta.engine.actions import Action, ActionType, Route, meld_cards, route_of, sequence_cards

if TYPE_CHECKING:
    from canasta.engine.game import Game

FALLBACK = "that is not a legal move now"


def explain(game: Game, action: Action) -> str:
    """The reason ``action`` is illegal in ``game`` (assumed not legal)."""
    from canasta.engine.game import ANSWER, DRAW, MELD

    if game.over:
        return "the game is over"
    t = action.type
    phase = game.phase
    if phase == ANSWER:
        if t in (ActionType.YES, ActionType.NO):
            return FALLBACK
        return f"seat {game.asker} asked 'may I go out?': seat {game.current} must answer yes or no"
    if t in (ActionType.YES, ActionType.NO):
        return "nobody has asked 'may I go out?'"
    if game.acaba_perm == 1 and t != ActionType.ACABA:
        return "your partner said yes to 'may I say acaba?': you must concede the hand"
    if t == ActionType.ACABA:
        if not game.rules.going_out.acaba:
            return "these rules have no acaba (it is British Canasta's)"
        if game.acaba_perm == -1:
            return "your partner said you may not concede the hand this turn"
        return FALLBACK
    if phase == DRAW:
        return _at_draw(game, action)
    if phase == MELD:
        if t in (ActionType.ASK, ActionType.ASK_ACABA, ActionType.DRAW, ActionType.TAKE,
                 ActionType.DECLINE):
            if t in (ActionType.ASK, ActionType.ASK_ACABA):
                return "you may ask 'may I go out?' only before any other action of your turn"
            return "you have already drawn or taken the pile this turn"
        return _at_meld(game, action)
    return FALLBACK


def _at_draw(game: Game, action: Action) -> str:
    t = action.type
    rules = game.rules
    if t in (ActionType.ASK, ActionType.ASK_ACABA):
        if t == ActionType.ASK and not rules.going_out.ask_partner:
            return "these rules do not let you ask your partner about going out"
        if t == ActionType.ASK_ACABA and not rules.going_out.acaba:
            return "these rules have no acaba (it is British Canasta's)"
        if game.t.players == game.t.sides:
            return "you have no partner to ask"
        if game.asked:
            return "you have already asked this turn"
        return FALLBACK
    if t == ActionType.DRAW:
        if not game.stock:
            return "the stock is empty: take the pile if you can, or the hand ends"
        return FALLBACK
    if t == ActionType.DECLINE:
        if game.stock:
            return "you may leave the pile only when the stock is empty; draw instead"
        return ("the stock is empty and the pile's top card fits your side's meld: "
                "taking the pile is compulsory (seed 000, 'When the stock runs out')")
    if t == ActionType.TAKE:
        return _pile_reason(game, action)
    return "draw from the stock or take the pile first"


def _pile_reason(game: Game, action: Action) -> str:
    route_number, suits = route_of(action)
    route = Route(route_number)
    seat = game.current
    side = game.side_of(seat)
    rules = game.rules
    if not game.pile:
        return "the pile is empty"
    if game.blocked == seat:
        return "a black 3 on top of the pile blocks you this turn"
    top_card = game.pile[-1]
    top = game.t.rank_of[top_card]
    if top not in NATURAL_RANKS:
        return f"the pile's top card is a {kind_word(top)}, which cannot be melded with"
    if game.t.suited != bool(suits) and route not in (Route.ONTO_MELD, Route.ONTO_SEQUENCE):
        return ("name the suits of the cards from your hand, e.g. 'take pair S H'"
                if game.t.suited else "suits play no part in these rules: 'take pair'")
    if route == Route.ONTO_SEQUENCE:
        if not game.t.suited or not game.rules.pile.take_onto_sequence:
            return "these rules take no pile onto a sequence"
        if game.pile_frozen_for(seat):
            return "the pile is frozen: only two natural cards of its rank will take it"
        if not game._extends(game.side_of(seat), top_card):
            return f"the {kind_word(top_card)} does not fit an end of your side's sequence"
        return _stranded(game, game.side_of(seat))
    if suits and any(game.cards is not None and game.cards[seat][suited(top, s)]
                     < suits.count(s) for s in suits):
        return "you do not hold those cards: " + " ".join(kind_name(suited(top, s))
                                                          for s in suits)
    unmelded = not game.initial_done[side]
    if unmelded and rules.pile.initial_meld_before_taking:
        return "your side must make its initial meld before it may take the pile"
    if unmelded and game.retracts >= rules.limits.retracts_per_turn:
        return (f"you have taken back your opening {game.retracts} times this turn; "
                "draw from the stock instead")
    hand = game.hands[seat]
    word = kind_word(top, 2)
    frozen = game.pile_frozen_for(seat)
    nat = game.mnat[side][top]
    wild = game.mtwo[side][top] + game.mjok[side][top]
    if route != Route.PAIR and frozen:
        why = "your side has not made its initial meld" if unmelded and not game.freezers \
            else "it holds a wild card or a red 3" if game.freezers else "these rules say so"
        return (f"the pile is frozen ({why}): you need two natural {word} in your hand, "
                "melded with the top card")
    if route == Route.PAIR:
        if hand[top] < 2:
            how = "" if frozen else ", or one and a wild card,"
            return f"you need two natural {word}{how} in your hand to take the pile"
        if wild > game.t.cap[nat + 3]:
            return f"your meld of {word} already holds too many wild cards"
    elif route in (Route.WITH_TWO, Route.WITH_JOKER):
        wild_kind = TWO if route == Route.WITH_TWO else JOKER
        if not rules.pile.take_with_wild:
            return f"these rules take the pile only with two natural {word}"
        if hand[top] < 1:
            return f"you need a natural {kind_word(top)} in your hand to take the pile"
        if not hand[wild_kind]:
            return f"you have no {kind_word(wild_kind)} in your hand"
        if wild + 1 > game.t.cap[nat + 2]:
            return f"that would put too many wild cards in your meld of {word}"
    else:
        if not rules.pile.take_by_adding:
            return "these rules do not let you take the pile by adding to a meld"
        if not nat:
            return f"your side has no meld of {word} to add the top card to"
        if not rules.pile.canasta_opens_pile and nat + wild >= rules.melds.canasta_size:
            return f"your {word} are a completed canasta, which does not open the pile"
    grown = nat + wild + (1 if route == Route.ONTO_MELD else 3)
    if rules.melds.max_size and grown > rules.melds.max_size:
        return f"a meld holds at most {rules.melds.max_size} cards under these rules"
    return _stranded(game, side)


def _stranded(game: Game, side: int) -> str:
    go = game.rules.going_out
    if game.footsz[game.current]:
        if not game.initial_done[side]:
            return ("commit your opening before you reach your foot: an opening that empties "
                    "your hand must be complete")
        return "that would leave you unable to finish your turn"
    if game.permission == -1:
        return ("that would leave you without a card to keep after your discard, and your "
                "partner said you may not go out")
    if game.permission == 1:
        return "your partner said yes: you must go out this turn, and this would prevent it"
    if go.must_ask and game.permission != 1:
        return ("that would go out, and these rules let you go out only after your partner "
                "said yes to 'may I go out?'")
    need = go.canastas
    if game.ncan[side] < need:
        return (f"that would leave you without a card to keep after your discard, and your "
                f"side needs {need} canasta{'s' if need > 1 else ''} to go out")
    if go.natural_canastas or go.mixed_canastas:
        return (f"that would go out, but your side needs {go.natural_canastas} natural and "
                f"{go.mixed_canastas} mixed canastas first")
    if not game.initial_done[side]:
        return "that would go out, but your opening " + _opening_shortfall(game, side)
    return "that would leave you unable to finish your turn"


def _holds(game: Game, seat: int, card: int, n: int = 1) -> bool:
    """Whether the seat holds ``n`` of a card (a kind, or a suited code)."""
    if card >= SUITED:
        return game.cards is not None and game.cards[seat][card] >= n
    return game.hands[seat][card] >= n


def _opening_shortfall(game: Game, side: int) -> str:
    """What the tentative opening still lacks, in words."""
    if game.op_points < game.minimum[side]:
        return (f"has {game.op_points} points; your side needs {game.minimum[side]} "
                "(seed 000, 'The first meld')")
    if game.min_canasta[side]:
        kind = "a natural canasta" if game.min_canasta[side] == 2 else "a canasta"
        return f"must hold {kind} at your side's score"
    return "may hold no wild card under these rules"


def _at_meld(game: Game, action: Action) -> str:
    t = action.type
    seat = game.current
    side = game.side_of(seat)
    hand = game.hands[seat]
    rules = game.rules
    opening = game.opening
    if t == ActionType.COMMIT:
        if not opening:
            return "there is no opening to commit"
        if not game._opening_complete(side, game.op_points):
            return "your opening " + _opening_shortfall(game, side)
        return _stranded(game, side)
    if t == ActionType.RETRACT:
        if not opening:
            return "there is nothing tentative to take back"
        return _stranded(game, side)
    if t == ActionType.DISCARD:
        kind = action.rank
        if (kind >= SUITED) != game.t.suited and game.t.rank_of[kind] >= 4:
            return ("name the card's suit, e.g. 'discard KH'" if game.t.suited
                    else "suits play no part in these rules: 'discard K'")
        if not _holds(game, seat, kind):
            return f"you have no {kind_word(kind)} to discard"
        if kind == JOKER and not rules.pile.jokers_discardable:
            return "jokers may not be discarded under these rules while you hold another card"
        if opening:
            return (f"commit your opening (it has {game.op_points} of the "
                    f"{game.minimum[side]} points needed) or take it back before discarding")
        return _stranded(game, side)
    if t == ActionType.LAY_RED_THREE:
        if not hand[RED_THREE]:
            return ("you hold no red 3" if rules.red_threes.hold
                    else "red 3s are laid out at once under these rules")
        if opening:
            return "commit or take back your opening before laying a red 3"
        return _stranded(game, side)
    unmelded = not game.initial_done[side]
    if unmelded and not opening and game.retracts >= rules.limits.retracts_per_turn:
        return (f"you have taken back your opening {game.retracts} times this turn; "
                "discard to end your turn")
    if t == ActionType.MELD_BLACK_THREES:
        n = action.arg
        if hand[BLACK_THREE] < n:
            return f"you have only {hand[BLACK_THREE]} black 3s"
        if game.mnat[side][BLACK_THREE]:
            return "your side already has its black 3s down"
        if n not in rules.melds.black_three_sets:
            return "these rules do not allow a black-3 set of that size"
        if game.pending is not None:
            return "commit your opening first"
        if game.hsize[seat] - n > 1:
            return "black 3s may be melded only as you go out (seed 000, 'Threes')"
        return _stranded(game, side)
    if t == ActionType.MELD_WILD:
        jokers = action.arg
        if not rules.melds.wild_melds:
            return "these rules do not allow a meld of wild cards alone"
        if game.mtwo[side][JOKER] + game.mjok[side][JOKER]:
            return "your side already has a meld of wild cards: add to it instead"
        if hand[JOKER] < jokers or hand[TWO] < 3 - jokers:
            return "you do not hold those three wild cards"
        return _stranded(game, side)
    if t in (ActionType.SEQUENCE, ActionType.EXTEND):
        if not rules.melds.sequences:
            return "these rules have no sequences"
        if t == ActionType.SEQUENCE:
            if game.seqs[side][action.arg] is not None:
                return "your side already has an open sequence in that suit: extend it"
            missing = [c for c in sequence_cards(action) if not _holds(game, seat, c)]
            if missing:
                return "you do not hold " + " ".join(kind_name(c) for c in missing)
        else:
            if not _holds(game, seat, action.rank):
                return f"you have no {kind_word(action.rank)}"
            if not game._extends(side, action.rank):
                return f"the {kind_word(action.rank)} does not fit an end of your sequence"
        return _stranded(game, side)
    if t == ActionType.MELD:
        r = action.rank
        naturals, wild = meld_cards(action)
        word = kind_word(r, 2)
        if game.mnat[side][r]:
            return f"your side already has a meld of {word}: add to it instead"
        if (naturals[0] >= SUITED) != game.t.suited:
            return ("name the suits of your naturals, e.g. 'meld KS KH KH'" if game.t.suited
                    else "suits play no part in these rules: 'meld K K K'")
        need = len(naturals)
        if hand[r] < need:
            return f"you have {hand[r]} {kind_word(r, hand[r])}; this meld needs {need}"
        missing = [c for c in set(naturals) if not _holds(game, seat, c, naturals.count(c))]
        if missing:
            return "you do not hold " + " ".join(kind_name(c) for c in naturals)
        if wild < 0 and rules.melds.min_naturals > 3:
            return f"a meld needs {rules.melds.min_naturals} natural cards"
        if wild >= 0:
            if not hand[wild]:
                return f"you have no {kind_word(wild)}"
            if game.t.cap[2] < 1:
                return (f"a meld needs at least {rules.melds.min_naturals} natural cards and "
                        "these rules allow no wild card with two naturals")
        return _stranded(game, side)
    if t == ActionType.ADD:
        r, kind = action.rank, action.arg
        word = kind_word(r, 2)
        nat = game.mnat[side][r]
        wild = game.mtwo[side][r] + game.mjok[side][r]
        if r == JOKER:
            if not wild:
                return "your side has no meld of wild cards"
            if not hand[kind]:
                return f"you have no {kind_word(kind)}"
            if wild >= rules.melds.canasta_size:
                return "your wild canasta is complete: no more cards go on it"
            return _stranded(game, side)
        if not nat:
            return f"your side has no meld of {word}"
        if game.t.rank_of[kind] == r and (kind >= SUITED) != game.t.suited:
            return ("name the card's suit, e.g. 'add K KH'" if game.t.suited
                    else "suits play no part in these rules: 'add K K'")
        if not _holds(game, seat, kind):
            return f"you have no {kind_word(kind)}"
        if rules.melds.max_size and nat + wild >= rules.melds.max_size:
            return f"a meld holds at most {rules.melds.max_size} cards under these rules"
        if kind in (TWO, JOKER) and rules.melds.no_wild_on_canasta and \
                nat + wild >= rules.melds.canasta_size:
            return "no wild card may be added to a completed canasta under these rules"
        if r == BLACK_THREE:
            if nat + 1 not in rules.melds.black_three_sets:
                return "these rules do not allow a black-3 set that large"
            return _stranded(game, side)
        if kind in (TWO, JOKER) and wild + 1 > game.t.cap[nat] and \
                not rules.melds.wild_limit_at_laydown_only:
            return (f"your meld of {word} would hold {wild + 1} wild cards; with {nat} "
                    f"naturals it may hold {game.t.cap[nat]} (seed 000, 'Melds')")
        return _stranded(game, side)
    return FALLBACK
