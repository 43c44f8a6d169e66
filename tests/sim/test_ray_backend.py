"""Every command's Ray backend against a real local Ray, started once for all of them.

Starting Ray and its worker processes costs seconds (tens on a busy machine), and xdist may
send tests of one file to different workers, so the backends of ``simulate``, ``expedition
simulate`` and ``fuzz`` are checked in one test on one Ray. Each gives what one core gives.
The backend's start-and-stop logic is tested without Ray in ``test_simulate.py``.
"""

from __future__ import annotations

import pytest

from gravehold.campaigns import sweep
from gravehold.campaigns.expedition.sweep import Variant
from gravehold.sim import run
from gravehold.sim.ray_backend import run_ray
from gravehold.testing import fuzz


def test_every_ray_backend_gives_what_one_core_gives() -> None:
    ray = pytest.importorskip("ray")
    assert not ray.is_initialized()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        games = run.jobs_for([run.Setup("Rageborne", ("Brama", "Mist"), "Deck Destruction"),
                              run.Setup("Rageborne", ("Xaxos", "Adelheim"), "Reuse Spells!")], 3, 2, "heuristic")
        assert run_ray(games, num_cpus=2, chunk=2) == run.run_local(games, 1), "simulate"

        campaigns = sweep.jobs_for(Variant(players=1, length="short", max_tries=2), 3, 5)
        assert sweep.run_ray(campaigns, num_cpus=2, chunk=2) == sweep.run_local(campaigns, 1), "expedition simulate"

        local = fuzz.run(games=3, base_seed=11)
        on_ray = fuzz.run(games=3, base_seed=11, backend="ray", workers=1)
        assert (on_ray.games, on_ray.violations) == (local.games, local.violations) == (3, []), "fuzz"
        assert ray.is_initialized()  # a Ray the backends found running is left to its owner
    finally:
        ray.shutdown()
