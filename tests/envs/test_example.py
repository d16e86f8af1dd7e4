"""The learning example (examples/learn_canasta.py), short: the pipeline runs end to end —
the environment's observations and masks feed the policy, its updates change it, it is
evaluated against the engine's scores, and the learning curve is drawn."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import numpy as np

from tests.scripts import load_script

EXAMPLE = Path(__file__).parents[2] / "examples" / "learn_canasta.py"


def load_example() -> ModuleType:
    return load_script("examples/learn_canasta.py")


def test_a_short_learning_run(tmp_path: Path) -> None:
    example = load_example()
    policy, curve = example.train(2000, seed=1, batch=1000)
    assert len(curve.steps) == 2 and curve.steps[-1] >= 2000
    assert all(0.0 <= w <= 1.0 for w in curve.wins)
    assert np.abs(policy.weights).sum() > 0 and np.isfinite(policy.weights).all()
    learned, random_rate = example.evaluate(policy, 4), example.evaluate(None, 4)
    assert 0.0 <= learned <= 1.0 and 0.0 <= random_rate <= 1.0
    out = tmp_path / "curve.png"
    example.plot(curve, out, learned, random_rate)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_policy_only_ever_picks_legal_actions() -> None:
    example = load_example()
    policy = example.Policy(8)
    policy.bias[:] = np.arange(policy.bias.size)  # the highest codes preferred...
    mask = np.zeros(policy.bias.size, np.int8)
    mask[[3, 40]] = 1  # ...but only these two are legal
    p = policy.probabilities(np.zeros(8), mask)
    assert set(np.flatnonzero(p)) == {3, 40} and p.sum() == 1.0


def test_the_docstring_draws_the_image_the_readme_shows() -> None:
    root = EXAMPLE.parents[1]
    doc = load_example().__doc__
    assert doc is not None
    out = doc.split("--out ")[1].split()[0]
    assert (root / out).is_file() and f"]({out})" in (root / "README.md").read_text()
