"""export writes a game as CSV (one row per deal per side) and JSON, with the engine's score
of every side; show prints the whole sheet."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from tests.score.conftest import Pad


def _game(pad: Pad) -> None:
    pad("new", "G", "--sides", "Us", "Them")
    pad("deal", "G", "natural=1 mixed=1 melded=185 red3=2 hand=30 out", "melded=60 hand=15")
    pad("deal", "G", "melded=3x10+2x20 red3=1", "natural=1 melded=50 out")


def test_export_csv(pad: Pad) -> None:
    _game(pad)
    ran = pad("export", "G")
    rows = list(csv.DictReader(io.StringIO(ran.out)))
    assert [(r["deal"], r["side"], r["total"], r["running_total"]) for r in rows] == [
        ("1", "Us", "1255", "1255"), ("1", "Them", "45", "45"),
        ("2", "Us", "170", "1425"), ("2", "Them", "650", "695")]
    assert rows[0]["entry"] == "natural=1 mixed=1 melded=185 red3=2 hand=30 out"
    assert (rows[0]["melded"], rows[0]["in_hand"], rows[0]["canasta_bonus"]) == \
        ("185", "-30", "800")
    assert rows[2]["melded"] == "70" and rows[2]["red_three_points"] == "100"


def test_export_json_to_a_file(pad: Pad, tmp_path: Path) -> None:
    _game(pad)
    out = tmp_path / "g.json"
    assert pad("export", "G", "--format", "json", "--out", str(out)).out == ""
    data = json.loads(out.read_text())
    assert data["name"] == "G" and data["rules"] == "classic"
    assert data["sides"] == ["Us", "Them"] and data["totals"] == [1425, 695]
    assert data["winner"] is None
    first = data["deals"][0]["sides"][0]
    assert first["entry"] == {"natural": 1, "mixed": 1, "melded": 185, "red3": 2, "hand": 30,
                              "out": True}
    assert first["items"][0] == ["melded cards", 185] and first["score"] == 1255
    assert data["deals"][1]["sides"][0]["entry"]["melded"] == {"10": 3, "20": 2}


def test_show_and_an_empty_export(pad: Pad) -> None:
    pad("new", "E", "--sides", "Us", "Them")
    assert pad("show", "E").out.startswith("E (classic): Us vs Them\n\nNo deal yet.\n\n")
    assert pad("export", "E").out == "game,deal,side,entry,total,running_total\n"
    _game(pad)
    show = pad("show", "G").out
    assert show.startswith("G (classic): Us vs Them\n\nDeal 1\nUs: natural=1 mixed=1 ")
    assert "\n\nDeal 2\nUs: melded=3x10+2x20 red3=1\n" in show
    assert show.endswith("Totals: Us 1,425, Them 695\nOpening minimum for deal 3: Us 50, "
                         "Them 50\nStill needed for 5,000: Us 3,575, Them 4,305\n")
