"""A review's decisions in words (docs/bots.md, "Reviews"): the better move, its estimate, and
the ways its played-out hands went better, told only when they differ enough."""

from __future__ import annotations

from canasta.bots.review import Evidence, Judgement
from canasta.engine.actions import Action
from canasta.presentation.review import SYMBOLS, review_line, short_words, why

NINE, FOUR = Action.parse("discard 9"), Action.parse("discard 4")


def judged(chosen: Evidence, best: Evidence, rivals: int = 2, sound: Action = NINE,
           best_action: Action = FOUR) -> Judgement:
    return Judgement(28, 1, NINE, -105.4, best_action, 76.6, 66.2, "inaccuracy",
                     "least use to us", chosen.samples, sound, chosen, best, rivals)


def test_the_better_move_is_told_with_the_ways_it_went_better_largest_first() -> None:
    chosen = Evidence(8, rival_took_pile=6, we_went_out=3, rival_went_out=2, our_canastas=8,
                      rival_canastas=8)
    best = Evidence(8, rival_took_pile=1, we_went_out=5, rival_went_out=2, our_canastas=8,
                    rival_canastas=8)
    words = why(judged(chosen, best))
    assert words == (
        "Better: discard a 4 (+77 a deal against -105, on 8 deals played out from what you "
        "knew). With it, the opponents took the pile before your next turn in 1 of 8 deals "
        "(6 with yours); your side went out in 5 of 8 deals (3 with yours). The heuristic "
        "would discard a 9: least use to us.")
    line = review_line(judged(chosen, best))
    assert (line.step, line.chosen.words, line.best.text, line.loss, line.sure_loss) == (
        29, "discard a 9", "discard 4", 182, 66)
    assert line.short == "182 points short, 66 beyond the luck of the deals played out"
    assert (line.mark, line.symbol) == ("inaccuracy", SYMBOLS["inaccuracy"]) == (
        "inaccuracy", "?!")


def test_small_or_unfavourable_differences_are_not_told() -> None:
    chosen = Evidence(16, rival_took_pile=2, we_went_out=9, rival_went_out=4, our_canastas=20)
    best = Evidence(16, rival_took_pile=3, we_went_out=10, rival_went_out=6, our_canastas=23)
    words = why(judged(chosen, best, sound=FOUR))
    assert "With it" not in words
    assert words.endswith("That is the heuristic's move too: least use to us.")


def test_canastas_and_a_lone_opponent_are_told_in_their_words() -> None:
    chosen = Evidence(10, our_canastas=5, rival_canastas=15)
    best = Evidence(10, our_canastas=12, rival_canastas=9)
    words = why(judged(chosen, best, rivals=1))
    assert ("With it, your side made 1.2 canastas a deal (0.5 with yours); your opponent "
            "made 0.9 canastas a deal (1.5 with yours).") in words
    # none said as none, whole numbers without a decimal
    words = why(judged(Evidence(10, rival_canastas=10), Evidence(10, our_canastas=10), rivals=1))
    assert ("With it, your side made 1 canasta a deal (none with yours); your opponent made "
            "no canasta (1 a deal with yours).") in words


def test_a_loss_is_said_with_what_is_left_of_it_beyond_the_luck() -> None:
    assert short_words(0, -20) == ""
    assert short_words(90, -5) == "90 points short, within the luck of the deals played out"
    assert short_words(290, 85) == "290 points short, 85 beyond the luck of the deals played out"


def test_the_best_move_found_is_said_to_be_so() -> None:
    same = Evidence(4)
    j = Judgement(3, 1, NINE, 10.0, NINE, 10.0, 0.0, "", "least use to us", 4, FOUR, same,
                  same, 2)
    assert why(j) == ("The best found on 4 deals played out from what you knew. The heuristic "
                      "would discard a 4: least use to us.")
    assert review_line(j).symbol == "" and review_line(j).loss == 0
