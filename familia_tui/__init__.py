"""familia-tui: a terminal card table for games from Japanese rule texts."""
__version__ = "0.1.0"
