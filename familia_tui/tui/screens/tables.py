"""Which screen plays which game: the table screen of the game's UI package (`screen:TABLE`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

from familia_tui.core.registry import UnknownGame, entry, ui_part

if TYPE_CHECKING:  # (the home screen asks `has_table` before the rules core is imported)
    from familia_tui.core.scenario import ScenarioFile
    from familia_tui.core.session import Session


def has_table(game: str) -> bool:
    """Whether the app can seat a game: it is registered with a UI package."""
    try:
        return entry(game).ui is not None
    except UnknownGame:
        return False


def table_screen(session: Session, puzzle: ScenarioFile | None = None) -> Screen[None]:
    """The game screen for a session's game (in practice mode with a puzzle)."""
    game = session.spec.id
    if not has_table(game):
        raise ValueError(f"no table screen for {game!r} yet")
    screen: Screen[None] = ui_part(game, "screen:TABLE")(session, puzzle)
    return screen
