"""The games. Each package `familia_tui.games.<id>` exposes `GAME` (a `GameSpec`).

Games are imported lazily so that a command about one game does not load the others.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pydantic import BaseModel

    from familia_tui.core.engine import GameSpec

GAME_IDS = ("familia", "sixsuit", "tarot", "chinkway", "daifugo")
"""Every game of the project, in the order the home screen lists them."""
PLAYABLE = tuple(g for g in GAME_IDS if importlib.util.find_spec(f"familia_tui.games.{g}"))
"""Games whose engine exists (a package `familia_tui.games.<id>`)."""


class UnknownGame(KeyError):
    """A game id that is not one of GAME_IDS, or whose engine does not exist yet."""

    def __str__(self) -> str:
        game = self.args[0]
        if game in GAME_IDS:
            return f"{game!r} is not playable yet (playable: {', '.join(PLAYABLE)})"
        return f"unknown game {game!r} (games: {', '.join(GAME_IDS)})"


def get_game(game_id: str) -> GameSpec:
    """The game's spec; raises UnknownGame for a game that does not exist or is not built yet."""
    if game_id not in PLAYABLE:
        raise UnknownGame(game_id)
    return importlib.import_module(f"familia_tui.games.{game_id}").GAME


def options_model(game_id: str) -> type[BaseModel]:
    """The options model of a game, importing only its options module."""
    if game_id not in PLAYABLE:
        raise UnknownGame(game_id)
    module = importlib.import_module(f"familia_tui.games.{game_id}.options")
    return module.OPTIONS_MODEL
