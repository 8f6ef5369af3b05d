"""Pilot tests of whole flows at the Familia table: hot-seat privacy, bots, quit and resume,
explanations of illegal cards, Japanese, and the time from a key press to the screen."""

from __future__ import annotations

from pathlib import Path

from tui_helpers import click, make_app, saved_record, saves_read, screen_text, settle

from familia_tui.cli import parse_seats
from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record
from familia_tui.games.familia.actions import PlayCard
from familia_tui.games.familia.game import GAME
from familia_tui.tui.games.familia.results import FamiliaResultsScreen
from familia_tui.tui.games.familia.screen import FamiliaScreen
from familia_tui.tui.glyphs import card_text
from familia_tui.tui.screens.handoff import HandoffScreen
from familia_tui.tui.screens.home import HomeScreen
from familia_tui.tui.screens.rules import RulesScreen


def record(seats: str, preset: str = "familia-4", seed: int = 7) -> Record:
    options = find_preset("familia", preset).options.resolved()
    table = parse_seats(seats, GAME.default_seats(options), list(GAME.bots))
    return Record("familia", options, tuple(table), seed, preset=preset)


def hidden_cards(screen: FamiliaScreen, viewer: str | None) -> list[str]:
    """Cards in other people's hands that nobody may see (drawn cards are public [R-F9a])."""
    state = screen.session.state
    hidden = []
    for seat, hand in enumerate(state.hands):
        if screen.session.seats[seat].person == viewer:
            continue
        unknown = list(hand)
        for card in state.known[seat]:
            unknown.remove(card)
        hidden += [card_text(c, "unicode") for c in unknown]
    return hidden


async def test_hot_seat_deal_with_four_humans_never_shows_another_hand(tmp_path: Path) -> None:
    app = make_app(tmp_path, record("Aki,Ben,Cho,Dan"))
    handoffs = 0
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, HandoffScreen))
        while not isinstance(app.screen, FamiliaResultsScreen):
            text = screen_text(app)
            if isinstance(app.screen, HandoffScreen):
                handoffs += 1
                person = app.screen.person
                assert f"Pass the keyboard to {person}" in text
                table = app.screen_stack[-2]
                assert not [c for c in hidden_cards(table, None) if c in text]  # nothing private
                await pilot.press("enter")
                continue
            screen = app.screen
            assert isinstance(screen, FamiliaScreen)
            viewer = screen.session.viewer()
            assert not [c for c in hidden_cards(screen, viewer) if c in text]
            if screen.held:  # a deal's last trick, until a key
                await pilot.press("enter")
                continue
            assert viewer == screen.session.seats[screen.session.to_act].person
            there_and_back = ("right", "left") if screen.cursor + 1 < len(screen.choices) else ("left", "right")
            await pilot.press(*there_and_back, "enter")  # keyboard only (the cursor does not wrap)
            await pilot.pause()
        assert handoffs >= 30  # four humans: almost every decision changes hands
        assert app.screen.final
        await pilot.press("enter")
        assert isinstance(app.screen, HomeScreen)


async def test_a_game_against_three_bots_plays_to_the_breakdown(tmp_path: Path) -> None:
    app = make_app(tmp_path, record("Aki,bot,bot,bot"))
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(200):
            await settle(pilot, lambda: isinstance(app.screen, FamiliaResultsScreen)
                         or (isinstance(app.screen, FamiliaScreen) and (app.screen.choices or app.screen.held)))
            if isinstance(app.screen, FamiliaResultsScreen):
                break
            assert not isinstance(app.screen, HandoffScreen)  # one human: no curtain
            await pilot.press("enter")  # a card, or on from a deal's last trick
        text = screen_text(app)
        assert "Ranking" in text and "Total" in text and "Aki" in text
        result = app.screen.result
        assert [p.total for p in result.players]
        await pilot.press("enter")
        assert isinstance(app.screen, HomeScreen)


async def test_quit_mid_deal_and_resume_restores_the_same_game(tmp_path: Path) -> None:
    app = make_app(tmp_path, record("Aki,bot,bot,bot", seed=11))
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(4):
            await settle(pilot, lambda: bool(app.screen.choices))
            await pilot.press("enter")
        await settle(pilot, lambda: bool(app.screen.choices))
        before = app.screen.session.state
        actions = app.screen.session.record.actions
        await pilot.press("q")
        assert isinstance(app.screen, HomeScreen)
    assert saved_record(tmp_path).actions == actions
    again = make_app(tmp_path)
    async with again.run_test(size=(100, 30)) as pilot:
        await saves_read(pilot, again)
        await pilot.press("c", "enter")  # Continue, the newest game
        await settle(pilot, lambda: isinstance(again.screen, FamiliaScreen))
        state = again.screen.session.state
        assert again.screen.session.record.actions == actions
        assert (state.hands, state.captures, state.trick_no, state.to_act) == (
            before.hands, before.captures, before.trick_no, before.to_act)


async def test_selecting_an_illegal_card_shows_the_rule_chain(tmp_path: Path) -> None:
    app = make_app(tmp_path, record("Aki,bot,bot,bot", seed=7))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: bool(app.screen.choices))
        screen = app.screen
        if screen.session.state.phase == "pile":
            await pilot.press("enter")
            await settle(pilot, lambda: bool(screen.choices))
        illegal = next(i for i, c in enumerate(screen.choices) if not c.enabled)
        await pilot.press(str(illegal + 1))
        text = screen_text(app)
        assert "Not allowed:" in text and "must follow" in text and "[A.6]" in text
        before = len(screen.session.record.actions)
        await pilot.press("enter")  # refused: nothing is played
        assert len(screen.session.record.actions) == before
        assert isinstance(screen.choices[illegal].value, PlayCard)


async def test_japanese_table_and_rules(tmp_path: Path) -> None:
    app = make_app(tmp_path, record("アキ,bot,bot,bot"), lang="ja")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, lambda: bool(app.screen.choices))
        text = screen_text(app)
        assert "ディール" in text and "アキ" in text and "山札" in text
        await pilot.press("f1")
        assert isinstance(app.screen, RulesScreen)
        await pilot.pause()
        assert "バッティング" in screen_text(app)


async def test_ascii_glyphs_draw_no_suit_symbols(tmp_path: Path) -> None:
    app = make_app(tmp_path, record("Aki,bot,bot,bot"), glyphs="ascii")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: bool(app.screen.choices))
        text = screen_text(app)
        assert not set("♠♥♦♣♂♀") & set(text)
        assert "Aki" in text


async def test_clicking_cards_plays_legal_ones_and_explains_illegal_ones(tmp_path: Path) -> None:
    from familia_tui.tui.widgets.choices import Chip

    app = make_app(tmp_path, record("Aki,bot,bot,bot", seed=7))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: bool(app.screen.choices))
        screen = app.screen
        if screen.session.state.phase == "pile":
            assert await pilot.click(Chip)  # the first chip: a colour
            await pilot.pause()
            await settle(pilot, lambda: bool(screen.choices) and screen.session.state.phase == "play")
        illegal = next(i for i, c in enumerate(screen.choices) if not c.enabled)
        before = len(screen.session.record.actions)
        assert await click(pilot, lambda: list(screen.query(Chip))[illegal])
        await pilot.pause()
        assert len(screen.session.record.actions) == before
        assert "Not allowed:" in screen_text(app)
        legal = next(i for i, c in enumerate(screen.choices) if c.enabled)
        card = screen.choices[legal].value
        assert await click(pilot, lambda: list(screen.query(Chip))[legal])
        await pilot.pause()
        assert screen.session.record.actions[before] == str(card)


async def test_a_practice_puzzle_takes_one_decision_then_shows_the_answer(tmp_path: Path) -> None:
    """A best-play puzzle: its card first, the decision at the table, then the card again with
    the verdict; nothing is saved."""
    from familia_tui.core.presets import rules_dir
    from familia_tui.tui.screens.puzzle import PuzzleCard

    puzzle = rules_dir("familia") / "practice" / "15-take-the-queen.yaml"
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_practice(puzzle)
        await settle(pilot, lambda: isinstance(app.screen, PuzzleCard))
        await pilot.pause()
        assert "Which card takes the Q" in screen_text(app)
        await pilot.press("enter")  # to the table
        await settle(pilot, lambda: isinstance(app.screen, FamiliaScreen) and bool(app.screen.choices))
        screen = app.screen
        legal = sorted(str(c.value.card) for c in screen.choices if c.enabled)
        assert legal == ["10D", "6S", "9H"]  # must-win leaves 10♦; 6♠ and 9♥ bat [R-F11][R-F1]
        await pilot.press("h")
        assert "Hint 1" in screen_text(app)
        await pilot.press("/", *"10D", "enter")
        await settle(pilot, lambda: isinstance(app.screen, PuzzleCard))
        await pilot.pause()
        assert "Right!" in screen_text(app) and "Why:" in screen_text(app)
        assert not list((tmp_path / "games").glob("*.json"))  # a puzzle is never saved
        await pilot.press("escape")
        await settle(pilot, lambda: not isinstance(app.screen, (FamiliaScreen, PuzzleCard)))
