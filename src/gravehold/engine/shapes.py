"""The names of the JSON-shaped values the project passes around.

The engine's state is typed classes, but several things stay JSON-shaped on purpose: an
event is written to logs and sockets as it is, a seat's view is sent to browsers and bots,
a config or a record is read from files. Their keys are documented (``docs/events.md``,
``docs/state-format.md``) and checked where they enter (``engine/schema.py``), not by the
type checker. These aliases give each its name, so a signature says which one it takes
and the open ``Any`` is written in one place.
"""

from __future__ import annotations

from typing import Any

#: One decoded JSON value (an object, an array, a string, a number, a bool or null).
Json = Any

#: A JSON object read from or written to a file, a request or a socket.
Doc = dict[str, Json]

#: One logged game event: ``{"event": name, ...}`` (``docs/events.md``).
Event = dict[str, Json]

#: What one seat may see of a game, as JSON (``engine/view.py``).
ViewDoc = dict[str, Json]

#: A game's setup as ``Game.from_config`` reads it, and as records keep it.
ConfigDoc = dict[str, Json]

#: One row of a simulation's results (``sim/run.py``).
Row = dict[str, Json]
