"""Continue and the save folder in the app (issue 10 item 1): no game is ever lost.

- Continue lists every unfinished game, newest first, each resumable; `d` deletes one after a
  confirmation;
- starting a game never replaces an unfinished one; a damaged file is reported, moved aside,
  and new games still save;
- `q` says "Saved" only after a successful write, else the failure;
- a finished game opens at its results, not at a dead table;
- a game open in another app is marked and not opened twice;
- the list reads at 80×24 in both languages, and in ascii mode shows only ASCII.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.widgets import OptionList
from tui_helpers import make_app, save_folder, saves_read, screen_text, settle

from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record, load_record
from familia_tui.core.registry import get_game
from familia_tui.core.saves import SaveFolder
from familia_tui.tui.screens.home import HomeScreen
from familia_tui.tui.screens.saves import ConfirmDelete, ContinueScreen
from familia_tui.tui.screens.table import TableScreen

SIZE = (80, 24)


def new_record(game: str, seed: int = 3, names: tuple[str, ...] = ()) -> Record:
    spec = get_game(game)
    preset = find_preset(game, spec.default_preset)
    options = getattr(preset.options, "resolved", lambda: preset.options)()
    seats = [s.model_copy(update={"controller": "bot:basic"} if i else {})
             for i, s in enumerate(spec.default_seats(options))]  # one human: no handoffs
    seats = [s.model_copy(update={"name": n}) for s, n in zip(seats, names, strict=False)] + seats[len(names):]
    return Record(game, options, tuple(seats), seed, preset=preset.id)


def played(record: Record, count: int | None = None) -> Record:
    state, rng = record.replay(), random.Random(1)
    while not state.is_over and (count is None or len(record.actions) < count):
        action = rng.choice(list(state.legal_actions()))
        state.apply(action)
        record = record.with_action(action)
    return record


def saved(tmp_path: Path, record: Record, when: int) -> Path:
    """`record` saved for `make_app(tmp_path)`, last played `when` seconds after the epoch."""
    import os

    path, lock = SaveFolder(save_folder(tmp_path)).create(record)
    lock.release()
    os.utime(path, (when, when))
    return path


def listed(app) -> list[str]:  # type: ignore[no-untyped-def]
    menu = app.screen.query_one(OptionList)
    return [str(menu.get_option_at_index(i).prompt).split("\n")[0] for i in range(menu.option_count)]


def toasts(app) -> list[str]:  # type: ignore[no-untyped-def]
    return [str(n.message) for n in app._notifications]


async def test_two_unfinished_games_are_listed_newest_first_and_both_resume(tmp_path: Path) -> None:
    tarot = saved(tmp_path, played(new_record("tarot", names=("Aki",)), 20), 1_000_000)
    familia = saved(tmp_path, played(new_record("familia", names=("Aki",)), 6), 2_000_000)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await saves_read(pilot, app)
        await pilot.press("c")
        await settle(pilot, lambda: isinstance(app.screen, ContinueScreen))
        assert [line.split(" · ")[0] for line in listed(app)] == ["Familia", "French Tarot"]
        text = screen_text(app)
        assert "Aki, P2, P3, P4" in text and "game 1/1 · deal 1/1 · A 0, B 0" in text
        assert "hand 1/8 · Aki 0, P2 0, P3 0, P4 0" in text
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        assert app.screen.session.save_path == familia  # type: ignore[attr-defined]
        await pilot.press("q")
        await settle(pilot, lambda: isinstance(app.screen, ContinueScreen))
        await pilot.press("down", "enter")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        session = app.screen.session  # type: ignore[attr-defined]
        assert session.save_path == tarot and len(session.record.actions) >= 20  # (bots play on)


async def test_a_new_game_never_replaces_an_unfinished_one(tmp_path: Path) -> None:
    old = saved(tmp_path, played(new_record("familia"), 6), 1_000_000)
    before = old.read_bytes()
    app = make_app(tmp_path, new_record("familia", seed=9))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        new = app.screen.session.save_path  # type: ignore[attr-defined]
        assert new != old and load_record(new).seed == 9
    assert old.read_bytes() == before


async def test_a_damaged_file_is_reported_moved_aside_and_new_games_still_save(tmp_path: Path) -> None:
    damaged = save_folder(tmp_path) / "20260101-000000-abcdef.json"
    damaged.parent.mkdir()
    damaged.write_bytes(b'{"format": "familia-tui/rec')
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        (message,) = toasts(app)
        assert "20260101-000000-abcdef.json in the save folder cannot be resumed" in message
        assert "not valid JSON" in message and "nothing was deleted" in message
        (moved,) = save_folder(tmp_path).glob("*.damaged-*")
        assert moved.read_bytes() == b'{"format": "familia-tui/rec' and moved.name in message
        app.open_game(new_record("familia"))
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("enter")
        await settle(pilot, lambda: bool(app.screen.session.record.actions))  # type: ignore[attr-defined]
        path = app.screen.session.save_path  # type: ignore[attr-defined]
        assert load_record(path).actions == app.screen.session.record.actions  # type: ignore[attr-defined]
        await pilot.press("q")
        await pilot.pause()
        assert toasts(app)[-1].startswith("Saved.")
        assert len(toasts(app)) == 2  # the damaged file is reported once


async def test_q_says_the_save_failed_instead_of_saved(tmp_path: Path) -> None:
    app = make_app(tmp_path, new_record("familia"))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        path = app.screen.session.save_path  # type: ignore[attr-defined]
        path.unlink()
        path.mkdir()  # the save file can no longer be written
        await pilot.press("enter")
        await settle(pilot, lambda: bool(app.screen.session.record.actions))  # type: ignore[attr-defined]
        await settle(pilot, lambda: toasts(app)[-1].startswith("The game could not be saved:"))
        await pilot.press("q")
        await settle(pilot, lambda: toasts(app)[-1].startswith("The game was NOT saved:"))
        assert not any(t.startswith("Saved") for t in toasts(app))


async def test_a_save_folder_that_cannot_be_used_is_said_once_and_games_play_from_memory(
        tmp_path: Path) -> None:
    save_folder(tmp_path).write_text("a file where the save folder should be")
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.pause()
        app.continue_game()
        await settle(pilot, lambda: isinstance(app.screen, ContinueScreen))
        await pilot.press("escape")
        await pilot.pause()
        assert [t for t in toasts(app) if t.startswith("The save folder cannot be read")] == toasts(app)
        assert len(toasts(app)) == 1
        app.open_game(new_record("familia"))
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        await settle(pilot, lambda: toasts(app)[-1].startswith("The game could not be saved:"))
        await pilot.press("enter")
        await settle(pilot, lambda: bool(app.screen.session.record.actions))  # type: ignore[attr-defined]
        await pilot.press("q")
        await settle(pilot, lambda: toasts(app)[-1].startswith("The game was NOT saved:"))


@pytest.mark.parametrize(("game", "title"), [("familia", "The match is over"), ("tarot", "Final standings"),
                                             ("daifugo", "ビリ")])
async def test_a_finished_game_opens_at_its_results(tmp_path: Path, game: str, title: str) -> None:
    saved(tmp_path, played(new_record(game)), 1_000_000)
    app = make_app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await saves_read(pilot, app)
        assert "continue" not in [o.id for o in app.screen.query_one(OptionList)._options]
        (done,) = app.saves.scan().games
        app.resume(done)
        await settle(pilot, lambda: "Results" in type(app.screen).__name__)
        await pilot.pause()
        assert title in screen_text(app)
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, HomeScreen))


async def test_d_deletes_a_game_only_after_yes(tmp_path: Path) -> None:
    keep = saved(tmp_path, played(new_record("familia"), 6), 1_000_000)
    gone = saved(tmp_path, played(new_record("tarot"), 6), 2_000_000)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await saves_read(pilot, app)
        await pilot.press("c")
        await settle(pilot, lambda: isinstance(app.screen, ContinueScreen))
        await pilot.press("d")
        await settle(pilot, lambda: isinstance(app.screen, ConfirmDelete))
        assert "Delete this game?" in screen_text(app) and "French Tarot" in screen_text(app)
        await pilot.press("n")
        await settle(pilot, lambda: isinstance(app.screen, ContinueScreen))
        assert gone.exists() and len(listed(app)) == 2
        await pilot.press("d")
        await settle(pilot, lambda: isinstance(app.screen, ConfirmDelete))
        await pilot.press("y")
        await settle(pilot, lambda: isinstance(app.screen, ContinueScreen) and len(listed(app)) == 1)
        assert not gone.exists() and keep.exists()
        assert listed(app)[0].startswith("Familia")


async def test_a_game_open_in_another_app_is_marked_and_not_opened(tmp_path: Path) -> None:
    path = saved(tmp_path, played(new_record("familia"), 6), 1_000_000)
    other_app = SaveFolder(save_folder(tmp_path)).lock(path)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await saves_read(pilot, app)
        await pilot.press("c")
        await settle(pilot, lambda: isinstance(app.screen, ContinueScreen))
        assert "(open in another window)" in screen_text(app)
        assert not app.screen.check_action("delete", ())  # `d` is not offered for it
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ContinueScreen)
        assert "is open in another familia-tui window" in toasts(app)[-1]
    other_app.release()  # type: ignore[union-attr]


async def test_resuming_a_file_keeps_saving_into_it(tmp_path: Path) -> None:
    path = tmp_path / "elsewhere" / "my-game.json"
    path.parent.mkdir()
    from familia_tui.core.record import save_record

    save_record(played(new_record("familia"), 4), path)
    app = make_app(tmp_path, load_record(path))
    app.start_path = path
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        await pilot.press("enter")
        await settle(pilot, lambda: len(app.screen.session.record.actions) > 4)  # type: ignore[attr-defined]
    assert len(load_record(path).actions) > 4
    assert not save_folder(tmp_path).exists()


@pytest.mark.parametrize(("lang", "glyphs", "expected"), [
    ("en", "unicode", "Familia · familia-4 · "),
    ("ja", "unicode", "ファミリア · familia-4 · "),
    ("en", "ascii", "Familia - familia-4 - "),
])
async def test_the_list_reads_at_80x24_in_both_languages_and_ascii(
        tmp_path: Path, lang: str, glyphs: str, expected: str) -> None:
    for n in range(5):
        saved(tmp_path, played(new_record("tarot", seed=n, names=("Alexandrina-Konstantina",)), 30), 1_000_000 + n)
    saved(tmp_path, played(new_record("familia"), 6), 2_000_000)
    app = make_app(tmp_path, lang=lang, glyphs=glyphs)
    async with app.run_test(size=SIZE) as pilot:
        app.continue_game()
        await settle(pilot, lambda: isinstance(app.screen, ContinueScreen))
        await pilot.pause()
        text = screen_text(app)
        assert expected in text
        assert "Alexandrina-Konstantina, P2, P3, P4" in text  # a long line is not cut
        if glyphs == "ascii":
            assert text.isascii()


# ----- the exit status -----


@pytest.mark.parametrize(("crash", "status"), [(False, 0), (True, 1)])
def test_run_app_exits_non_zero_when_the_app_crashed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, crash: bool, status: int) -> None:
    from familia_tui.tui import run_app
    from familia_tui.tui.app import FamiliaTuiApp

    def open_home(self: FamiliaTuiApp) -> None:
        if crash:
            raise RuntimeError("a bug")
        self.exit()

    run = FamiliaTuiApp.run
    monkeypatch.setenv("FAMILIA_TUI_DATA", str(tmp_path))
    monkeypatch.setenv("FAMILIA_TUI_CONFIG", str(tmp_path))
    monkeypatch.setattr(FamiliaTuiApp, "run", lambda self: run(self, headless=True))
    monkeypatch.setattr(FamiliaTuiApp, "on_mount", open_home)
    assert run_app() == status


@pytest.mark.parametrize("finished", [False, True])
async def test_a_listed_game_that_cannot_be_replayed_when_opened_is_moved_aside(tmp_path: Path,
                                                                                finished: bool) -> None:
    """Listing reads summaries, so a save whose summary still holds but which this program cannot
    replay (a rule changed, a game's version) is found only when opened: it is then reported and
    moved aside, as the listing would have, and the list no longer offers it."""
    import json

    from familia_tui.core.save_summary import summarize, write_summary

    record = played(new_record("familia"), None if finished else 6)
    path = saved(tmp_path, record, 1_000_000)
    text = json.dumps(record.to_data() | {"actions": [*record.actions, "play 7X"]})
    path.write_text(text, encoding="utf-8")
    write_summary(path, summarize(record, record.replay(), text))  # sound, yet the save does not replay
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await saves_read(pilot, app)
        (game,) = app.scan_saves().games
        assert game.over == finished and not toasts(app)
        if finished:
            app.finished_games()
        else:
            app.continue_game()
        await settle(pilot, lambda: not isinstance(app.screen, HomeScreen) and bool(app.screen.query(OptionList)))
        await pilot.pause()
        listing = app.screen
        assert "Familia" in listed(app)[0]
        await pilot.press("enter")
        await settle(pilot, lambda: bool(toasts(app)))
        assert "cannot be resumed: action" in toasts(app)[-1] and "It was renamed" in toasts(app)[-1]
        assert not path.exists() and app.scan_saves().games == ()
        await pilot.pause()
        assert app.screen is listing and "Familia" not in " ".join(listed(app))  # the list read again
