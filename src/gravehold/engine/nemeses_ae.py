"""Effect steps and nemesis hooks for one part of the content (see its docstring below).

Registered with ``@step`` (card effect steps) and ``@nemesis_hook`` (mat rules).
"""

from __future__ import annotations
