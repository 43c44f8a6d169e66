"""Persistence: saved games in a real database (SQLAlchemy; SQLite by default)."""
