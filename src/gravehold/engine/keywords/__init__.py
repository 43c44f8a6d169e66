"""The rules keywords: each keyword mechanic is one module named after it.

A keyword module holds all of its mechanic: the state fields it reads and writes (declared
in ``engine/state.py`` and ``content/model.py``, documented here), its step kinds, the small
functions the turn and damage code call at its hook points, and its wording. Its docstring
names the rule it implements. The engine's own vocabulary imports these modules, so their
step kinds register with the rest (``boxes._engine_vocabulary``).
"""
