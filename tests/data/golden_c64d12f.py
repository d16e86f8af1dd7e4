"""Write the golden data of ``tests/data`` from an engine: run it against commit c64d12f.

The files pin what the engine did before its core was rebuilt (docs/architecture.md), so that the
rebuilt engine can be held to it:

- ``records/<preset>-<n>.json``: game records written by that engine (``record.write``), one
  of random play over two deals and one of greedy self-play over one deal, for every preset.
  They must keep replaying and verifying (``tests/test_golden.py``).
- ``perft/<preset>.json``: fixed random lines of play from the start of a game. At every step
  the number of legal actions and the low 16 bits of a CRC-32 of their codes
  (``"count/crc"``); at the end the digest; and the rule set played (``rules``), so that later
  changes to the presets leave the lines as they were. As
  python-chess's perft files pin move generation, these pin the legal-action generator.
- ``action_codes.tsv``: every action code and its text form, so that codes never move.
- ``records/<preset>-search.json`` (classic and samba): the search bot (``SEARCH``) at seats 0
  and 2 against greedy, one deal: with the greedy records they pin the bots' decisions.

Only the public surface of that commit is used (``Game``, ``legal_actions``, ``apply``,
``digest``, ``record``, ``make_bot``), so the script runs on it unchanged::

    git worktree add /tmp/c64 c64d12f
    PYTHONPATH=/tmp/c64/src python tests/data/golden_c64d12f.py tests/data

One deliberate change of the rules since: where suits matter, ``take meld`` (the top card onto
the side's meld of its rank) is offered, as those rules say; c64d12f never offered it. The
perft lines of the presets it changes (``REGENERATED``) were written again by the engine that
fixed it, with the same script: ``python tests/data/golden_c64d12f.py tests/data --perft
samba,bolivia,brazilian,chilean`` (the digest at the end is still version 1's, computed by
``record.digest_v1`` from the new engine's state).

Issue 16 changed three presets and added one (docs/rules.md, Presets: italian, cuban,
brazilian, joker). The perft lines of the changed ones (``ISSUE_16_CHANGED``) were written again
by the engine of that issue, so that they pin what the presets play now: ``--perft
italian,cuban,brazilian``; their records of c64d12f are kept (each holds its rule set, which
still replays as it did). The new preset's records and perft lines were written by the same
engine: ``--presets joker``.

A deliberate change of a preset since: ``modern_american`` plays the rest of the published club
rules (issue 16: sevens and aces, wild canastas by composition, 3s by colour, bonus piles, going
out only with a discard; docs/rules.md, Presets: modern_american). Its perft lines and its two
records (``AMERICAN``) were written again by the engine of that change, with this script's
``perft`` and ``records`` for that preset alone: ``python tests/data/golden_c64d12f.py
tests/data --only modern_american`` (``--only`` and ``--presets`` are the same flag: the named
presets' perft lines and records); every other preset's data is untouched.

The three-hand ``cutthroat`` preset (issue 16; docs/rules.md, Presets: cutthroat) came later:
its records and perft lines were written by the engine that added it, ``--presets
cutthroat``; and samba, whose side may now make two canastas of a rank
(``melds.canastas_per_rank``), had its perft lines written again, ``--perft samba``; no other
file changed.

The search bot's sampled worlds changed since (no hand is dealt a red 3 that it would have laid
out at once: ``canasta.engine.determinize``), and with them its choices: the two search
records were written again by the engine of that change, ``--search classic,samba``; the
records of random and greedy play are untouched.
"""

from __future__ import annotations

import json
import random
import sys
import zlib
from pathlib import Path

from canasta import record
from canasta.bots import make_bot
from canasta.engine.actions import ALL_ACTIONS, Action, ActionType
from canasta.engine.game import Game
from canasta.rules import load, preset_names

#: Lines per preset: (seed, eagerness, steps). Eager lines lay cards whenever they can, so they
#: reach openings, canastas and going out; uniform ones ask, answer and take back more.
LINES = [(seed, eager, 300) for seed in range(3) for eager in (0.0, 0.8)]
SEARCH = "ismcts:iterations=2,horizon=2"
LAYING = {ActionType.TAKE, ActionType.MELD, ActionType.MELD_BLACK_THREES, ActionType.ADD,
          ActionType.COMMIT, ActionType.SEQUENCE, ActionType.EXTEND, ActionType.MELD_WILD}


def choose(rng: random.Random, legal: list[Action], eager: float) -> Action:
    """Uniform over the legal actions, or, with chance ``eager``, over the laying ones."""
    if rng.random() < eager:
        laying = [a for a in legal if a.type in LAYING]
        if laying:
            return rng.choice(laying)
    return rng.choice(legal)


def perft(preset: str) -> dict[str, object]:
    rules = load(preset)
    lines = []
    for seed, eager, steps in LINES:
        game, rng = Game(rules, seed), random.Random(seed)
        counts: list[str] = []
        while len(counts) < steps and not game.is_terminal():
            legal = game.legal_actions()
            crc = zlib.crc32(bytes(str([a.code for a in legal]), "ascii")) & 0xFFFF
            counts.append(f"{len(legal)}/{crc:04x}")
            game.apply(choose(rng, legal, eager))
        lines.append({"seed": seed, "eager": eager, "steps": " ".join(counts),
                      "digest_v1": final_digest(game)})
    return {"preset": preset, "rules": rules.to_dict(), "lines": lines}


def records(preset: str, out: Path) -> None:
    rules = load(preset)
    game, rng = Game(rules, 11), random.Random(11)
    while not game.is_terminal() and len(game.results) < 2:
        game.apply(choose(rng, game.legal_actions(), 0.5))
    record.write(game, out / f"{preset}-random.json")
    game = Game(rules, 12)
    bots = [make_bot("greedy", seed=seat) for seat in range(game.num_players)]
    while not game.is_terminal() and not game.results:
        game.apply(bots[game.current_player].act(game.view(game.current_player)))
    record.write(game, out / f"{preset}-greedy.json")


def search_record(preset: str, out: Path) -> None:
    game = Game(load(preset), 13)
    bots = [make_bot(SEARCH if seat % 2 == 0 else "greedy", seed=seat)
            for seat in range(game.num_players)]
    while not game.is_terminal() and not game.results:
        game.apply(bots[game.current_player].act(game.view(game.current_player)))
    record.write(game, out / f"{preset}-search.json")


#: The presets whose perft lines the fix of ``take meld`` changed, written by the fixed engine.
REGENERATED = ("samba", "bolivia", "brazilian", "chilean")
#: The presets issue 16 changed (perft lines written again) and added (all its data written).
ISSUE_16_CHANGED = ("italian", "cuban", "brazilian")
ISSUE_16_ADDED = ("joker",)
#: The presets whose rules changed since (issue 16): perft lines and records written again.
AMERICAN = ("modern_american",)
#: The rest of issue 16: samba's perft lines written again (``melds.canastas_per_rank``),
#: cutthroat's data written (``--perft samba``, ``--presets cutthroat``).
ISSUE_16_REST_CHANGED, ISSUE_16_REST_ADDED = ("samba",), ("cutthroat",)


def final_digest(game: Game) -> str:
    """Version 1's digest: ``Game.digest`` on c64d12f, ``record.digest_v1`` since."""
    legacy = getattr(record, "digest_v1", None)
    return legacy(game, game.rules.to_dict()) if legacy else game.digest()


def main(folder: str, perft_only: tuple[str, ...] = (), presets: tuple[str, ...] = (),
         search: tuple[str, ...] = ()) -> None:
    root = Path(folder)
    for preset in search:
        search_record(preset, root / "records")
    if search:
        return
    if perft_only or presets:
        for preset in perft_only + presets:
            (root / "perft" / f"{preset}.json").write_text(json.dumps(perft(preset)) + "\n")
        for preset in presets:
            records(preset, root / "records")
        return
    (root / "records").mkdir(parents=True, exist_ok=True)
    (root / "perft").mkdir(parents=True, exist_ok=True)
    for preset in preset_names():
        (root / "perft" / f"{preset}.json").write_text(json.dumps(perft(preset)) + "\n")
        records(preset, root / "records")
        print(preset, file=sys.stderr)
    for preset in ("classic", "samba"):
        search_record(preset, root / "records")
    with (root / "action_codes.tsv").open("w", encoding="utf-8") as out:
        for code, action in enumerate(ALL_ACTIONS):
            out.write(f"{code}\t{action}\n")


if __name__ == "__main__":
    flag, names = sys.argv[2:3], tuple(sys.argv[3].split(",")) if sys.argv[3:4] else ()
    main(sys.argv[1], names if flag == ["--perft"] else (),
         names if flag in (["--presets"], ["--only"]) else (),
         names if flag == ["--search"] else ())
