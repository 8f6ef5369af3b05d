"""Replays on the game's own table (issue 14, item 2): a finished game stepped both ways by
action, trick and deal, the table at a step being the engine's after that many actions; every
hand, or one seat's view; the decision and its explanation; the list of finished games on the
home screen; and privacy: a replay of an unfinished hot-seat game shows no hand at any step, and
of an unfinished game against bots only the human's own hand.

Keys are pressed as fast as Pilot can; what is on screen is read from its text (`screen_text`)."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest
from rich.text import Text
from tui_helpers import make_app, save_folder, saves_read, screen_text, settle

from familia_tui.cli import parse_seats
from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record, save_record
from familia_tui.core.registry import get_game
from familia_tui.core.simulate import play_out
from familia_tui.tui.glyphs import card_text
from familia_tui.tui.screens.finished import FinishedScreen
from familia_tui.tui.screens.replay import ALL, PUBLIC, ReplayMode
from familia_tui.tui.widgets.log import EventLog


def new_record(game: str, seats: str | None = None, seed: int = 5, preset: str | None = None) -> Record:
    spec = get_game(game)
    chosen = find_preset(game, preset or spec.default_preset)
    seated = parse_seats(seats, spec.default_seats(chosen.options), list(spec.bots))
    return Record(game, chosen.options, tuple(seated), seed, preset=chosen.id)


def replaying(app) -> ReplayMode:  # type: ignore[no-untyped-def]
    assert isinstance(app.screen, ReplayMode)
    return app.screen


def shown(notation: str, game: str) -> str:
    """Plain notation (a hand, an action) as the screen's text shows it: its cards in unicode."""
    parse = get_game(game).parse_card

    def word(text: str) -> str:
        try:
            return card_text(parse(text), "unicode")
        except ValueError:
            return text
    return " ".join(word(text) for text in notation.split())


@pytest.mark.parametrize(("game", "seats"), [("familia", "Aki,bot,bot,bot"), ("sixsuit", None)])
async def test_a_finished_game_stepped_both_ways_shows_the_engines_table_at_each_step(
        tmp_path: Path, game: str, seats: str | None) -> None:
    record = play_out(new_record(game, seats))
    app = make_app(tmp_path)
    app.start_replay = record
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ReplayMode))
        screen = replaying(app)
        assert "step 0/" in screen_text(app) and "The start of the game" in screen_text(app)
        await pilot.press(*["right"] * 7)
        assert screen.moment.step == 7
        at_seven = screen_text(app)
        engine = record.replay(7)
        decision = screen.moment.decision
        assert decision is not None and decision.action == record.actions[6]
        assert decision.seat == record.replay(6).to_act
        seat = decision.seat
        assert screen.frame is not None and screen.frame.viewer == seat  # every hand: the decider's view
        drawn = screen.frame.view
        assert replace(drawn, seats=engine.view(seat).seats) == engine.view(seat)
        assert f"step 7/{len(record.actions)}" in at_seven
        names = [s.name for s in record.seats]
        first_line = Text.from_markup(screen.event_lines(decision.events)[0]).plain.strip()
        assert first_line in at_seven  # the decision as the log said it, then why it was allowed
        assert screen.moment.explanation is not None
        assert Text.from_markup(screen.explanation_text(screen.moment.explanation)).plain[:30] in at_seven
        for index, cards in get_game(game).queries["hands"](engine).items():  # every hand, face up
            assert f"{names[index]}: {shown(' '.join(cards), game)}" in at_seven
        await pilot.press("right", "right", "right", "left", "left", "left")
        assert screen.moment.step == 7 and screen_text(app) == at_seven  # back again: the same screen
        await pilot.press("right_square_bracket")
        trick = screen.moment.step
        assert trick > 7 and (screen.moment.decision.trick_end or screen.moment.decision.deal_bound)
        await pilot.press("left_square_bracket")
        assert screen.moment.step <= 7
        await pilot.press("end")
        assert screen.moment.step == len(record.actions) and screen.moment.state.is_over
        await pilot.press("pageup")
        assert screen.moment.step < len(record.actions)
        await pilot.press("home")
        assert screen.moment.step == 0
        await pilot.press("v")
        assert screen.eyes == 0 and f"{names[0]}'s view" in screen_text(app)
        await pilot.press("q")
        assert not isinstance(app.screen, ReplayMode)


def other_cards_shown(screen: ReplayMode, text: str, seen: tuple[int, ...]) -> list[str]:
    """The cards of a hand other than `seen`'s that are on screen (six-suit: numbered cards, one
    of each; jokers and white cards are not told apart by their text)."""
    state = screen.moment.state
    return [card_text(card, "unicode") for seat, hand in enumerate(state.hands)  # type: ignore[attr-defined]
            if seat not in seen for card in hand
            if card.rank >= 2 and card_text(card, "unicode") in text]


def log_rows(log: EventLog) -> list[str]:
    return [strip.text.rstrip() for strip in log.lines]


async def test_the_replay_log_holds_the_whole_game_up_to_the_step_both_ways(tmp_path: Path) -> None:
    """Stepped back from the end of a long game, the log still holds every line from the deal
    to the step (more than a table's log keeps), drawn as if written afresh, and scrolls to
    its first line."""
    record = play_out(new_record("tarot"))
    app = make_app(tmp_path)
    app.start_replay = record
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ReplayMode))
        screen, log = replaying(app), app.screen.query_one(EventLog)

        def expected(step: int) -> list[str]:
            lines = screen.event_lines(screen.replay.opening)
            for done in screen.replay.steps[:step]:
                lines += screen.event_lines(done.events)
            return lines

        await pilot.press("end", "left", "left", "pageup", "left")
        step = screen.moment.step
        assert step < len(record.actions) - 3
        assert log.entries == expected(step) and len(log.entries) > EventLog.MAX_LINES
        rows = log_rows(log)
        log.write_again()
        assert log_rows(log) == rows  # the rows kept are those the lines make
        await pilot.pause()
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y  # the newest line shown
        log.scroll_home(animate=False)
        await pilot.pause()
        assert Text.from_markup(expected(0)[0]).plain.split()[0] in screen_text(app)
        await pilot.press("right", "right")
        assert log.entries == expected(step + 2)
        await pilot.press("home")
        assert log.entries == expected(0)
        await pilot.press("end")
        assert log.entries == expected(len(record.actions))


async def test_a_replay_of_an_unfinished_hot_seat_game_shows_no_hand_at_any_step(tmp_path: Path) -> None:
    record = play_out(new_record("sixsuit", "Aki,Ben,Cho,Dan", preset="sixsuit-4"), actions=60)
    app = make_app(tmp_path)
    app.start_replay = record
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ReplayMode))
        screen = replaying(app)
        assert screen.eyes == PUBLIC and screen.eyes_offered() == [PUBLIC]
        await pilot.press("v")  # nobody's hand to choose
        assert screen.eyes == PUBLIC
        for step in range(1, 61):
            await pilot.press("right")
            assert screen.moment.step == step
            if any(screen.moment.state.rebuilt):  # type: ignore[attr-defined]
                break  # (a rebuild brings played cards back into hands)
            text = screen_text(app)
            assert "'s hand" not in text and "split (secret)" not in text
            assert not other_cards_shown(screen, text, ()), text
            assert "reasons stay private" in text  # the decision as its log line told everyone
        assert step > 20


async def test_a_replay_of_an_unfinished_game_against_bots_shows_the_humans_hand_only(tmp_path: Path) -> None:
    record = play_out(new_record("sixsuit", "Aki,bot,bot,bot", preset="sixsuit-4"), actions=40)
    app = make_app(tmp_path)
    app.start_replay = record
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ReplayMode))
        screen = replaying(app)
        assert screen.eyes == 0 and screen.eyes_offered() == [0, PUBLIC]
        for _ in range(40):
            await pilot.press("right")
            if any(screen.moment.state.rebuilt):  # type: ignore[attr-defined]
                break
            text = screen_text(app)
            assert not other_cards_shown(screen, text, (0,)), text
            if screen.moment.state.phase == "play":  # type: ignore[attr-defined]
                assert "Aki's hand" in text
            decision = screen.moment.decision
            assert decision is not None
            if decision.seat != 0:
                assert "reasons stay private" in text
        await pilot.press("v")
        assert screen.eyes == PUBLIC and "Aki's hand" not in screen_text(app)
        await pilot.press("v")
        assert screen.eyes == 0 and ALL not in screen.eyes_offered()


async def test_finished_games_are_listed_on_the_home_screen_newest_first_and_open_a_replay(tmp_path: Path) -> None:
    folder = save_folder(tmp_path)
    folder.mkdir(parents=True)
    save_record(play_out(new_record("daifugo")), folder / "20260101-000000-aaaaaa.json")
    save_record(play_out(new_record("familia"), actions=5), folder / "20260101-000001-bbbbbb.json")
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await saves_read(pilot, app)
        text = screen_text(app)
        assert "Finished games  1 kept" in text and "Continue" in text
        menu = app.screen.query_one("#home-menu")
        index = next(i for i in range(menu.option_count) if menu.get_option_at_index(i).id == "finished")
        menu.highlighted = index
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, FinishedScreen))
        text = screen_text(app)
        assert "Daifugō" in text or "Daifugo" in text or "大富豪" in text
        assert "Familia" not in text  # the unfinished game is Continue's
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, ReplayMode))
        assert Text.from_markup(replaying(app).banner).plain.startswith(" Replay ")
        await pilot.press("end")
        assert replaying(app).moment.state.is_over
        await pilot.press("escape")
        assert isinstance(app.screen, FinishedScreen)


async def test_a_replay_in_japanese_in_ascii_at_80x24_has_no_english_label_and_only_ascii_or_wide(
        tmp_path: Path) -> None:
    record = play_out(new_record("chinkway"))
    app = make_app(tmp_path, lang="ja", glyphs="ascii")
    app.start_replay = record
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ReplayMode))
        await pilot.press("right_square_bracket", "right_square_bracket", "right")
        text = screen_text(app)
        assert "リプレイ" in text and "全員の手札" in text and "Replay" not in text
        import unicodedata
        odd = {c for c in text if ord(c) > 127 and unicodedata.east_asian_width(c) not in ("W", "F")}
        assert not odd, odd


@pytest.mark.parametrize(("glyphs", "size"), [("unicode", (120, 40)), ("ascii", (80, 24))])
async def test_tarot_replay_hands_are_drawn_as_the_tarot_table_draws_a_hand(
        tmp_path: Path, glyphs: str, size: tuple[int, int]) -> None:
    """Every hand of a Tarot replay in the table's card text (`R♥ T21 Exc` in unicode, the
    notation in ascii), grouped by suit as the hand line is; the decision line likewise."""
    from familia_tui.games.tarot.cards import parse_cards
    from familia_tui.tui.games.tarot.widgets import card_text, hand_markup

    record = play_out(new_record("tarot"))
    app = make_app(tmp_path, glyphs=glyphs)
    app.start_replay = record
    async with app.run_test(size=size) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ReplayMode))
        await pilot.press(*["right"] * 30)
        screen = replaying(app)
        hands = screen.query_one("#replay-hands").render()
        lines = str(hands).splitlines()
        queried = get_game("tarot").queries["hands"](screen.moment.state)
        names = [s.name for s in record.seats]
        for index, cards in queried.items():
            drawn = Text.from_markup(hand_markup(parse_cards(cards), glyphs)).plain
            assert f"{names[index]}: {drawn}" in lines
        decision = screen.moment.decision
        assert decision is not None
        card = parse_cards(decision.action.split()[-1:])[0] if decision.action.startswith("play") else None
        text = screen_text(app)
        if glyphs == "unicode":
            assert any(suit in str(hands) for suit in "♠♥♦♣")
        else:
            assert str(hands).isascii() and all(ord(c) < 128 for c in text)
        if card is not None:
            assert card_text(card, glyphs) in text


async def test_the_app_keeps_only_the_newest_finished_games_up_to_the_settings_cap(tmp_path: Path) -> None:
    from familia_tui.tui.app import FamiliaTuiApp
    from familia_tui.tui.settings import Settings

    folder = save_folder(tmp_path)
    folder.mkdir(parents=True)
    finished, unfinished = play_out(new_record("familia")), play_out(new_record("familia"), actions=3)
    names = ["20260101-000000-aaaaaa.json", "20260102-000000-bbbbbb.json", "20260103-000000-cccccc.json"]
    for age, (name, record) in enumerate(zip(names, (unfinished, finished, finished), strict=True)):
        save_record(record, folder / name)
        os.utime(folder / name, (1_000_000 + age, 1_000_000 + age))  # the last is the newest
    settings = Settings(bot_pace="instant", trick_pause=0.0, keep_finished=1)
    app = FamiliaTuiApp(settings=settings, saves=folder)
    async with app.run_test(size=(80, 24)) as pilot:
        await saves_read(pilot, app)
        assert "Finished games  1 kept" in screen_text(app)
    assert sorted(p.name for p in folder.glob("*.json")) == [names[0], names[2]]  # the unfinished one stays


def test_a_settings_file_with_a_bad_cap_is_reported_and_the_defaults_used(tmp_path: Path) -> None:
    import json

    from familia_tui.tui.settings import Settings, load_settings

    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"keep_finished": -3}), encoding="utf-8")
    settings, problem = load_settings(path)
    assert settings.keep_finished == Settings().keep_finished and problem and "keep_finished" in problem
    path.write_text(json.dumps({"keep_finished": 50}), encoding="utf-8")
    assert load_settings(path)[0].keep_finished == 50
