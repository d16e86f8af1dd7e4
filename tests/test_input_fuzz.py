"""Every outside input either works or gets its documented error, never another exception
(issue 26): the targets of ``tests/fuzz``, each under the deterministic test profile."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from tests.fuzz import OK, Target, all_targets
from tests.sizing import examples

TARGETS = all_targets()


def test_every_input_kind_has_a_target() -> None:
    names = {target.name.split(":")[0] for target in TARGETS}
    assert {"score-pad", "rules-file", "bot-option"} <= names


@pytest.mark.parametrize("target", TARGETS, ids=[t.name for t in TARGETS])
def test_input_works_or_is_refused(target: Target) -> None:
    seen: set[str] = set()

    @settings(max_examples=examples(200),
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(target.inputs)
    def check(value: object) -> None:
        seen.add(target.outcome(value))

    check()
    assert seen - {OK}, f"{target.name}: no input was refused, so the fuzz proves nothing"
