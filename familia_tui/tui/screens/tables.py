"""Which screen plays which game."""

from __future__ import annotations

from textual.screen import Screen

from familia_tui.core.scenario import ScenarioFile
from familia_tui.core.session import Session


def table_screen(session: Session, puzzle: ScenarioFile | None = None) -> Screen[None]:
    """The game screen for a session's game (in practice mode with a puzzle)."""
    if session.spec.id == "familia":
        from familia_tui.tui.screens.familia import FamiliaScreen

        return FamiliaScreen(session, puzzle)
    if session.spec.id == "tarot":
        from familia_tui.tui.screens.tarot import TarotScreen

        return TarotScreen(session, puzzle)
    if session.spec.id == "daifugo":
        from familia_tui.tui.screens.daifugo import DaifugoScreen

        return DaifugoScreen(session, puzzle)
    raise ValueError(f"no table screen for {session.spec.id!r} yet")
