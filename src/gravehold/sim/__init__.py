"""Batch simulation: many seeded games, summarised with intervals, on processes or Ray."""
