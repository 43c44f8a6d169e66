"""Step kinds that several cards of The New Age use."""

from __future__ import annotations
