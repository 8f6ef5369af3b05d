"""Pilot tests of whole flows at the French Tarot table: a hot-seat hand with privacy checked at
every handoff and step (the écart to the taker only, the 5-player partner kept secret), games
against bots to the breakdown and the final standings, quit and Continue, explanations of
dimmed bids, discards and cards, declarations with the trumps shown, Japanese, ascii, 80×24."""

from __future__ import annotations

import html
import re
from pathlib import Path

from rich.text import Text
from tui_helpers import click, make_app, saved_record, saves_read, screen_text, settle

from familia_tui.cli import parse_seats
from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record
from familia_tui.games.tarot.actions import Declare, Discard, Play
from familia_tui.games.tarot.cards import SUIT, TRUMP
from familia_tui.games.tarot.game import GAME
from familia_tui.games.tarot.options import TarotOptions
from familia_tui.tui.app import FamiliaTuiApp
from familia_tui.tui.games.tarot.results import TarotResultsScreen
from familia_tui.tui.games.tarot.screen import TarotScreen
from familia_tui.tui.games.tarot.widgets import card_text
from familia_tui.tui.screens.handoff import HandoffScreen
from familia_tui.tui.screens.home import HomeScreen
from familia_tui.tui.screens.rules import RulesScreen
from familia_tui.tui.settings import Settings
from familia_tui.tui.widgets.choices import Chip, ChoiceBar
from familia_tui.tui.widgets.table_view import TableView


def record(seats: str, preset: str = "tarot-4", seed: int = 3, hands: int | None = None) -> Record:
    options = find_preset("tarot", preset).options.resolved()
    if hands is not None:
        options = TarotOptions.model_validate({**options.model_dump(), "hands": hands})
    table = parse_seats(seats, GAME.default_seats(options), list(GAME.bots))
    return Record("tarot", options, tuple(table), seed, preset=preset)


_RUN = re.compile(r'<text[^>]*?x="([\d.]+)"[^>]*?y="([\d.]+)"[^>]*>(.*?)</text>', re.DOTALL)


def look(app) -> tuple[str, set[str]]:  # type: ignore[no-untyped-def]
    """One screenshot read two ways: the text row by row (as `screen_text`), and the words on
    screen run by run (a card is its own styled run, so neighbouring cards never merge)."""
    runs = [(float(y), float(x), html.unescape(text).replace("\xa0", " "))
            for x, y, text in _RUN.findall(app.export_screenshot())]
    rows: dict[float, list[tuple[float, str]]] = {}
    for y, x, text in runs:
        rows.setdefault(y, []).append((x, text))
    screen = "\n".join("".join(t for _, t in sorted(row)) for _, row in sorted(rows.items()))
    return screen, {word for _, _, text in runs for word in re.findall(r"[0-9A-Za-z♠♥♦♣]+", text)}


def tokens(app) -> set[str]:  # type: ignore[no-untyped-def]
    return look(app)[1]


def secret_cards(screen: TarotScreen, viewer: str | None) -> set[str]:
    """Cards nobody but their holder may see: other hands (less what a poignée or the chien
    showed), and the écart unless the viewer is the taker."""
    state, seats = screen.session.state, screen.session.seats
    public = {c for d in state.declarations for c in d.cards}
    if state.chien_taken:
        public |= set(state.chien)
    secret = {c for seat in range(state.n) if seats[seat].person != viewer for c in state.hand(seat)}
    if state.taker is None or seats[state.taker].person != viewer:
        shown = {c for c in state.ecart if SUIT[c] == TRUMP and state.options.discarded_trumps_shown}
        secret |= set(state.ecart) - shown
    return {card_text(c, "unicode") for c in secret - public}


def bid_or_pass(screen: TarotScreen) -> list[str]:
    """What a test player presses: Prise when nobody has bid yet, else the choice under the
    cursor (pass, the first discard or card allowed …)."""
    state = screen.session.state
    return ["2", "enter"] if state.phase == "bid" and state.contract is None else ["enter"]


def human_to_act(app) -> bool:  # type: ignore[no-untyped-def]
    """A human's decision is on screen, or a hand's last trick waits for a key."""
    return isinstance(app.screen, TarotScreen) and (bool(app.screen.choices) or app.screen.held is not None)


async def test_hot_seat_hand_with_four_humans_never_shows_a_secret_card(tmp_path: Path) -> None:
    """Bidding, the écart, declarations and six tricks: every handoff and every step checked."""
    app = make_app(tmp_path, record("Aki,Ben,Cho,Dan", hands=1))
    handoffs, steps, taker_saw_ecart = 0, 0, False
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, HandoffScreen))
        for _ in range(200):
            text, words = look(app)
            if isinstance(app.screen, HandoffScreen):
                handoffs += 1
                assert f"Pass the keyboard to {app.screen.person}" in text
                table = app.screen_stack[-2]
                assert not secret_cards(table, None) & words  # nothing private behind it
                await pilot.press("enter")
                await pilot.pause()
                continue
            screen = app.screen
            assert isinstance(screen, TarotScreen) and screen.choices
            state = screen.session.state
            if state.trick_no >= 6:
                break
            viewer = screen.session.viewer()
            assert viewer == screen.session.seats[screen.session.to_act].person
            assert not secret_cards(screen, viewer) & words
            if state.ecart and state.taker is not None and screen.session.seats[state.taker].person == viewer:
                taker_saw_ecart |= card_text(state.ecart[0], "unicode") in words
            keys = bid_or_pass(screen)
            await pilot.press(*(["right", "left"] if steps < 8 else []), *keys)  # keyboard only
            await pilot.pause()
            steps += 1
        assert screen.session.state.trick_no >= 6
        assert steps >= 30 and handoffs >= 25  # four humans: nearly every decision changes hands
        assert taker_saw_ecart
        await pilot.press("q")
        assert isinstance(app.screen, HomeScreen)


async def test_bots_turns_between_two_humans_show_no_hand(tmp_path: Path) -> None:
    """While bots play between two humans' decisions (at a pace a person can follow), the table
    shows what everyone knows and nobody's hand [DESIGN 7]."""
    settings = Settings(lang="en", glyphs="unicode", bot_pace="fast", trick_pause=0.1)
    app = FamiliaTuiApp(record("Aki,bot,Ben,bot", seed=3), settings=settings,
                        saves=tmp_path / "games")
    looked = 0
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(400):
            await pilot.pause(0.05)
            screen = app.screen
            if isinstance(screen, HandoffScreen):
                await pilot.press("enter")
            elif isinstance(screen, TarotScreen) and screen.session.state.trick_no >= 2:
                break
            elif isinstance(screen, TarotScreen) and not screen.session.is_human_turn():
                text, words = look(app)
                assert not secret_cards(screen, None) & words
                assert "hands are hidden" in text and not screen.choices
                looked += 1
            elif isinstance(screen, TarotScreen) and screen.choices:
                await pilot.press(*bid_or_pass(screen))
    assert looked >= 1  # how many depends on the machine's pace (a loaded one looks less); every look is checked


async def test_five_players_the_partner_stays_secret_until_the_called_card_is_played(tmp_path: Path) -> None:
    app = make_app(tmp_path, record("Aki,Ben,bot,bot,bot", "tarot-5", seed=8, hands=1))
    seen = {"Aki": [], "Ben": []}  # (revealed?, partner shown on the Ben row?, secret shown?)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(200):
            await settle(pilot, lambda: isinstance(app.screen, (HandoffScreen, TarotResultsScreen))
                         or human_to_act(app))
            if isinstance(app.screen, TarotResultsScreen):
                break
            if isinstance(app.screen, HandoffScreen):
                await pilot.press("enter")
                await pilot.pause()
                continue
            screen = app.screen
            state = screen.session.state
            if state.phase == "play":
                assert (state.taker, state.partner) == (2, 1), "seed 8: P3 takes and calls Ben's king"
            text = screen_text(app)
            table = screen.query_one(TableView).data  # Ben's marks on the table (and so on screen)
            ben_row = " ".join(next(s for s in table.spots if s.name == "Ben").marks) if table else ""
            assert all(word in text for word in Text.from_markup(ben_row).plain.split())  # (it may wrap)
            viewer = screen.session.viewer()
            if state.phase == "play":
                seen[viewer].append((state.partner_revealed, "partner" in ben_row, "partner (secret)" in ben_row))
            if viewer == "Aki" and state.phase == "play" and not state.partner_revealed:
                assert "partner" not in ben_row and "partner secret" in text
            if all(any(revealed for revealed, _, _ in seen[name]) for name in seen):
                break  # both have looked at the table since the called card was played
            await pilot.press("enter")
            await pilot.pause()
    assert seen["Aki"] and seen["Ben"]
    assert any(secret for revealed, _, secret in seen["Ben"] if not revealed)  # Ben knows himself
    assert all(shown for revealed, shown, _ in seen["Aki"] + seen["Ben"] if revealed)  # then everyone


async def test_a_game_against_bots_plays_to_each_breakdown_and_the_standings(tmp_path: Path) -> None:
    app = make_app(tmp_path, record("Aki,bot,bot", "tarot-3", seed=5, hands=2))
    breakdowns = []
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(300):
            await settle(pilot, lambda: isinstance(app.screen, TarotResultsScreen) or human_to_act(app))
            assert not isinstance(app.screen, HandoffScreen)  # one human: no curtain
            if isinstance(app.screen, TarotResultsScreen):
                breakdowns.append(screen_text(app))
                if app.screen.final:
                    break
            await pilot.press("enter")
        assert len(breakdowns) == 2
        assert "Enter deals the next hand." in breakdowns[0]
        for label in ("Card points (p)", "Bouts", "Multiplier", "Petit au bout", "Declarations", "Slam",
                      "Per defender (D)", "Scores after"):
            assert label in breakdowns[1], label
        assert "Final standings" in breakdowns[1] and "Final standings" not in breakdowns[0]
        totals = app.screen.totals
        assert sum(totals) == 0 and len(app.screen.results) == 2
        await pilot.press("enter")
        assert isinstance(app.screen, HomeScreen)


async def test_quit_mid_hand_and_continue_restores_the_same_hand(tmp_path: Path) -> None:
    app = make_app(tmp_path, record("Aki,bot,bot,bot", seed=3))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, lambda: human_to_act(app))
        await pilot.press("3", "enter")  # Garde
        for _ in range(9):  # the écart, no slam, two cards
            await settle(pilot, lambda: human_to_act(app))
            await pilot.press("enter")
        await settle(pilot, lambda: human_to_act(app))
        before = app.screen.session.state
        actions = app.screen.session.record.actions
        assert any(a.startswith("play") for a in actions)
        await pilot.press("q")
        assert isinstance(app.screen, HomeScreen)
    assert saved_record(tmp_path).actions == actions
    again = make_app(tmp_path)
    async with again.run_test(size=(100, 32)) as pilot:
        await saves_read(pilot, again)
        await pilot.press("c", "enter")  # Continue, the newest game
        await settle(pilot, lambda: human_to_act(again))
        state = again.screen.session.state
        assert again.screen.session.record.actions == actions
        assert [state.hand(s) for s in range(4)] == [before.hand(s) for s in range(4)]
        assert (state.ecart, state.trick, state.trick_no, state.to_act, state.tricks_won) == (
            before.ecart, before.trick, before.trick_no, before.to_act, before.tricks_won)
        assert "resumed" in screen_text(again)


async def test_dimmed_bids_and_discards_explain_the_rule(tmp_path: Path) -> None:
    app = make_app(tmp_path, record("Aki,bot,bot,bot", seed=21))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: human_to_act(app))
        screen = app.screen
        assert screen.session.state.contract is not None  # seed 21: Dan has bid Prise
        assert not screen.choices[1].enabled
        await pilot.press("2")
        text = screen_text(app)
        assert "Not allowed:" in text and "not higher than Prise" in text and "[A4]" in text
        before = len(screen.session.record.actions)
        await pilot.press("enter")  # refused
        assert len(screen.session.record.actions) == before
        await pilot.press("3", "enter")
        await settle(pilot, lambda: screen.session.state.phase == "ecart" and bool(screen.choices))
        trump = next(i for i, c in enumerate(screen.choices) if str(c.value).startswith("discard T"))
        assert not screen.choices[trump].enabled
        while screen.cursor != trump:
            await pilot.press("down" if trump - screen.cursor >= screen.grid_columns else "right")
        text = screen_text(app)
        assert "Not allowed:" in text and "trumps go to the écart only when nothing else may" in text
        assert "[TA-2]" in text
        before = len(screen.session.record.actions)
        await pilot.press("enter")  # refused
        assert len(screen.session.record.actions) == before
        legal = [c for c in screen.choices if c.enabled]
        assert all(isinstance(c.value, Discard) and SUIT[c.value.card] < TRUMP for c in legal)


async def to_a_follow(pilot, app) -> TarotScreen:  # type: ignore[no-untyped-def]
    """Pass (and play Enter's card) until the human must follow a trick: a play with some cards
    not allowed."""
    for _ in range(20):
        await settle(pilot, lambda: human_to_act(app))
        screen = app.screen
        if screen.session.state.phase == "play" and not all(c.enabled for c in screen.choices):
            return screen
        await pilot.press("enter")
    raise AssertionError("no trick to follow in 20 decisions")


async def test_clicking_cards_plays_legal_ones_and_explains_illegal_ones(tmp_path: Path) -> None:
    app = make_app(tmp_path, record("Aki,bot,bot,bot", seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await to_a_follow(pilot, app)
        illegal = next(i for i, c in enumerate(screen.choices) if not c.enabled)
        before = len(screen.session.record.actions)
        assert await click(pilot, lambda: screen.chips[illegal][0])
        await pilot.pause()
        assert len(screen.session.record.actions) == before
        text = screen_text(app)
        assert "Not allowed:" in text and "[A9]" in text and "must" in text
        legal = next(i for i, c in enumerate(screen.choices) if c.enabled)
        card = screen.choices[legal].value
        assert isinstance(card, Play)
        assert await click(pilot, lambda: screen.chips[legal][0])
        await pilot.pause()
        assert screen.session.record.actions[before] == str(card)


async def test_in_ascii_the_hint_lights_the_card_grid_and_every_card_stays_readable(tmp_path: Path) -> None:
    """The one-line cards of the grid take no frame when `h` lights the allowed ones: a frame
    on the unlit cards left only its edges on screen, the card names gone."""
    app = make_app(tmp_path, record("Aki,bot,bot,bot", seed=3), glyphs="ascii")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await to_a_follow(pilot, app)
        await pilot.press("h")
        await settle(pilot, lambda: "Allowed now" in screen_text(app))
        text = screen_text(app)
        assert "+--" not in text
        shown = set(text.split())
        assert all(str(c.value.card) in shown for c in screen.choices), text


async def test_a_poignee_is_offered_first_and_shows_the_trumps_the_player_picks(tmp_path: Path) -> None:
    app = make_app(tmp_path, record("Aki,bot,bot,bot,bot", "tarot-5", seed=331))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, lambda: human_to_act(app))
        await pilot.press("enter")  # pass
        await settle(pilot, lambda: human_to_act(app) and app.screen.session.state.phase == "play"
                     and app.screen.choices[-1].label == "No declaration")  # redrawn for the play
        screen = app.screen
        labels = [c.label for c in screen.choices]
        assert labels == ["Simple poignée (8)", "No declaration"]  # 9 trumps: only a simple one
        assert "Shows" in screen_text(app) and "T15" in screen_text(app)
        await pilot.press("enter")
        assert screen.pick is not None and len(screen.picked) == 8
        assert [c.label for c in screen.choices[:2]] == ["OK", "Back"]
        await pilot.press("3", "enter")  # untick the lowest trump: seven left
        assert len(screen.picked) == 7 and not screen.choices[0].enabled
        await pilot.press("1", "enter")
        assert "exactly 8 trumps, not 7" in screen_text(app)
        await pilot.press("end", "enter")  # the last trump, T19, not ticked
        assert str(screen.choices[screen.cursor].value.card) == "T19"
        assert len(screen.picked) == 8
        shown = sorted(screen.picked)
        await pilot.press("1", "enter")
        declared = next(a for a in screen.session.record.actions if a.startswith("declare"))
        assert declared == str(Declare(screen.session.state.declarations[0].kind, tuple(shown)))
        await settle(pilot, lambda: human_to_act(app))
        assert all(isinstance(c.value, Play) for c in screen.choices)  # no second poignée
        assert "Declared: Aki: simple poignée" in screen_text(app)


async def test_last_trick_won_cards_and_scores_on_keys(tmp_path: Path) -> None:
    app = make_app(tmp_path, record("Aki,bot,bot", "tarot-3", seed=5, hands=3))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(300):
            await settle(pilot, lambda: isinstance(app.screen, TarotResultsScreen) or human_to_act(app))
            if isinstance(app.screen, TarotResultsScreen):
                break
            await pilot.press("enter")
        await pilot.press("enter")  # the next hand
        await settle(pilot, lambda: human_to_act(app))
        screen = app.screen
        await pilot.press("s")
        assert isinstance(app.screen, TarotResultsScreen) and app.screen.review
        assert "Enter returns to the table." in screen_text(app)
        await pilot.press("enter")
        assert app.screen is screen
        for _ in range(60):  # play on until a trick is under way after a finished one
            await settle(pilot, lambda: human_to_act(app))
            if screen.session.state.tricks and screen.session.state.trick:
                break
            await pilot.press("enter")
        await pilot.press("p")
        last = screen.session.state.tricks[-1]
        assert f"Trick {last.number} won by" in screen_text(app)
        await pilot.press("p")
        assert f"Trick {last.number + 1}," in screen_text(app)
        await pilot.press("w")  # the cards each seat won, instead of the seats table
        text = screen_text(app)
        assert "Cards won in tricks" in text
        table = screen.query_one(TableView).data  # the winner's won cards among its facts on the table
        assert table is not None
        won = html.unescape(" ".join(table.spots[last.winner].facts))
        kept = last.excuse_kept in (None, last.winner)
        assert all(card_text(card, "unicode") in won for _, card in last.plays if kept)
        await pilot.press("w")
        assert "Cards won in tricks" not in screen_text(app)


async def test_japanese_table_breakdown_and_rules(tmp_path: Path) -> None:
    app = make_app(tmp_path, record("アキ,bot,bot,bot", seed=21, hands=1), lang="ja")  # Dan: Prise
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, lambda: human_to_act(app))
        text = screen_text(app)
        assert "ビッド" in text and "アキ" in text and "プリーズ" in text and "シエン" in text
        await pilot.press("2")
        assert "強いビッドしかできません" in screen_text(app)
        await pilot.press("f1")
        assert isinstance(app.screen, RulesScreen)
        await pilot.pause()
        assert "フレンチ・タロット" in screen_text(app)
        await pilot.press("escape")
        await pilot.press("3", "enter")
        for _ in range(100):
            await settle(pilot, lambda: isinstance(app.screen, TarotResultsScreen) or human_to_act(app))
            if isinstance(app.screen, TarotResultsScreen):
                break
            await pilot.press("enter")
        text = screen_text(app)
        assert "得点の内訳" in text and "目標点数" in text and "最終順位" in text


async def test_ascii_mode_draws_only_ascii_at_80x24(tmp_path: Path) -> None:
    app = make_app(tmp_path, record("Zoë,bot,bot", "tarot-3", seed=5, hands=1), glyphs="ascii")
    screens = 0
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            await settle(pilot, lambda: isinstance(app.screen, TarotResultsScreen) or human_to_act(app))
            text = screen_text(app)
            assert text.isascii(), sorted(c for c in set(text) if not c.isascii())
            screens += 1
            if isinstance(app.screen, TarotResultsScreen):
                break
            if app.screen.session.state.phase == "bid":  # Garde when still open: an écart to draw
                await pilot.press(str(max(i for i, c in enumerate(app.screen.choices[:3]) if c.enabled) + 1))
            await pilot.press("enter")
        assert isinstance(app.screen, TarotResultsScreen) and "Zoe" in screen_text(app)
    assert screens > 20


async def test_letters_mode_writes_suits_as_letters(tmp_path: Path) -> None:
    app = make_app(tmp_path, record("Aki,bot,bot,bot", seed=3), glyphs="letters")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, lambda: human_to_act(app))
        text, words = look(app)
        hand = app.screen.session.state.hand(0)
        assert {card_text(c, "letters") for c in hand} <= words
        assert not set("♠♥♦♣") & set(text)


async def test_80x24_shows_the_banner_the_hand_and_the_keys(tmp_path: Path) -> None:
    app = make_app(tmp_path, record("Aki,bot,bot,bot", seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: human_to_act(app))
        await pilot.press("3", "enter")
        await settle(pilot, lambda: app.screen.session.state.phase == "ecart" and human_to_act(app))
        text = screen_text(app)
        rows = text.splitlines()
        assert "discard 6 more cards" in rows[0]
        assert "Enter Choose" in rows[-1] and "Save & quit" in rows[-1]
        hand = app.screen.session.state.hand(0)
        assert {card_text(c, "unicode") for c in hand} <= tokens(app)  # all 24 cards on screen


async def test_a_late_ready_on_the_handoff_does_not_leave_the_table(tmp_path: Path) -> None:
    """The curtain lifted twice in one frame (once fired both by its Enter binding and by its
    focused Ready button): the second dismissal must not pop the table underneath (found
    playing in tmux)."""
    app = make_app(tmp_path, record("Aki,Ben,bot,bot"))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, HandoffScreen))
        curtain = app.screen
        curtain.lift()  # Enter, through the curtain
        curtain.lift()  # the same Enter again (a click on Ready, once)
        await pilot.pause(0.3)
        assert any(isinstance(screen, TarotScreen) for screen in app.screen_stack)


async def test_80x24_shows_all_30_cards_of_the_3_player_ecart_without_scrolling(tmp_path: Path) -> None:
    """Play-test: the hand panel showed 27 of the taker's 30 cards (hand and chien), and once it
    scrolled the first row, the one with the 1–9 keys, went out of sight."""
    app = make_app(tmp_path, record("Aki,bot,bot", "tarot-3", seed=3), glyphs="ascii")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: human_to_act(app))
        await pilot.press("3", "enter")  # Garde: the chien joins the hand
        await settle(pilot, lambda: app.screen.session.state.phase == "ecart" and human_to_act(app))
        screen = app.screen
        bar = screen.query_one(ChoiceBar)
        chips = list(bar.query(Chip))
        assert len(chips) == 30 == len(screen.session.state.hand(0))

        def all_on_screen() -> bool:
            visible = bar.scrollable_content_region
            return bar.scroll_y == 0 and all(visible.contains_region(chip.region) for chip in chips)

        assert bar.max_scroll_y == 0 and all_on_screen()
        for _ in range(29):  # to the last card: nothing scrolls
            await pilot.press("right")
        assert screen.cursor == 29 and all_on_screen()  # the first row, with the 1–9 keys, too


async def test_80x24_breakdown_is_on_screen_and_a_cue_points_to_the_scores(tmp_path: Path) -> None:
    """Play-test: only the score table's header showed, below the fold, with no sign of more.
    The last hand's screen (standings, breakdown, scores) is the longest."""
    app = make_app(tmp_path, record("Aki,bot,bot", "tarot-3", seed=3, hands=1), glyphs="ascii")
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            await settle(pilot, lambda: isinstance(app.screen, TarotResultsScreen) or human_to_act(app))
            if isinstance(app.screen, TarotResultsScreen):
                break
            await pilot.press("enter")
        await pilot.pause()
        results = app.screen
        assert isinstance(results, TarotResultsScreen) and results.final
        text = screen_text(app)
        for label in ("Final standings", "Card points (p)", "Per defender (D)", "This hand"):
            assert label in text, label
        assert "More below: PgDn scrolls down." in text
        await pilot.press("pagedown")
        await pilot.pause()
        text = screen_text(app)
        assert "Scores after 1 hand" in text and "Total" in text
        assert "More below" not in text and "The match is over" in text
        await pilot.press("enter")
        assert isinstance(app.screen, HomeScreen)


async def test_the_slam_and_declaration_prompts_read_as_sentences(tmp_path: Path) -> None:
    app = make_app(tmp_path, record("Aki,bot,bot", "tarot-3", seed=3))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, lambda: human_to_act(app))
        await pilot.press("3", "enter")
        await settle(pilot, lambda: app.screen.session.state.phase == "ecart" and human_to_act(app))
        for _ in range(7):  # Enter ticks six cards (moving on after each), then discards them
            await pilot.press("enter")
            await pilot.pause()
        await settle(pilot, lambda: app.screen.session.state.phase == "slam" and human_to_act(app))
        text = screen_text(app)
        assert "Aki: announce a slam (taking every trick)?" in text
        assert "Without an announcement the hand is played as bid" in text
        assert "no slam announced" not in text
