"""A local Ray instance, started once per test session by the tests that ask for it."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator

import pytest


@pytest.fixture(scope="session")
def local_ray() -> Iterator[None]:
    """Ray on this machine: 2 CPUs, no dashboard, a small object store, a private temp dir
    (the tests that ask for it are skipped where Ray is not installed: it is optional)."""
    ray = pytest.importorskip("ray")
    folder = tempfile.mkdtemp(prefix="ray-")
    os.environ["RAY_AUTH_MODE"] = "disabled"
    os.environ["RAY_TMPDIR"] = folder
    ray.init(num_cpus=2, include_dashboard=False, object_store_memory=100 * 1024**2,
             log_to_driver=False, _temp_dir=folder)
    yield
    ray.shutdown()
