"""Fuzz every outside input for a while, with fresh randomness (issue 26): the targets of
``tests/fuzz`` (positions, records, rules files, score-pad entries, bot options, WebSocket
messages), each in turn for a slice of the time, until the minutes are up.

    python bench/fuzz.py [--minutes M] [--slice S] [--only NAME ...]

Prints, per target, the inputs tried and their outcomes by type (``ok`` or the documented
refusal); an input that raised anything else (or left a game stuck, a failed assertion of the
target) is printed with its exception and counted as a defect. The exit code is 1 when there
was a defect. The test suite runs the same targets deterministically
(``tests/test_input_fuzz.py``).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests package

from tests.fuzz import Target, all_targets


class _TimeUp(Exception):
    """The slice of a target is over."""


def run_slice(target: Target, seconds: float, outcomes: Counter[str],
              defects: list[str]) -> None:
    """Draw inputs for ``target`` for ``seconds``, counting outcomes; a defect ends the
    slice early (Hypothesis stops at a failing example)."""
    stop = time.monotonic() + seconds

    @settings(max_examples=10**9, phases=[Phase.generate], database=None, deadline=None,
              derandomize=False, print_blob=True,
              suppress_health_check=list(HealthCheck))
    @given(target.inputs)
    def draw(value: object) -> None:
        if time.monotonic() > stop:
            raise _TimeUp
        try:
            outcomes[target.outcome(value)] += 1
        except Exception as exc:
            outcomes[f"DEFECT {type(exc).__name__}"] += 1
            defects.append(f"{target.name}: {type(exc).__name__}: {exc}\n  input: "
                           f"{value!r:.600}\n{traceback.format_exc(limit=-3)}")

    with contextlib.suppress(_TimeUp):
        draw()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=1.0)
    parser.add_argument("--slice", type=float, default=10.0, help="seconds per turn")
    parser.add_argument("--only", nargs="*", help="target names (default: all)")
    args = parser.parse_args()
    targets = [t for t in all_targets() if not args.only or t.name in args.only]
    if not targets or args.minutes <= 0 or args.slice <= 0:
        parser.error("no target to run (see --only), or a time that is not positive")
    outcomes = {t.name: Counter[str]() for t in targets}
    defects: list[str] = []
    end = time.monotonic() + args.minutes * 60
    while time.monotonic() < end:
        for target in targets:
            left = end - time.monotonic()
            if left <= 0:
                break
            run_slice(target, min(args.slice, left), outcomes[target.name], defects)
    for defect in defects[:20]:
        print(defect)
    print(f"fuzz: {args.minutes:g} min over {len(targets)} targets")
    for name, counts in outcomes.items():
        tried = sum(counts.values())
        shown = ", ".join(f"{kind} {n:,}" for kind, n in counts.most_common())
        print(f"  {name:12} {tried:9,} inputs: {shown}")
    print(f"  defects: {len(defects)}")
    return 1 if defects else 0


if __name__ == "__main__":
    sys.exit(main())
