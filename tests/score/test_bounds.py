"""Every number of an entry is checked against what one deal can hold before anything is built
from it (issue 26, "Bounds before work"; docs/scorepad.md, "What is refused"): a 20-digit
value is refused as it is read, on the command line and over HTTP, and nothing is stored."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from canasta.engine.tables import tables_for
from canasta.rules import load, preset_names
from canasta.score.adapter import _coins
from canasta.score.entry import (
    EntryError,
    amount_limit,
    count_limit,
    fields_for,
    parse_entry,
)
from canasta.server.rate import AddressRates
from tests.score.conftest import Pad
from tests.server.harness import Running, lifted_limits, running

TWENTY = "9" * 20


@pytest.mark.parametrize("entry", [
    f"natural=1 melded={TWENTY} out", f"melded=50 hand={TWENTY}", f"natural={TWENTY}",
    f"melded={TWENTY}x5", f"melded=3x{TWENTY}", "hand=100000", "melded=1" + "0" * 5000,
    "melded=-" + TWENTY])
def test_the_command_refuses_out_of_range_numbers_and_stores_nothing(pad: Pad,
                                                                      entry: str) -> None:
    assert pad("new", "Friday", "--sides", "Us", "Them").code == 0
    before = pad("show", "Friday").out
    ran = pad("deal", "Friday", entry, "melded=50")
    assert ran.code == 1 and ran.out == ""
    assert ran.err.startswith("canasta: error: Us: ") and ran.err.count("\n") == 1
    assert len(ran.err) < 200  # the value is quoted cut short, not echoed whole
    assert pad("show", "Friday").out == before


@pytest.mark.parametrize("preset", preset_names())
def test_each_word_is_bounded_where_one_deal_puts_it(preset: str) -> None:
    """A count at its limit is read and one past it refused, with the limit's reason; an
    amount likewise at what the whole pack is worth."""
    rules = load(preset)
    for field in fields_for(rules):
        if field.kind == "count":
            most, why = count_limit(field, rules)
        elif field.kind == "amount":
            most, why = amount_limit(field.attr, rules)[1], "the whole pack is worth"
        else:
            continue
        assert getattr(parse_entry(f"{field.word}={most}", rules), field.attr) == most
        with pytest.raises(EntryError, match=why):
            parse_entry(f"{field.word}={most + 1}", rules)


@pytest.mark.parametrize("preset", ["classic", "hand_and_foot", "house"])
def test_class_counts_are_bounded_by_the_pack(preset: str) -> None:
    rules = load(preset)
    pack = tables_for(rules).pack
    classes, _ = amount_limit("hand", rules)
    for value, kinds in classes.items():
        held = sum(pack[k] for k in kinds)
        assert parse_entry(f"hand={held}x{value}", rules).hand == {value: held}
        with pytest.raises(EntryError, match=f"the pack holds {held} "):
            parse_entry(f"hand={held + 1}x{value}", rules)


def _coins_by_table(total: int, values: tuple[int, ...]) -> dict[int, int] | None:
    """The score pad's former way: a table as long as the total (the reference)."""
    last = [0] + [-1] * total
    for n in range(1, total + 1):
        for value in values:
            if value <= n and last[n - value] >= 0:
                last[n] = value
                break
    if last[total] < 0:
        return None
    counts: dict[int, int] = {}
    while total:
        counts[last[total]] = counts.get(last[total], 0) + 1
        total -= last[total]
    return counts


@pytest.mark.parametrize("values", [(50, 20, 10, 5), (100, 50, 20, 10, 5), (500, 50, 20, 10, 5),
                                    (50, 20, 10), (7, 3), (50, 20)])
def test_the_cards_making_a_total_are_those_the_table_found(values: tuple[int, ...]) -> None:
    for total in range(0, 1500):
        assert _coins(total, values) == _coins_by_table(total, values), total


def test_an_address_over_its_rate_is_refused_and_the_table_of_addresses_stays_bounded() -> None:
    now = [0.0]
    rates = AddressRates(per_second=2, burst=3, addresses=4, clock=lambda: now[0])
    assert [rates.allow("a") for _ in range(4)] == [True, True, True, False]
    assert rates.allow("b")  # another address has its own bucket
    now[0] += 0.5
    assert rates.allow("a") and not rates.allow("a")  # one token back after half a second
    for n in range(100):
        rates.allow(f"flood-{n}")
    assert len(rates.buckets) == 4


@pytest.fixture(scope="module")
def slow_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    """A server whose clients may send 2 requests a second, in bursts of 5."""
    db = f"sqlite:///{tmp_path_factory.mktemp('score-rate') / 'server.db'}"
    with running(db, limits=lifted_limits(messages_per_second=2, message_burst=5)) as s:
        yield s


def test_the_pads_routes_have_the_game_servers_rate(slow_server: Running) -> None:
    with slow_server.http() as client:
        answers = [client.get("/api/score") for _ in range(12)]
        refused = [a for a in answers if a.status_code == 429]
        assert refused and all(a.status_code == 200 for a in answers[:5])
        assert refused[0].json()["code"] == "too-fast"
        stored = client.post("/api/score", json={"name": "Fast", "preset": "classic",
                                                 "sides": ["A", "B"]})
        assert stored.status_code == 429  # refused before the body is read: nothing stored

