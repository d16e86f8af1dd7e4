"""A game's score sheet: every deal checked (``canasta.score.checks``) and scored by the
engine (``canasta.score.adapter``) in order, with where the game stands after it
(docs/scorepad.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from canasta.engine.scoring import SideScore, winner_of
from canasta.rules.ruleset import RuleSet
from canasta.score.adapter import canastas_of, deal_scores
from canasta.score.checks import check_deal
from canasta.score.entry import EntryError, SideEntry


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



def tally(rules: RuleSet, names: Sequence[str], deals: Sequence[Sequence[SideEntry]]) -> Sheet:
    """Check and score every deal in order; ``EntryError`` names the first deal that cannot be
    true (with the totals it would start from) or that comes after the game ended; a rule set
    whose partnerships form in mid-hand (cutthroat) is refused: a column is a side for the
    whole game here (docs/scorepad.md)."""
    if rules.players.partners_at_pile:
        raise EntryError(f"{rules.name}: the score pad keeps a column per side for the whole "
                         "game, and players.partners_at_pile forms the partnership anew each "
                         "deal: not supported")
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
        won = winner_of(rules, totals, number, [canastas_of(e)[0] for e in entries])
    return Sheet(rules, tuple(names), tuple(results), won)
