"""How many examples a property test draws: its default count, scaled by the loaded profile.

The default Hypothesis profile (``conftest.py``) has ``max_examples`` 100: ``examples(n)`` is
``n`` there, and ten times ``n`` under ``HYPOTHESIS_PROFILE=explore`` (1000).
"""

from __future__ import annotations

from hypothesis import settings


def examples(n: int) -> int:
    """``n`` examples under the default profile, scaled up by a bigger profile (``explore``)."""
    profile = settings.default
    base = 100 if profile is None else int(profile.max_examples)
    return max(1, n * base // 100)
