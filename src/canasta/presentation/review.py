"""A review's decisions in words (docs/bots.md, "Reviews"): what the seat did, what the search
found better, and why, from what the played-out hands showed (``canasta.bots.review``).

The reasons are the search's own evidence, counted over the deals it played out from what the
seat knew: how often a rival took the pile before the seat's next turn, which side went out,
the canastas made; and the heuristic's reason when the better move is the heuristic's too. The
terminal's ``canasta review`` and the browser's replay page print these same lines.
"""

from __future__ import annotations

from dataclasses import dataclass

from canasta.bots.review import Evidence, Judgement
from canasta.presentation.facts import ActionFact, Fact
from canasta.presentation.hint import action_fact

#: A count of deals differs enough to be told when it differs by this share of the deals.
TOLD = 0.125
#: Canastas per deal differ enough to be told from this much.
TOLD_CANASTAS = 0.25
#: The marks' symbols, as chess sites write them.
SYMBOLS = {"blunder": "??", "mistake": "?", "inaccuracy": "?!"}


@dataclass(frozen=True, slots=True)
class ReviewLine(Fact):
    """One judged decision: the replay's step just after it (``step``), its deal, what was
    chosen and the best action found with their estimates (points a deal), the loss, what
    the mark was given for (``sure_loss``), the loss in words (``short``: "" for none), the
    mark and its symbol (``""`` when unmarked), and why, in words."""

    step: int
    deal: int
    chosen: ActionFact
    chosen_points: int
    best: ActionFact
    best_points: int
    loss: int
    sure_loss: int
    short: str
    mark: str
    symbol: str
    why: str


def review_line(j: Judgement) -> ReviewLine:
    """``j`` in words."""
    loss, sure = max(0, round(j.loss)), round(j.sure_loss)
    return ReviewLine(j.index + 1, j.deal, action_fact(j.chosen), round(j.chosen_points),
                      action_fact(j.best), round(j.best_points), loss, sure,
                      short_words(loss, sure), j.mark, SYMBOLS.get(j.mark, ""), why(j))


def short_words(loss: int, sure: int) -> str:
    """What a decision lost, as the faces say it after the move: "290 points short, 85
    beyond the luck of the deals played out" (the loss, and what is left of it less a
    standard error of its noise, which the mark is given for: docs/bots.md, "Reviews"); ""
    for none."""
    if loss <= 0:
        return ""
    if sure <= 0:
        return f"{loss} points short, within the luck of the deals played out"
    return f"{loss} points short, {min(sure, loss)} beyond the luck of the deals played out"


def why(j: Judgement) -> str:
    """Why the best action is better than the chosen one (or that the chosen one is the best
    found), from the search's evidence and the heuristic's reason: sentences."""
    heuristic = f"The heuristic would {j.sound.describe()}: {j.reason}."
    if j.best == j.chosen:
        return f"The best found on {j.samples} deals played out from what you knew. {heuristic}"
    told = evidence_words(j.best_evidence, j.chosen_evidence, j.rivals)
    head = (f"Better: {j.best.describe()} ({j.best_points:+.0f} a deal against "
            f"{j.chosen_points:+.0f}, on {j.samples} deals played out from what you knew).")
    if told:
        head += " With it, " + "; ".join(told) + "."
    if j.sound == j.best:
        return f"{head} That is the heuristic's move too: {j.reason}."
    return f"{head} {heuristic}"


def evidence_words(best: Evidence, chosen: Evidence, rival_seats: int) -> list[str]:
    """The ways the best action's played-out hands went better than the chosen one's, where
    the difference is large enough to tell (``TOLD``, ``TOLD_CANASTAS``): the largest two."""
    n = best.samples
    they = "the opponents" if rival_seats > 1 else "your opponent"
    found: list[tuple[float, str]] = []

    def count(gain: int, words: str, b: int, c: int) -> None:
        if gain >= max(2, TOLD * n):
            found.append((gain / n, f"{words} in {b} of {n} deals ({c} with yours)"))

    count(chosen.rival_took_pile - best.rival_took_pile,
          f"{they} took the pile before your next turn", best.rival_took_pile,
          chosen.rival_took_pile)
    count(best.we_went_out - chosen.we_went_out, "your side went out", best.we_went_out,
          chosen.we_went_out)
    count(chosen.rival_went_out - best.rival_went_out, f"{they} went out",
          best.rival_went_out, chosen.rival_went_out)

    def made(gain: float, words: str, b: int, c: int) -> None:
        if gain >= TOLD_CANASTAS:
            rate = _a_deal(b / n)
            best = f"{rate} canasta{'' if rate == '1' else 's'} a deal" if b else "no canasta"
            found.append((gain / 2, f"{words} {best} ({_a_deal(c / n) if c else 'none'} "
                                    f"{'a deal ' if c and not b else ''}with yours)"))

    made((best.our_canastas - chosen.our_canastas) / n, "your side made", best.our_canastas,
         chosen.our_canastas)
    made((chosen.rival_canastas - best.rival_canastas) / n, f"{they} made",
         best.rival_canastas, chosen.rival_canastas)
    return [words for _, words in sorted(found, key=lambda f: -f[0])[:2]]


def _a_deal(x: float) -> str:
    """Canastas a deal as said: "1.2", "0.5", "2" (one decimal, no trailing zero; two below
    0.05, so that a few canastas in many deals do not read as none)."""
    return f"{x:.2f}" if x < 0.05 else f"{x:.1f}".removesuffix(".0")


__all__ = ["SYMBOLS", "ReviewLine", "evidence_words", "review_line", "short_words", "why"]
