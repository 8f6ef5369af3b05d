"""One UI package per game (its registry entry names it)."""
