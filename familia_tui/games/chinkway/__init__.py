"""Chinkway (ファーファリア), Derek Carver's 5-player quest game."""

from familia_tui.core.registry import GameEntry

ENTRY = GameEntry(
    id="chinkway",
    names={"en": "Chinkway", "ja": "チンクウェイ（ファーファリア）"},  # the Japanese page's name as subtitle
    players=(5, 5),
    spec="familia_tui.games.chinkway.game:GAME",
    options="familia_tui.games.chinkway.options:OPTIONS_MODEL",
    prefix="cw",
    texts=("familia_tui.games.chinkway.texts", "familia_tui.tui.games.chinkway.texts"),
    ui="familia_tui.tui.games.chinkway",
    order=40,
)
