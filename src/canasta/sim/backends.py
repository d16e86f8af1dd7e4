"""Where the games run: this process, a local process pool, or a Ray cluster.

Every backend plays the same jobs with the same function (``play_games``) and returns the
results in job order, so a tournament gives identical results on any backend for a seed
(bots with a time budget aside: their strength depends on the machine).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed

from canasta.errors import CanastaError
from canasta.sim.games import GameJob, GameResult, play_games

Progress = Callable[[int], None]


class RayMissing(CanastaError):
    """Games were sent to Ray, which is an optional dependency and is not installed."""


def require_ray() -> None:
    """Raise ``RayMissing``, saying how to install Ray, unless Ray can be imported."""
    try:
        import ray  # noqa: F401
    except ImportError:
        raise RayMissing('Ray is not installed: pip install "canasta[ray]" to play on Ray') \
            from None


def chunks(jobs: Sequence[GameJob], workers: int) -> list[list[GameJob]]:
    """Batches small enough to spread the work (about eight per worker)."""
    size = max(1, len(jobs) // (max(1, workers) * 8))
    return [list(jobs[i:i + size]) for i in range(0, len(jobs), size)]


def run_local(jobs: Sequence[GameJob], workers: int,
              progress: Progress = lambda n: None) -> list[GameResult]:
    """Play the jobs here (``workers`` 1) or on a pool of ``workers`` processes."""
    results: list[GameResult] = []
    if workers <= 1:
        for job in jobs:
            results += play_games([job])
            progress(1)
        return results
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(play_games, batch) for batch in chunks(jobs, workers)]
        for future in as_completed(futures):
            batch = future.result()
            results += batch
            progress(len(batch))
    return sorted(results, key=lambda r: r.index)


def run_ray(jobs: Sequence[GameJob], address: str | None, workers: int,
            progress: Progress = lambda n: None) -> list[GameResult]:
    """Play the jobs on Ray: on the cluster at ``address``, or on a Ray instance started here
    with ``workers`` CPUs (``address`` None) — or on the one already running in this process.

    Every node needs this package installed (the same version); without Ray here,
    ``RayMissing``.
    """
    require_ray()
    import ray

    started = not ray.is_initialized()
    if started:
        os.environ.setdefault("RAY_AUTH_MODE", "disabled")
        if address:
            ray.init(address=address, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(num_cpus=max(1, workers), include_dashboard=False, log_to_driver=False)
    try:
        remote = ray.remote(play_games)
        cpus = int(ray.cluster_resources().get("CPU", 1))
        pending = [remote.remote(batch) for batch in chunks(jobs, cpus)]
        results: list[GameResult] = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            batch = ray.get(done[0])
            results += batch
            progress(len(batch))
    finally:
        if started:
            ray.shutdown()
    return sorted(results, key=lambda r: r.index)
