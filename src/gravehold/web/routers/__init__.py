"""The web app's routes, one router per resource (FastAPI's bigger-applications layout):
``pages`` (the HTML pages), ``games``, ``expeditions``, ``replays`` and ``ws`` (the board's
WebSocket). Each takes what it needs from ``..deps``; ``..app.create_app`` includes them."""
