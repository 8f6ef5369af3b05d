"""The six-suit team game (六スートのチーム戦), with its individual and secret-team variants."""

from familia_tui.core.registry import GameEntry

ENTRY = GameEntry(
    id="sixsuit",
    names={"en": "Six suits", "ja": "六スート"},
    players=(2, 6),
    spec="familia_tui.games.sixsuit.game:GAME",
    options="familia_tui.games.sixsuit.options:OPTIONS_MODEL",
    prefix="six",
    texts=("familia_tui.games.sixsuit.texts", "familia_tui.tui.games.sixsuit.texts"),
    ui="familia_tui.tui.games.sixsuit",
    order=20,
)
