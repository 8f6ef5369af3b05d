"""Undo at the table (issue 14, item 1), for every game through the table kit: `u` (and Ctrl+Z)
takes back to the player's previous decision against bots, shown in the footer only when
possible; in hot-seat the last decision's person may take it back on the next person's curtain,
then gets a curtain of their own before their hand shows; never after the next person confirmed;
the setting turns it off. In solo play `h` lights and names exactly the legal choices (not in
hot-seat); after the last deal `n` plays the same game again on a fresh shuffle (issue 14,
item 5). Privacy is read from the screen's text."""

from __future__ import annotations

from pathlib import Path

from tui_helpers import make_app, screen_text, settle

from familia_tui.cli import parse_seats
from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record
from familia_tui.games.familia.game import GAME
from familia_tui.tui.games.chinkway.scenes import FIVE, chinkway_record
from familia_tui.tui.screens.handoff import HandoffScreen
from familia_tui.tui.screens.table import TableScreen


def familia(seats: str, seed: int = 7) -> Record:
    options = find_preset("familia", "familia-4").options.resolved()
    return Record("familia", options, tuple(parse_seats(seats, GAME.default_seats(options), list(GAME.bots))),
                  seed, preset="familia-4")


def deciding(app) -> bool:  # type: ignore[no-untyped-def]
    return isinstance(app.screen, TableScreen) and bool(app.screen.choices)


def curtain_for(app, name: str) -> bool:  # type: ignore[no-untyped-def]
    return isinstance(app.screen, HandoffScreen) and app.screen.people == (name,)


def footer_keys(app) -> str:  # type: ignore[no-untyped-def]
    return screen_text(app).splitlines()[-1]


async def test_against_bots_u_takes_back_to_the_previous_decision_with_the_same_bot_moves(tmp_path: Path) -> None:
    app = make_app(tmp_path, familia("Aki,bot,bot,bot"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: deciding(app))
        table = app.screen
        assert "Undo" not in footer_keys(app)  # nothing to take back yet
        before = table.session.record.actions
        await pilot.press("enter")
        await settle(pilot, lambda: deciding(app) and len(table.session.record.actions) > len(before) + 1)
        after = table.session.record.actions
        assert "u Undo" in footer_keys(app)
        await pilot.press("u")
        await settle(pilot, lambda: deciding(app) and table.session.record.actions == before)
        assert "Aki took the move back" in screen_text(app) and table.session.record.undos == 1
        while len(table.session.record.actions) < len(after):
            await pilot.press("enter")  # the same choices again: the bots answer as before
            await settle(pilot, lambda: deciding(app))
        assert table.session.record.actions[:len(after)] == after


async def test_ctrl_z_undoes_too_and_the_setting_turns_undo_off(tmp_path: Path) -> None:
    app = make_app(tmp_path, chinkway_record(FIVE, human=1))  # Ben deals first
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: deciding(app))
        table = app.screen
        await pilot.press("1", "enter", "2", "enter", "enter")  # Ben lays two cards aside
        await settle(pilot, lambda: deciding(app) and table.session.table.phase == "trump")
        await pilot.press("ctrl+z")
        await settle(pilot, lambda: table.session.table.phase == "discard" and deciding(app))
        assert table.session.record.actions == ()
        await pilot.press("1", "enter", "2", "enter", "enter")
        await settle(pilot, lambda: table.session.table.phase == "trump")
        app.change_settings(app.settings.with_(undo="off"))
        table.refresh_bindings()
        await pilot.pause()
        assert "Undo" not in footer_keys(app)
        await pilot.press("u")
        await pilot.pause()
        assert table.session.table.phase == "trump" and table.session.record.undos == 1


async def test_hot_seat_the_move_is_taken_back_on_the_next_curtain_then_its_player_is_curtained(
        tmp_path: Path) -> None:
    app = make_app(tmp_path, familia("Aki,Ben,bot,bot", seed=7))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, HandoffScreen))
        first = app.screen.people[0]
        other = "Ben" if first == "Aki" else "Aki"
        await pilot.press("enter")
        await settle(pilot, lambda: deciding(app))
        table = app.screen
        while not curtain_for(app, other):  # the first person's decisions, to the other's curtain
            await pilot.press("enter")
            await settle(pilot, lambda: deciding(app) or curtain_for(app, other))
        text = screen_text(app)
        assert f"{first}: u takes your move back" in text and "'s hand" not in text
        actions = len(table.session.record.actions)
        await pilot.press("u")
        await settle(pilot, lambda: curtain_for(app, first))  # the keyboard may be with the other
        assert len(table.session.record.actions) < actions and "'s hand" not in screen_text(app)
        await pilot.press("enter")
        await settle(pilot, lambda: deciding(app))
        while not curtain_for(app, other):
            await pilot.press("enter")
            await settle(pilot, lambda: deciding(app) or curtain_for(app, other))
        await pilot.press("enter")  # the other person takes the keyboard
        await settle(pilot, lambda: deciding(app))
        assert "Undo" not in footer_keys(app)  # never beyond the curtain
        mark = len(table.session.record.actions)
        await pilot.press("u")
        await pilot.pause()
        assert len(table.session.record.actions) == mark and deciding(app)


async def test_in_solo_play_h_lights_and_names_exactly_the_legal_choices(tmp_path: Path) -> None:
    app = make_app(tmp_path, familia("Aki,bot,bot,bot"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: deciding(app) and any(not c.enabled for c in app.screen.choices))
        table = app.screen
        await pilot.pause()
        assert "h Hint" in footer_keys(app)
        await pilot.press("h")
        await pilot.pause()
        legal = [c for c in table.choices if c.enabled]
        bar = app.screen.query_one("#choices")
        assert bar.has_class("-lit") and f"Allowed now ({len(legal)}; h hides)" in screen_text(app)
        assert {c.value for c in legal} == set(table.session.table.legal_actions())
        await pilot.press("h")
        await pilot.pause()
        assert not bar.has_class("-lit") and "Allowed now" not in screen_text(app)


async def test_hot_seat_has_no_hint_key(tmp_path: Path) -> None:
    app = make_app(tmp_path, familia("Aki,Ben,bot,bot"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")
        await settle(pilot, lambda: deciding(app))
        assert "Hint" not in footer_keys(app)
        await pilot.press("h")
        assert not app.screen.query_one("#choices").has_class("-lit")


async def test_n_plays_the_finished_game_again_with_the_same_seats_and_options(tmp_path: Path) -> None:
    from familia_tui.tui.games.chinkway.results import ChinkwayResultsScreen
    from familia_tui.tui.games.chinkway.screen import ChinkwayScreen

    record = chinkway_record(FIVE, human=0, deals=11)
    app = make_app(tmp_path, record)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ChinkwayResultsScreen))
        await pilot.pause()
        assert "n Play again" in footer_keys(app)
        await pilot.press("n")
        await settle(pilot, lambda: isinstance(app.screen, ChinkwayScreen) and not app.screen.session.table.is_over)
        again = app.screen.session.record
        assert app.screen.view().deal == 1 and again.seats == record.seats and again.options == record.options
        assert again.preset == record.preset and again.seed != record.seed
        assert len(list((tmp_path / "games").glob("*.json"))) == 2  # the finished game is kept


async def test_play_again_is_not_offered_between_deals(tmp_path: Path) -> None:
    from familia_tui.tui.games.chinkway.results import ChinkwayResultsScreen

    app = make_app(tmp_path, chinkway_record(FIVE, human=0, deals=1))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: deciding(app))
        await pilot.press("s")
        await settle(pilot, lambda: isinstance(app.screen, ChinkwayResultsScreen))
        await pilot.pause()
        assert "Continue" in footer_keys(app) and "Play again" not in footer_keys(app)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ChinkwayResultsScreen)


async def test_daifugo_hint_names_each_choice_once_and_the_suggestion_in_the_tables_words(tmp_path: Path) -> None:
    """A Daifugō card in hand and its single play are both choices, named alike: the hint names it
    once, and the search bot's play is named as the table names cards (`2♠`, not `play 2S`)."""
    from familia_tui.games.daifugo.game import GAME as DAIFUGO

    options = find_preset("daifugo", "daifugo-4").options
    seats = tuple(parse_seats("Aki,bot,bot,bot", DAIFUGO.default_seats(options), list(DAIFUGO.bots)))
    app = make_app(tmp_path, Record("daifugo", options, seats, 3, preset="daifugo-4"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: deciding(app))
        table = app.screen
        while sum(c.enabled for c in table.choices) < 3:  # pass until a lead, with plays to name
            await pilot.press("x")
            await settle(pilot, lambda: deciding(app))
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await settle(pilot, lambda: "would choose" in table.explain_note)
        named = table.explain_note.split("): ")[1].split("\n")[0].split("  ")
        assert len(named) == len(set(named)) and "play" not in table.explain_note


async def test_the_hint_names_a_decision_made_in_steps_as_its_choices_do(tmp_path: Path) -> None:
    """The search bot's split of the six-suit specials and the Chinkway dealer's two cards laid
    aside are made step by step at the table: the hint names them in the steps' words (`BJ to
    Cho`, `Lay aside 9♥ 2♣`), not in the notation (`split BJ+BJ+W -`, `discard 9H 2C`)."""
    from familia_tui.tui.games.sixsuit.scenes import sixsuit_record

    six = sixsuit_record(["Aki", "Ben", "Cho", "Dan", "Eve", "Fay"], "sixsuit-6-fixed")
    for record, phase, words in ((six, "split", " to "), (chinkway_record(FIVE, human=1), "discard", "Lay aside ")):
        app = make_app(tmp_path / record.game, record)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot, lambda: deciding(app) and app.screen.session.table.phase == phase)  # noqa: B023
            table = app.screen
            await pilot.press("h")
            await app.workers.wait_for_complete()
            await settle(pilot, lambda: "would choose" in table.explain_note)  # noqa: B023
            suggestion = table.explain_note.split("would choose: ")[1]
            assert words in suggestion and str(table.session.table.legal_actions()[0]).split()[0] not in suggestion
