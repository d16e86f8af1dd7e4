"""Score-pad entries from outside (``canasta score deal``, ``POST /api/score/deal``): words of
every kind with numbers of every size, near-valid and junk, for every preset the pad takes.
Each deal is stored through the pad on a database of its own; a refused deal (``EntryError``)
leaves the stored game exactly as it was, an accepted one is taken back so the game goes on."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from functools import cache
from pathlib import Path

from hypothesis import strategies as st
from sqlalchemy import Engine

from canasta.rules import load, preset_names
from canasta.score import pad
from canasta.score.entry import FIELDS, EntryError, parse_entry
from tests.fuzz import Target

PRESETS = [name for name in preset_names() if not load(name).players.partners_at_pile]
NUMBERS = st.one_of(st.integers(0, 60), st.integers(0, 3000), st.integers(-5, 10**25),
                    st.sampled_from([0, 5, 50, 1180, 1181, 99999999999999999999]))
AMOUNTS = st.one_of(NUMBERS.map(str), st.lists(st.tuples(NUMBERS, st.sampled_from(
    [5, 10, 15, 20, 50, 100, 500])), min_size=1, max_size=4).map(
        lambda parts: "+".join(f"{n}x{v}" for n, v in parts)))
WORD = st.one_of(
    st.tuples(st.sampled_from([f.word for f in FIELDS]), st.one_of(AMOUNTS, st.just(""))).map(
        lambda wv: f"{wv[0]}={wv[1]}" if wv[1] else wv[0]),
    st.text(st.characters(codec="utf-8"), max_size=12))
ENTRY = st.lists(WORD, max_size=6).map(" ".join)
DEALS = st.tuples(st.sampled_from(PRESETS), ENTRY, ENTRY)


@cache
def _database() -> Engine:
    """One SQLite database per process, with a game per preset."""
    from canasta.store import open_database

    folder = Path(tempfile.mkdtemp(prefix="canasta-fuzz-pad-"))
    atexit.register(shutil.rmtree, folder, True)  # kept for the process, then removed
    engine = open_database(f"sqlite:///{folder / 'pad.db'}")
    for name in PRESETS:
        rules = load(name)
        pad.create(engine, name, rules, [f"side {n}" for n in range(rules.players.sides)])
    return engine


def store_deal(deal: tuple[str, str, str]) -> None:
    """Parse and store a deal (the other sides enter nothing); check a refusal stored nothing."""
    preset, first, second = deal
    rules, engine = load(preset), _database()
    texts = [first, second] + [""] * (rules.players.sides - 2)
    before = pad.load(engine, preset).sheet.deals
    try:
        entries = [parse_entry(text, rules) for text in texts]
        pad.add_deal(engine, preset, entries)
    except EntryError:
        assert pad.load(engine, preset).sheet.deals == before, "a refused deal was stored"
        raise
    pad.undo(engine, preset)


TARGETS = [Target("score-pad", DEALS, store_deal, (EntryError,))]
