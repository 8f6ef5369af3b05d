"""Six suits shows its ruling ids as the other games do, at 80x24: a lesson card of the guided game
names the rulings it teaches ("Rules R-S25, R-S26 (F1)", like Daifugō's "Rules DF-7, DF-32 (F1)"),
in English and Japanese, and F1 on a six-suit practice puzzle opens the rulebook at the first
ruling the puzzle cites."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_helpers import make_app, screen_text, settle

from familia_tui.core.lessons import load_learn
from familia_tui.core.presets import rules_dir
from familia_tui.tui.screens.learn import open_learn
from familia_tui.tui.screens.puzzle import PuzzleCard
from familia_tui.tui.screens.rules import RulesScreen
from familia_tui.tui.screens.table import TableScreen


def lesson_shown(app) -> bool:  # type: ignore[no-untyped-def]
    screen = app.screen
    return isinstance(screen, TableScreen) and screen.guide is not None and screen.guide.card is not None


@pytest.mark.parametrize(("lang", "shown"), [("en", "Rules R-S25, R-S26 (F1)"), ("ja", "ルール R-S25, R-S26（F1）")])
async def test_the_first_lesson_card_names_its_rulings_at_80x24(tmp_path: Path, lang: str, shown: str) -> None:
    first = load_learn("sixsuit").lessons.lessons[0]
    assert first.id == "split" and first.rulings == ["R-S25", "R-S26"]
    app = make_app(tmp_path, lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        open_learn(app, "sixsuit")
        await settle(pilot, lambda: lesson_shown(app))
        await pilot.pause()
        assert shown in screen_text(app)


@pytest.mark.parametrize(("puzzle", "ruling"), [("07-scoring-the-last-trick.yaml", "R-S17"),
                                                ("01-which-card-wins-same-two.yaml", "R-S9")])
async def test_f1_on_a_puzzle_opens_the_rulebook_at_its_ruling(tmp_path: Path, puzzle: str, ruling: str) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_practice(rules_dir("sixsuit") / "practice" / puzzle)
        await settle(pilot, lambda: isinstance(app.screen, PuzzleCard))
        await pilot.pause()
        await pilot.press("f1")
        await settle(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.pause()
        await pilot.pause()
        document = app.screen.shown_document()
        assert document is not None and document.scroll_y > 0
        assert f"[{ruling}]" in screen_text(app)
