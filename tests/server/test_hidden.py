"""Hidden information through the real server: seeded games played by four clients holding
the seats and a spectator, every frame of every kind checked against the true game."""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import re

from tests.helpers import MELD, position
from tests.server.harness import Client, create, play, running
from tests.server.leaks import leaks

from canasta import record
from canasta.cards import parse_kind
from canasta.engine.game import Game
from canasta.presentation import hand_codes

SUITED = re.compile(r" of (spades|hearts|diamonds|clubs)\b")
SUIT_COUNT = re.compile(r"\((a|both|all|two|three) (spade|heart|diamond|club)")
LAID = re.compile(r"^(.+?) (melded|added|took the pile) ")


def worded_alike(line: str) -> str:
    """A log line as any receiver reads it: the actor and whose melds left out."""
    return re.sub(r"(your side's|your|their) ", "", LAID.sub(r"\2 ", line))


async def _game(server_url: str, ws: str, http: object, rng: random.Random) -> None:
    import httpx2

    assert isinstance(http, httpx2.Client)
    made = create(http, ["me", "open", "open", "open"])
    table = made["id"]
    first = await Client.open(ws, table, made["token"])
    tokens = [made["token"]]
    clients = [first]
    for seat, code in sorted(first.latest["invites"].items()):
        got = http.post(f"/api/tables/{table}/claim",
                        json={"seat": int(seat), "invite": code, "name": f"P{seat}"}).json()
        tokens.append(got["token"])
        clients.append(await Client.open(ws, table, got["token"]))
    spectator = await Client.open(ws, table)
    await play(clients, rng, lambda: spectator.latest["table"]["over"], hints=0.2,
               previews=0.3)
    await spectator.until(lambda f: f["kind"] == "event" and f["table"]["over"],
                          start=0)
    data = http.get(f"/api/tables/{table}/record").json()
    game = record.verify(data)
    seed = data["seed"]
    assert first.frames[0]["table"]["seed_hash"] == hashlib.sha256(
        str(seed).encode()).hexdigest()
    assert spectator.latest["table"]["seed"] == str(seed)

    # the game after each version, from the events the spectator saw (hints are stubs)
    replayed = Game(game.rules, seed)
    states = [replayed.clone()]
    ends: dict[int, Game] = {}  # after an action that ended a deal: that deal's end
    actions_at: dict[int, int] = {}
    count = 0
    for frame in spectator.frames:
        if frame["kind"] == "event":
            if frame["event"]["kind"] == "action":
                ahead = replayed.clone()
                replayed.apply(frame["event"]["action"])
                states.append(replayed.clone())
                count += 1
                if replayed.deal_number != ahead.deal_number:
                    ahead.state.match.one_hand = True
                    ahead.apply(frame["event"]["action"])
                    ends[count] = ahead
            actions_at[frame["v"]] = count
    assert count == len(data["actions"])
    assert any(f["kind"] == "event" and f["event"]["kind"] == "stub"
               for f in spectator.frames), "a hint reaches others as a stub"

    def state(version: int) -> tuple[Game, Game | None]:
        known = [v for v in actions_at if v <= version]
        index = actions_at[max(known)] if known else 0
        return states[index], ends.get(index)

    checked = 0
    for client in [*clients, spectator]:
        receiver = client.frames[0]["you"]
        version = 0
        for raw, frame in zip(client.raw, client.frames, strict=True):
            version = frame.get("v", version)
            now, ended = state(version)
            problems = leaks(raw, now, receiver, seed, tokens, ended)
            assert not problems, (receiver, frame["kind"], version, problems)
            checked += 1
    # suits ride only on card facts (counted above); the table's cards show the same suits
    # to every receiver, seats and spectator alike
    public: dict[int, set[str]] = {}
    for client in [*clients, spectator]:
        for frame in client.frames:
            if "facts" in frame:
                facts = frame["facts"]
                shown = json.dumps([[m["cards"] for m in side["melds"]]
                                    for side in facts["sides"]] + [facts["pile"]["top"]])
                public.setdefault(frame["v"], set()).add(shown)
    assert all(len(shown) == 1 for shown in public.values())
    assert any('"eye": "' in next(iter(shown)) and '"eye": ""' not in next(iter(shown))
               for shown in public.values())
    # the log names suits of a discard (public: the pile shows it), of the cards laid on
    # the table (melded, added, taken with the pile: public too, and worded alike for every
    # receiver) and of the receiver's own draw only ("You drew a 4 of hearts."), never of
    # another seat's hidden cards
    named = [line for client in [*clients, spectator] for frame in client.frames
             for line in frame.get("facts", {}).get("log", [])
             if SUITED.search(line) or SUIT_COUNT.search(line)]
    assert any(line.startswith("You drew ") for line in named)
    assert any(" discarded " in line for line in named)
    laid = [line for line in named if LAID.search(line)]
    assert any(" melded " in line for line in laid) and any(" added " in line for line in laid)
    assert all(" discarded " in line or line.startswith("You drew ") or line in laid
               for line in named), [line for line in named if " discarded " not in line
                                    and "You drew " not in line and line not in laid]
    spectators = {worded_alike(line) for frame in spectator.frames
                  for line in frame.get("facts", {}).get("log", [])}
    assert {worded_alike(line) for line in laid} <= spectators
    kinds = {f["kind"] for c in clients for f in c.frames}
    assert {"welcome", "event", "presence", "ack", "preview"} <= kinds
    assert checked > 500
    for client in [*clients, spectator]:
        await client.close()


def test_no_frame_names_a_card_its_receiver_cannot_know(db: str) -> None:
    with running(db, seeds="hidden") as server, server.http() as http:
        rng = random.Random(5)

        async def main() -> None:
            for _ in range(2):
                await _game(server.url, server.ws, http, rng)

        asyncio.run(main())


def test_the_check_finds_a_leak() -> None:
    game = Game("classic", seed=3)
    mine = {"kind": "event", "v": 1, "you": 0, "facts": {"hand": [], "log": []}}
    own = [{"code": c, "text": "", "rank": "", "suit": "", "colour": "", "words": ""}
           for c in hand_codes(game.view(0))]
    honest = {**mine, "facts": {"hand": [{"label": "", "cards": own}]}}
    assert leaks(json.dumps(honest), game, 0, game.seed, ["tok"]) == []
    other = [{**card, "code": c} for card, c in zip(own, hand_codes(game.view(1)), strict=False)]
    leaked = {**honest, "facts": {"hand": [{"label": "", "cards": own + other}]}}
    assert leaks(json.dumps(leaked), game, 0, game.seed, ["tok"])
    assert leaks(json.dumps({**honest, "seed": str(game.seed)}), game, 0, game.seed, [])
    assert leaks(json.dumps({**honest, "t": "tok"}), game, 0, game.seed, ["tok"])
    assert leaks(json.dumps(honest), game, None, game.seed, [])  # a spectator has no hand
    big = 2**100 + 7  # a table's seed is 128 bits: seed 3's digit is in any position text
    assert leaks(json.dumps({**honest, "view": game.view(0).to_wire()}), game, 0, big,
                 []) == []
    assert leaks(json.dumps({**honest, "view": game.view(1).to_wire()}), game, 0, big,
                 []) == ["a view that is not the receiver's"]


def test_the_check_finds_melds_a_deal_did_not_end_with() -> None:
    ended = position(hands={1: "5"}, melds={1: ["K K K K K K K"]}, pile="4", current=1,
                     phase=MELD, drew=True)
    game = ended.clone()
    ended.state.match.one_hand = True
    ended.apply("discard 5")
    game.apply("discard 5")  # the next deal
    king = {"code": parse_kind("K"), "text": "K", "rank": "K", "suit": "", "colour": "",
            "words": "king"}
    hand = [{"label": "", "cards": [{**king, "code": c} for c in hand_codes(game.view(0))]}]

    def frame(kings: int) -> str:
        return json.dumps({"kind": "event", "v": 2, "facts": {"hand": hand, "last_deal": {
            "sides": [{"melds": []}, {"melds": [{"cards": [king] * kings}]}]}}})

    big = 2**100 + 7  # a seed no digit of the frame spells
    assert leaks(frame(7), game, 0, big, [], ended) == []
    assert leaks(frame(7), game, 0, big, [])  # not just after the deal's end
    assert leaks(frame(8), game, 0, big, [], ended) == [
        f"melds the deal did not end with: {{{parse_kind('K')}: 8}}"]
