"""Familia (ファミリア): the six-role face-card trick-taking game."""

from familia_tui.core.registry import GameEntry

ENTRY = GameEntry(
    id="familia",
    names={"en": "Familia", "ja": "ファミリア"},
    players=(2, 10),
    spec="familia_tui.games.familia.game:GAME",
    options="familia_tui.games.familia.options:OPTIONS_MODEL",
    prefix="fam",
    texts=("familia_tui.games.familia.texts", "familia_tui.tui.games.familia.texts"),
    ui="familia_tui.tui.games.familia",
    order=10,
)
