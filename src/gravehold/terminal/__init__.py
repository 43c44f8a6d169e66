"""The full-screen terminal UI of ``gravehold play --human N`` (Textual).

``session`` holds the sitting (seats, bots, undo, log), ``render`` what each pane says,
``panes`` and ``screens`` the widgets, ``app`` the Textual app that puts them together.
``gravehold.cli.prompts`` keeps the line-by-line prompt (``--plain``) for scripts.
"""
