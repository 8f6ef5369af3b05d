"""Pilot tests of the Tarot decisions made in several picks (core/picks.py): a poignée's trumps
[A8, TA-11] and the écart [A6]; a pick the rules do not allow is refused with the reason, and
Enter applies only what the picks make. And "No declaration": the engine's `declare none`,
recorded, saved and resumed with the seat's declarations closed [A8]."""

from __future__ import annotations

from pathlib import Path

from tui_helpers import make_app, saved_record, saves_read, screen_text, settle

from familia_tui.cli import parse_seats
from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record
from familia_tui.games.tarot.actions import DECLARE_NONE, Discard, Play
from familia_tui.games.tarot.game import GAME
from familia_tui.tui.games.tarot.choices import Step, ecart_picks
from familia_tui.tui.games.tarot.screen import TarotScreen
from familia_tui.tui.screens.home import HomeScreen


def record(seats: str, preset: str, seed: int) -> Record:
    options = find_preset("tarot", preset).options.resolved()
    table = parse_seats(seats, GAME.default_seats(options), list(GAME.bots))
    return Record("tarot", options, tuple(table), seed, preset=preset)


def human_to_act(app) -> bool:  # type: ignore[no-untyped-def]
    return isinstance(app.screen, TarotScreen) and bool(app.screen.choices)


async def test_a_trump_beyond_the_poignee_is_refused_with_the_reason(tmp_path: Path) -> None:
    """[TA-11] A simple poignée of 5 players shows exactly 8 trumps: with 8 ticked, a ninth is
    dimmed, and Enter on it says why and changes nothing."""
    app = make_app(tmp_path, record("Aki,bot,bot,bot,bot", "tarot-5", seed=331))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, lambda: human_to_act(app))
        await pilot.press("enter")  # pass
        await settle(pilot, lambda: human_to_act(app) and app.screen.session.table.phase == "play"
                     and isinstance(app.screen.choices[0].value, Step))
        screen = app.screen
        await pilot.press("enter")  # the simple poignée: its lowest 8 trumps ticked
        assert screen.pick is not None and len(screen.picked) == 8 and screen.choices[0].enabled
        spare = next(i for i, c in enumerate(screen.choices) if isinstance(c.value, Step)
                     and c.value.card is not None and c.value.card not in screen.picked)
        assert not screen.choices[spare].enabled
        before = list(screen.picked)
        while screen.cursor != spare:
            await pilot.press("right")
        assert "shows exactly 8 trumps: untick one first" in screen_text(app)
        actions = len(screen.session.record.actions)
        await pilot.press("enter")
        assert screen.picked == before and len(screen.session.record.actions) == actions
        assert "Not allowed:" in screen_text(app)
        await pilot.press("3", "enter")  # untick the lowest: the spare trump may join now
        assert len(screen.picked) == 7 and screen.choices[spare].enabled


async def test_enter_confirms_the_ecart_its_picks_make(tmp_path: Path) -> None:
    """[A6] With as many cards ticked as the écart needs, Enter discards exactly those (in the
    order the picks make: suit cards before trumps); one card more is refused."""
    app = make_app(tmp_path, record("Aki,bot,bot,bot", "tarot-4", seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: human_to_act(app))
        screen = app.screen
        await pilot.press("3", "enter")  # Garde
        await settle(pilot, lambda: screen.session.table.phase == "ecart" and bool(screen.choices))
        for _ in range(6):
            await pilot.press("enter")  # tick the card under the cursor and move on
        ticked = list(screen.ecart)
        made = ecart_picks(screen.session.table).made(ticked)
        assert len(made) == 1 and {d.card for d in made[0]} == set(ticked)
        spare = next(i for i, c in enumerate(screen.choices) if c.enabled and not c.marked)
        screen.cursor = spare
        await pilot.press("space")
        assert screen.ecart == ticked and "already has 6 cards" in screen_text(app)
        await pilot.press("home")
        while not screen.choices[screen.cursor].marked:
            await pilot.press("right")
        await pilot.press("enter")  # on a ticked card: the set is full, so Enter confirms it
        await settle(pilot, lambda: screen.session.table.phase != "ecart")
        discards = [a for a in screen.session.record.actions if a.startswith("discard")]
        assert discards == [str(d) for d in made[0]]
        assert all(isinstance(d, Discard) for d in made[0])


async def test_declaring_nothing_is_recorded_and_survives_a_save_and_resume(tmp_path: Path) -> None:
    """[A8] "No declaration" is the engine's `declare none`: in the record and the save, and a
    resumed game offers the cards, not the declarations again."""
    app = make_app(tmp_path, record("Aki,bot,bot,bot,bot", "tarot-5", seed=331))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, lambda: human_to_act(app))
        await pilot.press("enter")  # pass
        await settle(pilot, lambda: human_to_act(app) and app.screen.session.table.phase == "play"
                     and app.screen.choices[-1].value == DECLARE_NONE)
        screen = app.screen
        await pilot.press("end")
        assert "Declare nothing and play your first card." in screen_text(app)
        await pilot.press("enter")
        actions = screen.session.record.actions
        assert actions[-1] == "declare none"
        assert screen.choices and all(isinstance(c.value, Play) for c in screen.choices)
        await pilot.press("q")
        assert isinstance(app.screen, HomeScreen)
    assert saved_record(tmp_path).actions == actions
    again = make_app(tmp_path)
    async with again.run_test(size=(100, 32)) as pilot:
        await saves_read(pilot, again)
        await pilot.press("c", "enter")  # Continue, the newest game
        await settle(pilot, lambda: human_to_act(again))
        screen = again.screen
        assert screen.session.record.actions == actions
        assert DECLARE_NONE not in screen.session.table.legal_actions()
        assert all(isinstance(c.value, Play) for c in screen.choices)
