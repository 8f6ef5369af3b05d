"""Chinkway is registered by its entry point once installed (`pip install -e .`); before that (a
worktree whose installed metadata predates the game) the tests register its entry by hand."""

from familia_tui.core.registry import game_ids, register
from familia_tui.games.chinkway import ENTRY

if "chinkway" not in game_ids():
    register(ENTRY)
