"""Seat names are the players' own text: a name that looks like markup (`A[/]ki`, `[red]Ben`)
is drawn as written on every table, curtain and results screen, and never breaks the app."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.markup import render
from textual.markup import to_content
from tui_helpers import make_app, screen_text, settle

from familia_tui.cli import parse_seats
from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record
from familia_tui.core.registry import get_game
from familia_tui.tui.games.daifugo.results import DaifugoResultsScreen
from familia_tui.tui.games.daifugo.scenes import decide
from familia_tui.tui.games.familia.results import FamiliaResultsScreen
from familia_tui.tui.games.tarot.results import TarotResultsScreen
from familia_tui.tui.markup import ZERO_WIDTH_SPACE, escape
from familia_tui.tui.screens.handoff import HandoffScreen
from familia_tui.tui.screens.table import TableScreen

NAMES = ("A[/]ki", "[red]Ben")
RESULTS = (FamiliaResultsScreen, TarotResultsScreen, DaifugoResultsScreen)


def record(game: str, preset: str, **options: object) -> Record:
    spec = get_game(game)
    resolved = find_preset(game, preset).options
    if hasattr(resolved, "resolved"):  # Familia and Tarot fill their derived defaults
        resolved = resolved.resolved()
    resolved = resolved.model_copy(update=options)
    seats = parse_seats(",".join((*NAMES, "bot", "bot")), spec.default_seats(resolved), list(spec.bots))
    return Record(game, resolved, tuple(seats), 5, preset=preset)


@pytest.mark.parametrize(("game", "preset", "options", "steps"), [
    ("familia", "familia-4", {}, 400),  # to the results screen
    ("tarot", "tarot-4", {"hands": 1}, 400),  # to the results screen
    ("daifugo", "daifugo-4", {"games": 1}, 12),  # its own screens escaped names already
])
async def test_names_like_markup_are_drawn_as_written(tmp_path: Path, game: str, preset: str,
                                                      options: dict[str, object], steps: int) -> None:
    app = make_app(tmp_path, record(game, preset, **options))
    seen_on_table: set[str] = set()
    async with app.run_test(size=(100, 32)) as pilot:
        for step in range(steps):
            await settle(pilot, lambda: isinstance(app.screen, (HandoffScreen, *RESULTS))
                         or (isinstance(app.screen, TableScreen) and bool(app.screen.choices or app.screen.held)))
            await pilot.pause()
            looked = step < 8  # screenshots are slow: the first screens are read, all are drawn
            if isinstance(app.screen, RESULTS):
                break
            if isinstance(app.screen, HandoffScreen):
                if looked:
                    assert f"Pass the keyboard to {app.screen.person}" in screen_text(app)
                await pilot.press("enter")
                continue
            if looked:
                seen_on_table |= {name for name in NAMES if name in screen_text(app)}
            if game == "daifugo":
                await decide(pilot, app)
            else:
                await pilot.press("enter")
        assert seen_on_table == set(NAMES)
        if steps < 400:
            return
        assert isinstance(app.screen, RESULTS)
        text = screen_text(app)
        assert any(name in text for name in NAMES), text


# ----- a name that ends in an open tag -----


TEMPLATES = ("[b]{}[/b]", "[b reverse] {}: play a card [/]", "{} (3 cards) [dim]x[/]", "{}] [i]{}[/i]")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("[]/\\ab@#=é"), max_size=12)
       | st.text(max_size=12).filter(str.isprintable))  # Seat refuses control characters
def test_escaped_names_are_drawn_as_written_by_textual_and_rich(name: str) -> None:
    for template in TEMPLATES:
        markup = template.format(escape(name), escape(name))
        plain = re.sub(r"\[/?(b|i|dim|b reverse)?\]", "", template).format(name, name)
        assert to_content(markup).plain.replace(ZERO_WIDTH_SPACE, "") == plain
        assert render(markup, emoji=False).plain.replace(ZERO_WIDTH_SPACE, "") == plain


@pytest.mark.parametrize(("game", "preset"), [("familia", "familia-4"), ("tarot", "tarot-4"),
                                              ("daifugo", "daifugo-4")])
async def test_a_name_ending_in_an_open_tag_is_drawn_as_written(tmp_path: Path, game: str, preset: str) -> None:
    spec = get_game(game)
    options = find_preset(game, preset).options
    seats = parse_seats("Aki[/,Ben\\,bot,bot", spec.default_seats(options), list(spec.bots))
    app = make_app(tmp_path, Record(game, options, tuple(seats), 5, preset=preset))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.pause()
        person = app.screen.person
        assert person in ("Aki[/", "Ben\\") and f"Pass the keyboard to {person}" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen) and bool(app.screen.choices))
        await pilot.pause()
        assert person in screen_text(app)
