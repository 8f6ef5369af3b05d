"""Registers the six-suit game when the installed metadata predates its entry point (a checkout
newer than the last `pip install -e .`); pytest loads this before the shared game tests
(tests/games/test_*.py) are collected."""

from familia_tui.core.registry import game_ids, register
from familia_tui.games.sixsuit import ENTRY

if ENTRY.id not in game_ids():
    register(ENTRY)
