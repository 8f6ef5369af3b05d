"""Which screen plays which game."""

from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING

from textual.screen import Screen

from familia_tui.games import PLAYABLE

if TYPE_CHECKING:  # (the home screen asks `has_table` before the rules core is imported)
    from familia_tui.core.scenario import ScenarioFile
    from familia_tui.core.session import Session

SCREENS = {
    "familia": ("familia_tui.tui.screens.familia", "FamiliaScreen"),
    "tarot": ("familia_tui.tui.screens.tarot", "TarotScreen"),
    "daifugo": ("familia_tui.tui.screens.daifugo", "DaifugoScreen"),
}
"""Game id → (module, class) of its table screen."""


def has_table(game: str) -> bool:
    """Whether the app can seat a game: its engine and its table screen both exist."""
    module = SCREENS.get(game, ("", ""))[0]
    return game in PLAYABLE and bool(module) and importlib.util.find_spec(module) is not None


def table_screen(session: Session, puzzle: ScenarioFile | None = None) -> Screen[None]:
    """The game screen for a session's game (in practice mode with a puzzle)."""
    game = session.spec.id
    if not has_table(game):
        raise ValueError(f"no table screen for {game!r} yet")
    module, name = SCREENS[game]
    screen: Screen[None] = getattr(importlib.import_module(module), name)(session, puzzle)
    return screen
