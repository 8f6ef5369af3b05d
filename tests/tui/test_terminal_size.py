"""Small and large terminals at every table: below 80×24 a notice asks for a larger terminal (in
both languages) instead of silently dropping the scores and the log, and enlarging brings the
table back; on a large terminal the log takes the room, and its lines are wrapped again."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_helpers import make_app, screen_text, settle

from familia_tui.core.record import Record
from familia_tui.tui.games.daifugo.scenes import FOUR, daifugo_record
from familia_tui.tui.games.familia.scenes import HUMAN_AND_BOTS, familia_record
from familia_tui.tui.games.tarot.scenes import tarot_record
from familia_tui.tui.screens.table import TableScreen
from familia_tui.tui.widgets.log import EventLog

RECORDS = {
    "familia": lambda: familia_record(HUMAN_AND_BOTS),
    "tarot": lambda: tarot_record(FOUR),
    "daifugo": lambda: daifugo_record(FOUR),
}


def record(game: str) -> Record:
    return RECORDS[game]()


WIDE = {"familia", "tarot"}
"""Tables drawn with the table widget (issue 17): at 200x60 the table takes the room, the log
the rest."""


def table_drawn(text: str) -> bool:
    """The seats are on screen: a seats table's header, or a seat's cards on the table widget."""
    return "Seat" in text or " cards" in text


def deciding(app) -> bool:  # type: ignore[no-untyped-def]
    return isinstance(app.screen, TableScreen) and bool(app.screen.choices)


@pytest.mark.parametrize("game", list(RECORDS))
async def test_below_80x24_a_notice_asks_for_a_larger_terminal(game: str, tmp_path: Path) -> None:
    app = make_app(tmp_path, record(game))
    async with app.run_test(size=(79, 30)) as pilot:
        await settle(pilot, lambda: deciding(app))
        await pilot.pause()
        text = screen_text(app)
        assert "The table needs a terminal of at least 80x24 (this one is 79x30)" in " ".join(text.split())
        assert not table_drawn(text)  # nothing of the table half-drawn
        await pilot.resize_terminal(80, 24)
        await settle(pilot, lambda: table_drawn(screen_text(app)))
        assert "The table needs" not in screen_text(app)
        await pilot.resize_terminal(100, 23)
        await settle(pilot, lambda: "this one is 100x23" in " ".join(screen_text(app).split()))


async def test_the_notice_in_japanese(tmp_path: Path) -> None:
    app = make_app(tmp_path, record("daifugo"), lang="ja")
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot, lambda: deciding(app))
        await pilot.pause()
        assert "この卓には80x24以上の端末が必要です（現在は60x20）" in "".join(screen_text(app).split())


@pytest.mark.parametrize("game", list(RECORDS))
async def test_a_large_terminal_gives_the_log_the_room(game: str, tmp_path: Path) -> None:
    """At 200×60 the table keeps the width it needs and the log takes the rest; a table drawn
    with the table widget uses the room, and the log still has plenty."""
    app = make_app(tmp_path, record(game))
    async with app.run_test(size=(200, 60)) as pilot:
        await settle(pilot, lambda: deciding(app))
        table, log = app.screen.query_one("#left").size.width, app.screen.query_one(EventLog).size.width
        assert (table >= 110 and log >= 70) if game in WIDE else (table <= 80 and log >= 110)


async def test_the_log_wraps_its_lines_again_when_the_terminal_grows(tmp_path: Path) -> None:
    """(Tarot: Pilot's resize of the Daifugō table does not return, a Textual matter.)"""
    app = make_app(tmp_path, record("tarot"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: deciding(app))
        log = app.screen.query_one(EventLog)
        line = "Hand 1: the chien is 3♠ 1♦ 4♥ 9♥ 7♦ T7 and the taker keeps it"
        log.add([line])
        assert len(line) > log.size.width  # wrapped at 80 columns
        await pilot.resize_terminal(200, 60)
        await settle(pilot, lambda: log.size.width >= 70)
        await pilot.pause()
        assert any(line in row for row in screen_text(app).splitlines())
