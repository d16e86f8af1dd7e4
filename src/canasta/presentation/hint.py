"""Advice for the seat to act: the greedy bot's choice with its reason, and the warnings a
player wants before a discard (docs/presentation.md, "Hints and warnings").

The hint is ``GreedyBot.decide``; where the bot draws because no take of the pile can reach
the side's opening minimum, though a take is legal, the hint says so (the bot's own planner,
``canasta.bots.planning``, is asked). A discard warns when the card could be laid off on one
of the side's melds (a legal ``add`` or ``extend`` of that card) or is a wild card.
"""

from __future__ import annotations

from canasta.bots import make_bot
from canasta.bots.planning import opening_plan, sample
from canasta.cards import is_wild, kind_word, rank_of
from canasta.engine.actions import Action, ActionType
from canasta.engine.view import PlayerView
from canasta.presentation.facts import ActionFact, HintFact


def action_fact(action: Action) -> ActionFact:
    """A legal action as a fact: code, text form, words."""
    return ActionFact(action.code, str(action), action.describe())


def _opens_with(view: PlayerView, take: Action) -> bool:
    """Whether the side can reach its opening minimum this turn after ``take``."""
    game = sample(view)
    game.apply(take)
    return opening_plan(view, game) is not None


def hint(view: PlayerView) -> HintFact | None:
    """The greedy bot's choice for the seat and why; None when it is not the seat's turn."""
    if not view.legal_actions:
        return None
    decision = make_bot("greedy").decide(view)
    reason = decision.reason
    if decision.action.type == ActionType.DRAW and not view.initial_done[view.side]:
        takes = [a for a in view.legal_actions if a.type == ActionType.TAKE]
        if takes and not any(_opens_with(view, take) for take in takes):
            routes = ", ".join(str(take) for take in takes)
            reason = (f"the pile may be taken ({routes}), but your cards cannot reach the "
                      f"opening minimum of {view.minimums[view.side]} with it")
    return HintFact(action_fact(decision.action), reason)


def discard_warning(view: PlayerView, action: Action) -> str | None:
    """Why a player may want to think twice before ``action`` (a discard): the card could be
    laid off on the side's melds, or it is a wild card; None otherwise (and for any other
    action)."""
    if action.type != ActionType.DISCARD:
        return None
    card = action.rank
    word = kind_word(card)
    lays = [a for a in view.legal_actions
            if (a.type == ActionType.ADD and a.arg == card)
            or (a.type == ActionType.EXTEND and a.rank == card)]
    why = []
    if is_wild(rank_of(card)):
        freezes = " and freezes the pile" if view.t.freezes[card] else ""
        why.append(f"The {word} is a wild card: discarding it gives it away{freezes}.")
    if lays:
        ways = " or ".join(action_fact(a).words for a in lays)
        why.append(f"The {word} could be laid off instead: {ways}.")
    return " ".join(why) + " Discard it anyway?" if why else None
