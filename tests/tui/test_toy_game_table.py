"""The table kit's proof in the app: toy whist (tests/toy), registered by the test alone, is
chosen on the home screen, set up, played through its team curtain and its results, with
privacy checked from the screen's text at every step."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList
from toy import ENTRY
from toy.ui.screen import ToyResults, ToyScreen
from tui_helpers import make_app, saves_read, screen_text, settle

from familia_tui.core.registry import register, unregister
from familia_tui.tui.screens.handoff import HandoffScreen
from familia_tui.tui.screens.home import HomeScreen
from familia_tui.tui.screens.setup import SetupScreen
from familia_tui.tui.widgets.seats import Cycle


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    register(ENTRY)
    yield
    unregister(ENTRY.id)


def hands_on_screen(text: str) -> list[str]:
    """The names whose hand the screen shows."""
    return [line.split("'s hand:")[0].split()[-1] for line in text.splitlines() if "'s hand:" in line]


async def test_toy_whist_from_home_through_the_team_curtain_to_its_results(tmp_path: Path) -> None:
    app = make_app(tmp_path, glyphs="letters")
    async with app.run_test(size=(100, 30)) as pilot:
        await saves_read(pilot, app)
        menu = app.screen.query_one(OptionList)
        menu.highlighted = next(i for i in range(menu.option_count) if menu.get_option_at_index(i).id == "play:toy")
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        setup.query_one("#seat-name-0", Input).value = "Aki"
        setup.query_one("#seat-name-2", Input).value = "Cho"
        setup.query_one("#seat-controller-2", Cycle).select("human")
        await pilot.pause()
        await pilot.press("ctrl+s")

        # The trump choice is team A's: one curtain names both, and shows no hand.
        await settle(pilot, lambda: isinstance(app.screen, HandoffScreen))
        text = screen_text(app)
        assert "Aki, Cho" in text and hands_on_screen(text) == []
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, ToyScreen) and bool(app.screen.choices))
        text = screen_text(app)
        assert sorted(hands_on_screen(text)) == ["Aki", "Cho"]
        assert "choose the trump suit together" in text
        await pilot.press("enter")

        # Then each plays alone: a curtain before each person's decision, and only their hand.
        curtains, players = 0, set()
        for _ in range(200):
            await settle(pilot, lambda: isinstance(app.screen, HandoffScreen | ToyResults)
                         or (isinstance(app.screen, ToyScreen) and bool(app.screen.choices)))
            text = screen_text(app)
            if isinstance(app.screen, ToyResults):
                break
            if isinstance(app.screen, HandoffScreen):
                curtains += 1
                assert hands_on_screen(text) == [], text
                await pilot.press("enter")
                continue
            seat = app.screen.session.to_act
            assert hands_on_screen(text) == [app.screen.session.seats[seat].name], text
            players.add(app.screen.session.seats[seat].name)
            await pilot.press("enter")
        assert isinstance(app.screen, ToyResults) and "wins" in screen_text(app)
        assert players == {"Aki", "Cho"} and curtains >= 2  # a curtain whenever the other one plays
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, HomeScreen))
