"""Tools for testing gravehold and the boxes written for it (golden games, conformance)."""
