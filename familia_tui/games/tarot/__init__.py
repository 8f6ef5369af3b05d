"""French Tarot (フレンチタロット) for 3, 4 or 5 players."""

from familia_tui.core.registry import GameEntry

ENTRY = GameEntry(
    id="tarot",
    names={"en": "French Tarot", "ja": "フレンチタロット"},
    players=(3, 5),
    spec="familia_tui.games.tarot.game:GAME",
    options="familia_tui.games.tarot.options:OPTIONS_MODEL",
    prefix="tarot",
    texts=("familia_tui.games.tarot.texts", "familia_tui.tui.games.tarot.texts"),
    ui="familia_tui.tui.games.tarot",
    order=30,
)
