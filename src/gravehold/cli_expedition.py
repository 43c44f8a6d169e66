"""``gravehold expedition …``: expeditions from the command line (Typer + Rich).

Each subcommand is one step of an expedition (X-3 … X-19) applied through the store
(``storage.expeditions``), so the CLI, the web server and a bot sweep share one database
and one set of rules. Bad input prints ``error: …`` naming what is wrong and exits 2.
"""

from __future__ import annotations

import typer

expedition_app = typer.Typer(no_args_is_help=True, help="Expeditions: a run of battles with a Barracks, "
                                                        "treasures and a score (rules X-1 to X-19).")
