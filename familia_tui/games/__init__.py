"""The games shipped with familia-tui, one package each (`<id>/__init__.py` holds its registry
entry, `ENTRY`; `<id>/game.py` its spec, `GAME`). They are found through the `familia_tui.games`
entry points (see familia_tui/core/registry.py), never by listing them here."""
