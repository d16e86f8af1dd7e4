"""Display facts derived from one seat's view, shared by every face (docs/presentation.md).

The browser and the terminal draw these; neither re-derives a fact the engine knows::

    from canasta.presentation import table_facts, describe_move
    facts = table_facts(game.view(0), names=("Ann", "Bob", "Bea", "Cy"), log=log)
    json.dumps(facts.to_dict())
"""

from canasta.presentation.cards import (
    card_fact,
    hand_codes,
    hand_groups,
    hand_text,
    meld_fact,
    meld_text,
    sequence_fact,
    side_melds,
)
from canasta.presentation.facts import (
    ActionFact,
    CardFact,
    DealBreakdown,
    DealLine,
    Fact,
    HandGroup,
    HintFact,
    MeldFact,
    OpeningFact,
    PileFact,
    ScoreItem,
    ScoreLine,
    SeatFact,
    SideBreakdown,
    SideFact,
    Suits,
    TableFacts,
    TurnFact,
    plain,
)
from canasta.presentation.hint import action_fact, discard_warning, hint
from canasta.presentation.lay import lay_actions
from canasta.presentation.log import MoveSuits, describe_move, game_over_words, moves_log
from canasta.presentation.names import DEFAULT_NAMES, NOBODY, Chair, Gallery, default_names
from canasta.presentation.results import deal_breakdown
from canasta.presentation.rules_words import rules_in_words
from canasta.presentation.suits import SuitLedger
from canasta.presentation.table import (
    frozen_reason,
    pile_fact,
    spectator_facts,
    table_facts,
    take_refusal,
)
from canasta.presentation.text import card_text, render, result_text

__all__ = [
    "DEFAULT_NAMES", "NOBODY", "ActionFact", "CardFact", "Chair", "DealBreakdown", "DealLine",
    "Fact", "Gallery", "HandGroup", "HintFact", "MeldFact", "MoveSuits", "OpeningFact",
    "PileFact",
    "ScoreItem", "ScoreLine", "SeatFact", "SideBreakdown", "SideFact", "SuitLedger", "Suits",
    "TableFacts", "TurnFact",
    "action_fact", "card_fact",
    "card_text", "deal_breakdown", "default_names", "describe_move", "discard_warning",
    "frozen_reason", "game_over_words", "hand_codes", "hand_groups", "hand_text", "hint",
    "lay_actions", "meld_fact", "meld_text", "moves_log", "pile_fact", "plain", "render",
    "result_text", "rules_in_words",
    "sequence_fact", "side_melds", "spectator_facts", "table_facts", "take_refusal",
]
