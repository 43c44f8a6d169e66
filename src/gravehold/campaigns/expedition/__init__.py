"""Expeditions (X-2 … X-19, XS): a run of battles with a Barracks, treasures and a score.

``state`` is the whole expedition as one typed document; ``rules`` the rules' tables;
``steps`` the steps from one state to the next (set out, begin a battle, finish it, take a
support), each pure; ``policy`` the bots' choices; ``run`` whole expeditions played by bots;
``transfer`` export and import. The store that keeps them is ``storage.expeditions``.
Nothing here names a card: a box brings its scripted expedition as data
(``content.model.ExpeditionScript``).
"""
