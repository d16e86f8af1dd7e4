"""The worked examples of the rule texts, entered through the command (docs/scorepad.md)."""

from __future__ import annotations

from pathlib import Path

from tests.score.conftest import Pad

CLASSIC = ("new", "Friday", "--sides", "Ann & Bob", "Cy & Di")


def _items(out: str, side: str) -> list[tuple[str, int]]:
    """The breakdown printed for ``side``: (label, value) rows up to its deal score."""
    block = out.split(f"{side}: ", 1)[1].splitlines()[1:]
    rows = []
    for line in block:
        label, value = line.strip().rsplit(None, 1)
        if label == "this deal":
            break
        rows.append((label, int(value.replace(",", ""))))
    return rows


def _line(out: str, start: str) -> str:
    return next(line for line in out.splitlines() if line.startswith(start))


def test_the_rules_sites_1255_point_hand(pad: Pad) -> None:
    """Seed 002, "Scoring Example": a natural canasta of 7s (500 + 35), a mixed canasta of
    kings (300 + 90), three aces (60), two red 3s (200), went out (100), partner holding 30:
    1,255. The melded cards entered as players count them: seven 7s (5 each), five kings and
    three aces... by value class: 7 cards of 5, 5 of 10 (kings), 5 of 20 (three aces and two 2s
    in the kings' canasta)."""
    assert pad(*CLASSIC).code == 0
    ran = pad("deal", "Friday", "natural=1 mixed=1 melded=7x5+5x10+5x20 red3=2 hand=30 out",
              "melded=60 hand=15")
    assert ran.code == 0, ran.err
    assert _items(ran.out, "Ann & Bob") == [
        ("melded cards", 35 + 90 + 60), ("cards left in hand", -30),
        ("1 natural + 1 mixed canastas", 800), ("2 red 3s", 200), ("going out", 100)]
    assert "this deal                            1,255" in ran.out
    assert _items(ran.out, "Cy & Di") == [("melded cards", 60), ("cards left in hand", -15)]
    assert _line(ran.out, "Totals:") == "Totals: Ann & Bob 1,255, Cy & Di 45"
    assert _line(ran.out, "Still needed") == \
        "Still needed for 5,000: Ann & Bob 3,745, Cy & Di 4,955"
    # the same hand entered as points gives the same breakdown
    assert pad("undo", "Friday").code == 0
    again = pad("deal", "Friday", "natural=1 mixed=1 melded=185 red3=2 hand=30 out",
                "melded=60 hand=15")
    assert _items(again.out, "Ann & Bob") == _items(ran.out, "Ann & Bob")


def test_the_household_sheets_round_with_the_house_presets_numbers(pad: Pad) -> None:
    """Seed 004, "A round, counted up": two natural canastas, one dirty canasta, three red 3s,
    210 in melded card points, 40 in the partner's hand, went out: 1,870 under the house
    preset (docs/rules.md, Presets: house)."""
    assert pad("new", "Sheet", "--rules", "house", "--sides", "Us", "Them").code == 0
    ran = pad("deal", "Sheet", "natural=2 mixed=1 melded=210 red3=3 hand=40 out", "melded=90")
    assert ran.code == 0, ran.err
    assert _items(ran.out, "Us") == [
        ("melded cards", 210), ("cards left in hand", -40),
        ("2 natural + 1 mixed canastas", 1300), ("3 red 3s", 300), ("going out", 100)]
    assert _line(ran.out, "Totals:") == "Totals: Us 1,870, Them 90"


def test_the_house_presets_own_words(pad: Pad) -> None:
    """The house preset has wild canastas (2,000) and the perfect cut (100); classic has
    neither, so the same words are refused there."""
    pad("new", "House", "--rules", "house", "--sides", "Us", "Them")
    ran = pad("deal", "House", "natural=1 wild=1 melded=7x5+7x20 cut out", "melded=50 hand=20")
    assert _items(ran.out, "Us") == [
        ("melded cards", 175), ("1 natural + 1 wild canastas", 2500),
        ("going out", 100), ("perfect cut", 100)]
    pad(*CLASSIC)
    refused = pad("deal", "Friday", "natural=1 wild=1 melded=175 out", "melded=50")
    assert refused.code == 1
    assert refused.err == "canasta: error: Ann & Bob: wild: classic has no wild canastas " \
                          "(wild cards alone)\n"


def _deal(pad: Pad, us: str, them: str) -> str:
    ran = pad("deal", "Long", us, them)
    assert ran.code == 0, ran.err
    return ran.out


def test_a_whole_game_to_5000_with_the_minimum_rising_at_1500_and_3000(pad: Pad) -> None:
    """docs/rules.md, ruling 15 and the initial-meld table: 50 from 0, 90 from 1,500, 120 from
    3,000; the game ends once a side reaches 5,000, the higher total winning."""
    pad("new", "Long", "--sides", "Us", "Them")
    # each of these deals scores Us 1,000: 2 naturals (1,000) + 120 melded - 120 in hand
    big = "natural=2 melded=14x5+5x10 hand=120"
    out = _deal(pad, big, "melded=50")
    assert _line(out, "Opening minimum") == "Opening minimum for deal 2: Us 50, Them 50"
    out = _deal(pad, big + " out", "melded=55 hand=5")  # Us 1,000 + 100 out = 2,100
    assert _line(out, "Totals:") == "Totals: Us 2,100, Them 100"
    assert _line(out, "Opening minimum") == "Opening minimum for deal 3: Us 90, Them 50"
    # at 2,100 Us needs 90 to go down: 85 melded cannot be, 90 can
    refused = pad("deal", "Long", "melded=85", "melded=50")
    assert (refused.code, refused.err) == (1, "canasta: error: deal 3: Us: melded=85: less "
                                           "than the opening minimum of 90 for a side at 2,100 "
                                           "(the opening's cards stay melded)\n")
    out = _deal(pad, big, "melded=50")  # 3,100
    assert _line(out, "Opening minimum") == "Opening minimum for deal 4: Us 120, Them 50"
    out = _deal(pad, big, "natural=1 melded=60 out")  # 4,100; Them 150 + 660 = 810
    assert _line(out, "Still needed") == "Still needed for 5,000: Us 900, Them 4,190"
    assert "Game over" not in out
    out = _deal(pad, big, "melded=120")  # 5,100
    assert _line(out, "Game over") == "Game over: Us won, 5,100 to 930"
    after = pad("deal", "Long", "melded=50", "melded=50")
    assert after.code == 1
    assert after.err == "canasta: error: deal 6: the game ended after deal 5 (Us won)\n"
    listed = pad("list")
    assert listed.out == "Long (classic): 5 deals, Us 5,100, Them 930; Us won\n"


def test_the_list_shows_the_newest_game_first(pad: Pad) -> None:
    """The game going on at the table is the one looked for: the pad lists the newest first
    (it listed them by name, so "Saturday" came after last month's "Friday")."""
    for name in ("Saturday", "Friday", "Monday"):
        pad("new", name, "--sides", "Us", "Them")
    assert [line.split(" (")[0] for line in pad("list").out.splitlines()] == [
        "Monday", "Friday", "Saturday"]


def test_level_totals_over_the_target_play_another_deal(pad: Pad) -> None:
    """Ruling 15: if both sides reach the target level, another deal is played."""
    pad("new", "Tie", "--sides", "Us", "Them")
    for _ in range(5):
        ran = pad("deal", "Tie", "natural=2 melded=120", "natural=2 melded=120")
    assert _line(ran.out, "Totals:") == "Totals: Us 5,600, Them 5,600"
    assert "The leaders are level: the rules play another deal" in ran.out
    assert "Game over" not in ran.out
    ran = pad("deal", "Tie", "natural=1 melded=120 out", "melded=120")
    assert _line(ran.out, "Totals:") == "Totals: Us 6,320, Them 5,720"
    assert _line(ran.out, "Game over") == "Game over: Us won, 6,320 to 5,720"


def test_a_households_own_rules_file(pad: Pad, tmp_path: Path) -> None:
    """A household's file on top of the house preset: its own wild canasta (3,000) and
    going-out bonus (150). The game keeps the rules as they were when it started."""
    ours = tmp_path / "ours.toml"
    ours.write_text('base = "house"\nname = "ours"\n[canastas]\nwild_bonus = 3000\n'
                    '[going_out]\nbonus = 150\n')
    assert pad("new", "Home", "--rules", str(ours), "--sides", "Us", "Them").code == 0
    ours.write_text('base = "house"\nname = "ours"\n')  # changed later: the game keeps its own
    ran = pad("deal", "Home", "natural=1 wild=1 melded=7x5+7x20 out", "melded=50")
    assert _items(ran.out, "Us") == [
        ("melded cards", 175), ("1 natural + 1 wild canastas", 3500),
        ("going out", 150)]
    assert pad("list").out == "Home (ours): 1 deal, Us 3,825, Them 50; going on\n"


def test_one_red_three_is_named_in_the_singular(pad: Pad) -> None:
    """A red 3 is worth 100 (seed 000, "Red threes"): one is "1 red 3", two "2 red 3s"."""
    assert pad(*CLASSIC).code == 0
    ran = pad("deal", "Friday", "natural=1 melded=7x10 red3=1 hand=0 out", "melded=60 red3=2")
    assert ran.code == 0, ran.err
    assert ("1 red 3", 100) in _items(ran.out, "Ann & Bob")
    assert ("2 red 3s", 200) in _items(ran.out, "Cy & Di")
