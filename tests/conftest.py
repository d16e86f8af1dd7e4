"""Hypothesis profiles: fast by default, thorough with ``HYPOTHESIS_PROFILE=ci``.

Property tests scale their example counts from the loaded profile's ``max_examples`` (100 in
the default profile), so ``ci`` (1000) runs each of them ten times longer.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("default", settings(deadline=None))
settings.register_profile(
    "ci",
    settings(max_examples=1000, deadline=None, print_blob=True,
             suppress_health_check=[HealthCheck.too_slow]),
)
settings.register_profile("quick", settings(max_examples=10, deadline=None))
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
