"""A save that fails is said in the app's language: the reason comes from the error's message key
(RecordError.key), not from the core's English text, which stays for the command line."""

from __future__ import annotations

import re
from pathlib import Path

from test_continue_saves import new_record, toasts
from tui_helpers import make_app, settle

from familia_tui.core.record import RecordError, load_record
from familia_tui.tui.screens.table import TableScreen

LATIN_WORD = re.compile(r"[A-Za-z]+")


async def test_a_failed_save_is_said_in_japanese_without_english(tmp_path: Path) -> None:
    app = make_app(tmp_path, new_record("familia"), lang="ja")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        path = app.screen.session.save_path  # type: ignore[attr-defined]
        folder = path.parent
        folder.rename(folder.with_name("moved"))
        folder.write_text("a file where the save folder was")  # the save cannot be written
        await pilot.press("enter")
        await settle(pilot, lambda: bool(app.screen.session.record.actions))  # type: ignore[attr-defined]
        await settle(pilot, lambda: toasts(app)[-1].startswith("ゲームを保存できませんでした"))
        failed = toasts(app)[-1]
        await pilot.press("q")
        await settle(pilot, lambda: any(t.startswith("ゲームは保存されていません") for t in toasts(app)))
        not_saved = next(t for t in toasts(app) if t.startswith("ゲームは保存されていません"))
        await settle(pilot, lambda: any(t.startswith("保存フォルダを読めません") for t in toasts(app)))
        folder_toast = next(t for t in toasts(app) if t.startswith("保存フォルダを読めません"))
    for toast in (failed, not_saved):
        assert "書き込めません（同じ名前のファイルがあります）" in toast
        assert LATIN_WORD.findall(toast) == [], toast
    assert "フォルダではありません" in folder_toast  # (its path aside, which is the player's)
    assert LATIN_WORD.findall(folder_toast.replace(str(folder), "")) == [], folder_toast


def test_record_errors_keep_english_for_the_command_line_and_have_a_japanese_text(tmp_path: Path) -> None:
    damaged = tmp_path / "damaged.json"
    damaged.write_text('{"format": "familia-tui/rec')
    try:
        load_record(damaged)
    except RecordError as error:
        assert str(error).startswith(f"{damaged}: not valid JSON (line 1")
        assert error.text("en") == str(error).replace("It was left untouched.", "The file was left untouched.")
        assert error.text("ja").startswith(f"{damaged}：JSON として読めません（1行")
        assert LATIN_WORD.findall(error.reason("ja")) == ["JSON"]
    else:
        raise AssertionError("a damaged record loaded")
