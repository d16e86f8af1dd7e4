"""The golden data of ``tests/data``, written by commit c64d12f's engine, still holds.

- Every record of ``records/`` replays and verifies (its result and its digest: version 1's,
  ``record.digest_v1``).
- Every perft line of ``perft/`` offers, step by step, the same number of legal actions with
  the same codes, and ends on the same digest (move generation pinned, as python-chess's perft
  files pin it).
- ``action_codes.tsv``: every action code keeps its text form (an agent trained on codes never
  sees them move).

``tests/data/golden_c64d12f.py`` says how the data was made.
"""

from __future__ import annotations

import json
import random
import zlib
from pathlib import Path

import pytest

from canasta import record
from canasta.engine.actions import ALL_ACTIONS, Action
from canasta.engine.game import Game
from canasta.record import digest_v1
from canasta.rules import from_dict, preset_names
from tests.data.golden_c64d12f import choose

DATA = Path(__file__).parent / "data"
RECORDS = sorted((DATA / "records").glob("*.json"))


def test_every_preset_has_its_golden_data() -> None:
    names = {path.stem.rsplit("-", 1)[0] for path in RECORDS}
    assert names == set(preset_names())
    assert {p.stem for p in (DATA / "perft").glob("*.json")} == set(preset_names())


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_records_of_c64d12f_replay_and_verify(path: Path) -> None:
    data = record.read(path)
    game = record.verify(data)
    assert len(game.history) == len(data["actions"])


@pytest.mark.parametrize("preset", preset_names())
def test_perft_lines_offer_the_same_actions(preset: str) -> None:
    golden = json.loads((DATA / "perft" / f"{preset}.json").read_text())
    rules = from_dict(golden["rules"])  # the preset as it was then
    for line in golden["lines"]:
        seed, eager = line["seed"], line["eager"]
        game, rng = Game(rules, seed), random.Random(seed)
        for step, expected in enumerate(line["steps"].split()):
            legal = game.legal_actions()
            crc = zlib.crc32(bytes(str([a.code for a in legal]), "ascii")) & 0xFFFF
            assert f"{len(legal)}/{crc:04x}" == expected, (
                f"{preset} seed {seed} eager {eager}: step {step} offers {len(legal)} actions "
                f"{[str(a) for a in legal]}")
            game.apply(choose(rng, legal, eager))
        assert digest_v1(game, golden["rules"]) == line["digest_v1"], \
            f"{preset} seed {seed} eager {eager}"


def test_action_codes_keep_their_text() -> None:
    rows = [line.split("\t") for line in
            (DATA / "action_codes.tsv").read_text(encoding="utf-8").splitlines()]
    assert len(rows) == len(ALL_ACTIONS)
    for code, text in rows:
        assert str(ALL_ACTIONS[int(code)]) == text
        assert Action.parse(text).code == int(code)
