"""The Legacy of Gravehold campaign (C-1 … C-18) on the campaign layer: a persistent chain
of battles run by a campaign script (``script``), with its own document (``state``), steps
(``steps``), lasting card copies (``copies``), bots' policy (``policy``) and replay check
(``replay``). Importing it registers the kind ``legacy``."""

from .kind import LEGACY
from .script import Script, ScriptError
from .state import Legacy
from .steps import LegacyError

__all__ = ["LEGACY", "Legacy", "LegacyError", "Script", "ScriptError"]
