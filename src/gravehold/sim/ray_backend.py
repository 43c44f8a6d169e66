"""Run the same jobs on a Ray cluster (or a local Ray started for the purpose).

Each task plays one chunk of jobs; results come back in job order, so a Ray run gives
exactly the rows a local run gives.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from ..engine.shapes import Row
from .run import J, chunks, play_chunk


def run_ray(jobs: list[J], address: str | None = None, num_cpus: int | None = None,
            progress: Callable[[int], None] | None = None, chunk: int = 8,
            work: Callable[[list[J]], list[Row]] = play_chunk) -> list[Row]:  # type: ignore[assignment]
    """``work`` plays a chunk of jobs, as for ``run.run_local``. Without ``address`` a cluster
    named by the RAY_ADDRESS variable is joined (Ray reads it), else a local Ray started."""
    try:
        import ray
    except ImportError as e:  # pragma: no cover - ray is a declared dependency
        raise RuntimeError("the ray backend needs the 'ray' package (pip install ray)") from e
    started = False
    if not ray.is_initialized():
        if address or os.environ.get("RAY_ADDRESS"):
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=num_cpus, include_dashboard=False, log_to_driver=False)
        started = True
    try:
        remote = ray.remote(work)
        refs = [remote.remote(part) for part in chunks(jobs, chunk)]
        rows: list[Row] = []
        for ref in refs:
            part = ray.get(ref)
            rows.extend(part)
            if progress:
                progress(len(part))
        return rows
    finally:
        if started:
            ray.shutdown()
