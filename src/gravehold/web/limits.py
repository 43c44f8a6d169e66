"""What one server takes from its clients.

Every limit is a field of :class:`Limits` with its default, and an option of
``gravehold serve`` of the same name.
"""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True)
class Limits:
    #: State frames waiting to go to one socket. A client that falls further behind is
    #: dropped; the board reconnects and starts again from a full snapshot.
    send_queue: int = 32

    def __post_init__(self) -> None:
        for f in fields(self):
            v = getattr(self, f.name)
            if type(v) is not int or v < 1:
                raise ValueError(f"{f.name}: must be a whole number of at least 1, got {v!r}")
