"""Pilot tests of the New game (setup), Settings and Practice screens."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text
from textual.widgets import Button, Input, OptionList, RadioSet, Static

from familia_tui.core.presets import rules_dir
from familia_tui.core.registry import get_game
from familia_tui.tui.app import FamiliaTuiApp
from familia_tui.tui.screens import practice as practice_module
from familia_tui.tui.screens.home import HomeScreen
from familia_tui.tui.screens.practice import PracticeScreen
from familia_tui.tui.screens.rules import option_label
from familia_tui.tui.screens.settings import SettingsScreen
from familia_tui.tui.screens.setup import Cycle, SeatRow, SetupScreen, check_setup
from familia_tui.tui.screens.setup_options import OptionsList
from familia_tui.tui.settings import Settings

SIZE = (100, 32)


@pytest.fixture(autouse=True)
def private_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing of the user's own config, presets or saves is read or written."""
    monkeypatch.setenv("FAMILIA_TUI_CONFIG", str(tmp_path / "config"))
    monkeypatch.setenv("FAMILIA_TUI_USER_PRESETS", str(tmp_path / "presets"))
    monkeypatch.setenv("FAMILIA_TUI_DATA", str(tmp_path / "data"))


def make_app(tmp_path: Path, lang: str = "en") -> FamiliaTuiApp:
    settings = Settings(lang=lang, glyphs="unicode", bot_pace="instant", trick_pause=0.0)
    return FamiliaTuiApp(settings=settings, saves=tmp_path / "games")


async def open_setup(app: FamiliaTuiApp, pilot) -> SetupScreen:  # type: ignore[no-untyped-def]
    app.push_screen(SetupScreen("familia"))
    await pilot.pause()
    assert isinstance(app.screen, SetupScreen)
    return app.screen


async def choose_preset(screen: SetupScreen, pilot, preset_id: str) -> None:  # type: ignore[no-untyped-def]
    index = [preset.id for preset in screen.presets].index(preset_id)
    screen.query_one("#setup-presets", OptionList).highlighted = index
    await pilot.pause()
    await pilot.pause()
    assert screen.preset is not None and screen.preset.id == preset_id


def text_of(screen, selector: str) -> str:  # type: ignore[no-untyped-def]
    """The plain text a Static shows (a string, Rich Text, or any Rich renderable drawn 100 wide)."""
    content = screen.query_one(selector, Static).content
    if isinstance(content, str):
        return content
    if isinstance(content, Text):
        return content.plain
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(content)
    return console.export_text()


def option_shown(screen, option: str, value: str) -> bool:  # type: ignore[no-untyped-def]
    """The options list has the line `option  value`, the option under its English label."""
    rows = screen.query_one("#setup-options", OptionsList).rows
    return (option_label(option, "en", "familia"), value) in [(row.label, row.value) for row in rows]


# ----- setup -----


async def test_choosing_a_preset_updates_the_options_and_the_seats(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot)
        assert screen.preset.id == "familia-4"
        assert len(screen.query(SeatRow)) == 4
        assert option_shown(screen, "players", "4")

        await choose_preset(screen, pilot, "familia-6")
        assert len(screen.query(SeatRow)) == 6
        assert option_shown(screen, "players", "6") and option_shown(screen, "decks", "2")  # resolved values
        assert option_shown(screen, "removed_sets", "2, 2")
        assert option_shown(screen, "face_mode", "all sets in the piles at once")
        assert screen.preset.title("en") in text_of(screen, "#setup-description")
        assert [row.values()["name"] for row in screen.query(SeatRow)] == ["P1", "P2", "P3", "P4", "P5", "P6"]

        await choose_preset(screen, pilot, "familia-4-royal")
        assert len(screen.query(SeatRow)) == 4
        assert [row.values()["crest"] for row in screen.query(SeatRow)] == ["H", "S", "H", "S"]
        assert option_shown(screen, "royal", "on")


async def test_a_changed_name_survives_a_preset_change(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot)
        screen.query_one("#seat-name-0", Input).value = "Aki"
        await choose_preset(screen, pilot, "familia-4-batting")
        assert screen.query_one("#seat-name-0", Input).value == "Aki"
        assert screen.query_one("#seat-name-1", Input).value == "P2"


async def test_a_repeated_name_is_a_problem_and_the_game_does_not_start(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot)
        screen.query_one("#seat-name-2", Input).value = "P1"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        problems = text_of(screen, "#setup-problems")
        assert "seats 1, 3 are all called “P1”" in problems
        assert screen.query_one("#setup-problems").has_class("-errors")
        assert not list((tmp_path / "games").glob("*.json"))


async def test_an_empty_name_is_a_problem(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot)
        screen.query_one("#seat-name-1", Input).focus()
        await pilot.press("ctrl+u", "enter")
        await pilot.pause()
        assert app.screen is screen
        assert "seat 2 has no name" in text_of(screen, "#setup-problems")


async def test_a_valid_setup_starts_a_game_with_the_chosen_seats(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot)
        await choose_preset(screen, pilot, "familia-4-batting")
        screen.query_one("#seat-name-0", Input).focus()
        await pilot.press("ctrl+u", *"Aki", "tab", "space")  # name, then the controller: human → next
        await pilot.pause()
        assert screen.query_one("#seat-controller-0", Cycle).value == "bot:basic"
        await pilot.press("space")  # → bot:random
        await pilot.pause()
        screen.query_one("#seat-controller-0", Cycle).select("human")
        screen.query_one("#seat-controller-1", Cycle).select("bot:random")
        screen.query_one("#seat-name-1", Input).value = "Ben"
        screen.query_one("#setup-seed", Input).value = "42"
        await pilot.pause()
        await pilot.click("#setup-start")
        await pilot.pause()

        record = app.screen.session.record  # type: ignore[attr-defined]
        assert [s.name for s in record.seats] == ["Aki", "Ben", "P3", "P4"]
        assert [s.controller for s in record.seats] == ["human", "bot:random", "bot:basic", "bot:basic"]
        assert [s.field("role") for s in record.seats] == ["M", "M", "F", "F"]
        assert record.seed == 42 and record.preset == "familia-4-batting"
        assert record.options.style == "batting" and record.options.tricks == 10  # resolved options
        assert isinstance(app.screen_stack[-2], HomeScreen)  # leaving the table returns home


async def test_seating_rules_are_notes_that_do_not_block(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot)
        screen.query_one("#seat-team-1", Input).value = "A"  # pair A side by side, not opposite
        screen.query_one("#seat-team-2", Input).value = "B"
        await pilot.pause()
        problems = text_of(screen, "#setup-problems")
        assert "Seating:" in problems and "should sit opposite each other" in problems
        assert not screen.query_one("#setup-problems").has_class("-errors")
        await pilot.press("ctrl+s")
        await pilot.pause()
        record = app.screen.session.record  # type: ignore[attr-defined]
        assert [s.team for s in record.seats] == ["A", "A", "B", "B"]


async def test_setup_is_usable_by_keyboard_at_80x24(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(app, pilot)
        reached = {app.focused.id}
        for _ in range(30):
            await pilot.press("tab")
            reached.add(app.focused.id)
            if app.focused.id == "setup-start":
                break
        assert {"setup-presets", "seat-name-0", "seat-controller-3", "seat-team-3", "setup-seed",
                "setup-start"} <= reached
        assert screen.query_one("#setup-start", Button).region.bottom <= 24  # scrolled into view
        shown = {b.binding.description for b in screen.active_bindings.values() if b.binding.show}
        assert shown >= {"Back", "Start"}
        await pilot.press("escape")
        assert isinstance(app.screen, HomeScreen)


async def test_broken_user_presets_are_listed_and_good_ones_offered(tmp_path: Path) -> None:
    folder = tmp_path / "presets" / "familia"
    folder.mkdir(parents=True)
    (folder / "broken.yaml").write_text("game: familia\nname: {en: B, ja: B}\ndescription: {en: d, ja: d}\n"
                                        "players: 4\nstyel: batting\n", encoding="utf-8")
    (folder / "mine.yaml").write_text("game: familia\nextends: familia-6\nname: {en: My six, ja: 自作}\n"
                                      "description: {en: Mine, ja: 自作}\n", encoding="utf-8")
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_setup(app, pilot)
        errors = text_of(screen, "#setup-preset-errors")
        assert "broken.yaml" in errors and "did you mean 'style'?" in errors
        await choose_preset(screen, pilot, "mine")
        assert len(screen.query(SeatRow)) == 6
        assert "your presets folder" in text_of(screen, "#setup-description")


def test_check_setup_reports_every_problem() -> None:
    spec = get_game("familia")
    from familia_tui.core.presets import find_preset

    options = find_preset("familia", "familia-4-royal").options
    rows = [{"name": "x" * 25, "controller": "human", "role": "M", "team": "A", "crest": "H"},
            {"name": "", "controller": "bot:basic", "role": "M", "team": "B", "crest": None},
            {"name": "Cho", "controller": "bot:basic", "role": "F", "team": "A", "crest": "H"},
            {"name": "Cho", "controller": "bot:basic", "role": "F", "team": "B", "crest": "S"}]
    check = check_setup(spec, options, rows, seed=1, lang="en")
    assert check.errors == ["seat 1: “" + "x" * 25 + "” is longer than 24 characters",
                            "seat 2 has no name",
                            "seats 3, 4 are all called “Cho”; every seat needs its own name",
                            "seat 2 needs a crest, because royal is on"]
    assert check.seats == []


# ----- settings -----


async def test_switching_to_japanese_relabels_settings_home_and_setup(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")
        assert isinstance(app.screen, SettingsScreen)
        assert text_of(app.screen, "#settings-title") == "Settings"
        await pilot.press("down", "enter")  # the language set is focused: English → 日本語
        await pilot.pause()
        assert app.settings.lang == "ja"
        assert text_of(app.screen, "#settings-title") == "設定"
        assert app.focused is app.screen.query_one("#settings-lang", RadioSet)
        assert any(b.binding.description == "戻る" for b in app.screen.active_bindings.values())

        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        menu = app.screen.query_one(OptionList)
        prompts = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert "練習問題" in prompts or any("ファミリア" in p for p in prompts)

        screen = await open_setup(app, pilot)
        assert text_of(screen, "#setup-title") == "新しいゲーム：ファミリア"
        header = [label.content for label in screen.query("#setup-seat-header Label")]
        assert header[:3] == ["席", "名前", "操作"]
        assert screen.query_one("#seat-controller-1", Cycle).choices[1][0] == "CPU・標準"


async def test_glyphs_and_bot_pace_are_applied(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(SettingsScreen())
        await pilot.pause()
        await pilot.press("tab", "down", "down", "enter")  # glyphs: unicode → ascii
        await pilot.pause()
        assert app.settings.glyphs == "ascii"
        await pilot.press("tab", "down", "down", "down", "enter")  # pace: instant → slow
        await pilot.pause()
        assert app.settings.bot_pace == "slow"
        assert app.settings.lang == "en"


# ----- practice -----


async def test_practice_lists_the_shipped_puzzles_and_opens_one(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(tmp_path)
    opened: list[Path] = []
    monkeypatch.setattr(app, "open_practice", opened.append, raising=False)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(PracticeScreen())
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PracticeScreen)
        shipped = {p for game in ("familia", "sixsuit", "tarot", "chinkway", "daifugo")
                   for p in (rules_dir(game) / "practice").glob("*.yaml")}
        assert all(len(list((rules_dir(g) / "practice").glob("*.yaml"))) >= 15
                   for g in ("familia", "tarot", "daifugo"))  # issue 16: 15 each at least
        assert {p.path for p in screen.puzzles} == shipped  # every game with a table: its puzzles
        menu = screen.query_one("#practice-list", OptionList)
        prompts = [menu.get_option_at_index(i).prompt.plain for i in range(menu.option_count)
                   if menu.get_option_at_index(i).id is not None]
        assert len(prompts) == len(shipped)
        assert any("Which cards may you play? (batting Familia" in p for p in prompts)
        assert "You hold 10♦" in text_of(screen, "#practice-detail")  # the highlighted one's question
        await pilot.press("down", "enter")
        await pilot.pause()
        assert opened == [screen.puzzles[1].path]


async def test_practice_questions_follow_the_language(tmp_path: Path) -> None:
    app = make_app(tmp_path, lang="ja")
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(PracticeScreen())
        await pilot.pause()
        first = text_of(app.screen, "#practice-detail")  # the highlighted (first) puzzle's question
        assert "出せるカードはどれでしょう" in first
        assert "なので、リード" in first  # the folded YAML lines joined without a space


async def test_practice_without_puzzles_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(practice_module, "rules_dir", lambda game: tmp_path / "nothing" / game)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(PracticeScreen())
        await pilot.pause()
        assert "no practice puzzles yet" in text_of(app.screen, "#practice-empty")
        await pilot.press("enter", "escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_the_seat_columns_are_drawn_from_the_games_declaration(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 11, item 4: the setup knows no game's seat fields. A game that declares one (here
    Tarot given a per-team suit, as the six-suit game will have) gets its column, after the
    team's, with the values' labels and glyphs; the game starts with the chosen values."""
    from dataclasses import replace

    from familia_tui.core.engine import SeatField
    from familia_tui.tui.screens import setup as setup_module

    suit = SeatField("suit", ("S", "H"), label="fam.seat_crest", value_label="fam.seat_crest_{value}",
                     suits=True, per_team=True, width=16)
    tarot = replace(get_game("tarot"), seat_fields=(suit,), teams=True)
    monkeypatch.setattr(setup_module, "get_game", lambda game_id: tarot)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(SetupScreen("tarot"))
        await pilot.pause()
        screen = app.screen
        header = [str(label.content) for label in screen.query("#setup-seat-header Label")]
        assert header[-2:] == ["Team", "Crest (家紋)"]
        cycle = screen.query_one("#seat-suit-0", Cycle)
        assert [label for label, _ in cycle.choices] == ["—", "♠ Spades", "♥ Hearts"]
        assert screen.check()[0].errors[0] == "seat 1 needs a Crest (家紋)"
        for row in range(len(screen.query(SeatRow))):
            screen.query_one(f"#seat-suit-{row}", Cycle).select("H")
        check = screen.check(seed=1)[0]
        assert check.errors == [] and [s.field("suit") for s in check.seats] == ["H"] * len(check.seats)
