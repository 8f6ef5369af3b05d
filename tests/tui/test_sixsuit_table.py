"""The six-suit table (issue 12, item 4): a hot-seat team game with each team's split behind its
own curtain [R-S26] and nothing of another seat's hand or of the other team's split on screen
[R-S25], [R-S25a]; a face-down play; a rebuild with a discard; a game against bots to its results;
Japanese and ascii at 80×24.

Keys are pressed as fast as Pilot can; privacy is read from the screen's text (`screen_text`)."""

from __future__ import annotations

import unicodedata
from pathlib import Path

from rich.text import Text
from tui_helpers import make_app, saved_record, saves_read, screen_text, settle

from familia_tui.cli import parse_seats
from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record
from familia_tui.games.sixsuit.actions import Play, play
from familia_tui.games.sixsuit.game import GAME
from familia_tui.tui.games.sixsuit.results import SixSuitResultsScreen
from familia_tui.tui.games.sixsuit.scenes import sixsuit_record
from familia_tui.tui.games.sixsuit.screen import SixSuitScreen
from familia_tui.tui.games.sixsuit.widgets import SixTable, shares_markup
from familia_tui.tui.glyphs import card_text
from familia_tui.tui.screens.handoff import HandoffScreen
from familia_tui.tui.screens.home import HomeScreen
from familia_tui.tui.widgets.log import EventLog
from familia_tui.tui.widgets.table_view import CardFace, face_of

FOUR = ["Aki", "Ben", "Cho", "Dan"]


def humans_record(names: list[str], preset: str = "sixsuit-4", seed: int = 3) -> Record:
    """Every seat a person."""
    options = find_preset("sixsuit", preset).options
    seats = parse_seats(",".join(names), GAME.default_seats(options), list(GAME.bots))
    return Record("sixsuit", options, tuple(seats), seed, preset=preset)


def curtained(app) -> bool:  # type: ignore[no-untyped-def]
    return isinstance(app.screen, HandoffScreen) and app.screen.drawn_at is not None


def deciding(app) -> bool:  # type: ignore[no-untyped-def]
    return isinstance(app.screen, SixSuitScreen) and bool(app.screen.choices)


def table_of(app) -> SixSuitScreen:  # type: ignore[no-untyped-def]
    return next(s for s in reversed(app.screen_stack) if isinstance(s, SixSuitScreen))


def keys_for(table: SixSuitScreen) -> list[str]:
    """The quick keys of one decision: a gift of the split to the member under the cursor; no
    rebuild (unless it is compulsory); the first hand card face up (u), or pass."""
    phase = table.session.table.phase
    if phase == "split":
        return ["enter"]
    if phase == "rebuild":
        return ["1", "enter"] if table.choices[0].enabled else ["enter"]
    if table.picked:
        return ["u"]
    return ["1", "u"] if table.view().hand else ["enter"]


def split_line(table: SixSuitScreen, team: int) -> str:
    """A team's split as its members' screens write it."""
    state = table.session.state
    members = state.members[team]
    shares = [(seat, state.splits[seat]) for seat in members]
    return Text.from_markup(shares_markup(shares, table.shown_seats, table.t, "unicode")).plain


def assert_private(table: SixSuitScreen, text: str) -> None:
    """Nothing of a hand but the viewers', nothing of the other team's split [R-S25a], [R-S26]."""
    state, seats = table.session.state, table.session.seats
    viewers = table.session.viewers()
    seen = [i for i, s in enumerate(seats) if s.person in viewers]
    for seat, hand in enumerate(state.hands):
        if seat in seen:
            continue
        assert f"{seats[seat].name}'s hand" not in text
        shown = [card_text(c, "unicode") for c in hand if c.rank >= 2 and card_text(c, "unicode") in text]
        assert not shown, f"{seats[seat].name}'s {shown} on {viewers}' screen:\n{text}"
    teams = {state.team_of[seat] for seat in seen}
    for team in range(2):
        if team not in teams and any(state.splits[m] for m in state.members[team]):
            assert split_line(table, team) not in text, f"the other team's split on {viewers}' screen"


async def test_a_hot_seat_team_game_splits_behind_each_teams_curtain_and_shows_nothing_private_to_the_others(
        tmp_path: Path) -> None:
    app = make_app(tmp_path, humans_record(FOUR))
    curtains: list[tuple[str, ...]] = []
    decisions = 0
    async with app.run_test(size=(120, 40)) as pilot:
        while decisions < 40:  # both splits and the first tricks with their declaration rounds
            await settle(pilot, lambda: curtained(app) or deciding(app))
            table = table_of(app)
            text = screen_text(app)
            if curtained(app):
                assert "'s hand" not in text and "split" not in text.lower().replace("splits its", "")
                assert table.session.viewers() == ()
                curtains.append(app.screen.people)
                await pilot.press("enter")
                continue
            state = table.session.state
            if any(state.rebuilt):
                break  # (a rebuild brings played cards back into hands)
            assert_private(table, text)
            if state.phase == "split":
                members = tuple(table.session.seats[s].name for s in state.members[state.split_team])
                assert curtains[-1] == members and "To split in secret among" in text
            elif decisions > 6:
                assert "Your team's split (secret)" in text
            decisions += 1
            await pilot.press(*keys_for(table))
    black, red = (tuple(FOUR[s] for s in m) for m in table.session.state.members)
    assert curtains[:2] == [black, red]  # the Spade player's team first, then the other
    assert table.session.state.phase != "split" and decisions == 40


async def test_the_split_is_made_gift_by_gift_and_esc_takes_one_back(tmp_path: Path) -> None:
    app = make_app(tmp_path, sixsuit_record(["Aki", "Ben", "Cho", "Dan", "Eve", "Fay"], "sixsuit-6-fixed"))
    async with app.run_test(size=(120, 40)) as pilot:  # Aki: the Spade player, whose team splits first
        await settle(pilot, lambda: deciding(app) and app.screen.session.table.phase == "split")
        table = app.screen
        members = table.session.table.deciders
        assert len(table.choices) == len(members) == 3
        await pilot.press("2", "enter")  # the first Joker to the second member
        await pilot.pause()
        assert "So far:" in screen_text(app) and len(table.picked) == 1
        await pilot.press("escape")
        assert table.picked == []
        await pilot.press("2", "enter", "3", "enter", "1", "enter")
        await settle(pilot, lambda: table.session.table.phase != "split")
        assert table.session.record.actions[0] == "split W BJ BJ"  # Aki W, Cho BJ, Eve BJ
        state = table.session.state
        assert [len(state.splits[m]) for m in members] == [1, 1, 1]


async def test_a_face_down_play_shows_its_card_to_its_player_only(tmp_path: Path) -> None:
    app = make_app(tmp_path, sixsuit_record(["Aki", "Ben", "Cho", "Dan"], "sixsuit-4", seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(30):
            await settle(pilot, lambda: deciding(app))
            table = app.screen
            first = table.choices[0].value
            if isinstance(first, Play) and play(first.card, False) in table.session.table.legal_actions():
                break
            await pilot.press(*keys_for(table))
        card = table.choices[0].value.card
        await pilot.press("1", "enter")  # the card, then: face up or face down?
        assert [c.label.split("]")[-1].strip() for c in table.choices] == ["face up", "face down"]
        await pilot.press("d")
        await pilot.pause()
        assert f"play {card} down" in table.session.record.actions
        entries = [Text.from_markup(line).plain for line in app.screen.query_one(EventLog).entries]
        log_line = next(line for line in entries if "Aki plays a card face down" in line)  # (the log wraps it)
        assert card_text(card, "unicode") not in log_line


async def test_a_rebuild_discards_the_ticked_cards_then_shuffles_once_per_game(tmp_path: Path) -> None:
    app = make_app(tmp_path, sixsuit_record(["Aki", "Ben", "Cho", "Dan"], "sixsuit-4", seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(30):
            await settle(pilot, lambda: deciding(app))
            table = app.screen
            if table.session.table.phase == "rebuild":
                break
            await pilot.press(*keys_for(table))
        assert [Text.from_markup(c.label).plain for c in table.choices] == [
            "No rebuild", "Rebuild…", "No rebuild until my deck runs out"]
        await pilot.press("2", "enter")
        await pilot.pause()
        hand = [c.value.card for c in table.choices[:-1]]
        assert len(hand) == 3 and "Rebuild, keeping the hand" in screen_text(app)
        await pilot.press("1", "enter")
        await pilot.pause()
        assert table.choices[0].marked and f"Rebuild, discarding {card_text(hand[0], 'unicode')}" in screen_text(app)
        await pilot.press("end", "enter")
        await pilot.pause()
        assert f"rebuild {hand[0]}" in table.session.record.actions
        assert table.session.state.rebuilt[0]
        assert "Aki rebuilds the deck" in screen_text(app)


async def test_a_game_against_bots_ends_with_every_scoring_item_and_the_tie_break(tmp_path: Path) -> None:
    app = make_app(tmp_path, sixsuit_record(["Aki", "Ben", "Cho", "Dan"], "sixsuit-4", seed=5))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(200):
            await settle(pilot, lambda: deciding(app) or isinstance(app.screen, SixSuitResultsScreen)
                         or getattr(app.screen, "held", None) is not None)
            if isinstance(app.screen, SixSuitResultsScreen):
                break
            if app.screen.held is not None:  # the last face card's trick, held until a key
                assert "The last face card's trick" in screen_text(app)
                await pilot.press("space")
                continue
            await pilot.press(*keys_for(app.screen))
        text = screen_text(app)
        result = app.screen.result
        for item in ("own-suit face cards", "other face cards", "unused Jokers", "A in hand",
                     "J-Q-K sets, own colour", "J-Q-K sets, other colour", "same-rank bonus", "Player total"):
            assert item in text
        assert "Decided by:" in text and "black team" in text and "red team" in text
        assert "Tricks decided by:" in text
        assert result.tie_break in ("total", "second", "spade")
        await pilot.press("enter")
        await settle(pilot, lambda: not isinstance(app.screen, (SixSuitResultsScreen, SixSuitScreen)))


def ambiguous(text: str) -> list[str]:
    return sorted({c for c in text if not c.isascii() and unicodedata.east_asian_width(c) not in "WF"})


async def test_japanese_in_ascii_at_80x24_keeps_the_suit_names_and_no_ambiguous_width(tmp_path: Path) -> None:
    app = make_app(tmp_path, sixsuit_record(["アキ", "ベン", "チョウ", "ダン", "エミ", "フミ"], seed=3),
                   lang="ja", glyphs="ascii")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: deciding(app))
        while app.screen.session.table.phase != "play" or not app.screen.choices:
            await pilot.press(*keys_for(app.screen))
            await settle(pilot, lambda: deciding(app))
        text = screen_text(app)
        assert "クロス" in text and "リーフ" in text and "アキの手札" in text
        assert "争う絵札" in text and "山札の一番上" in text
        assert not ambiguous(text), ambiguous(text)
        for name in ("アキ", "ベン", "チョウ", "ダン", "エミ", "フミ"):
            assert name in text  # every seat's row fits


async def test_english_in_ascii_at_80x24_is_pure_ascii_with_the_whole_table(tmp_path: Path) -> None:
    app = make_app(tmp_path, sixsuit_record(["Aki", "Ben", "Cho", "Dan", "Eve", "Fay"], seed=3), glyphs="ascii")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: deciding(app) and app.screen.session.table.phase == "play")
        await pilot.pause()  # (the choices are drawn a frame after they are set)
        text = screen_text(app)
        assert text.isascii(), sorted({c for c in text if not c.isascii()})
        for word in ("Face card at stake", "Cross", "Leaf", "Aki's hand", "Deck's top card", "Faces"):
            assert word in text


def in_front(app, seat: int) -> tuple[CardFace, ...]:  # type: ignore[no-untyped-def]
    """The cards the table draws in front of `seat`."""
    data = app.screen.query_one(SixTable).data
    return next(s.played for s in data.spots if s.seat == seat)


async def test_p_shows_the_last_tricks_plays_in_front_of_the_seats_until_the_next_play(tmp_path: Path) -> None:
    """While a trick is in play the table draws its cards and the last trick's verdict; p draws
    the last trick's cards instead, its winner marked, until p again or the next play."""
    app = make_app(tmp_path, sixsuit_record(["Aki", "Ben", "Cho", "Dan"], "sixsuit-4", seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(40):
            await settle(pilot, lambda: deciding(app))
            table = app.screen
            view = table.view()
            if view.trick and view.last_trick and table.session.table.phase == "play" and not table.picked:
                break
            await pilot.press(*keys_for(table))
        first = view.last_trick[0]
        assert first.card is not None
        last = (face_of(first.card, "unicode"),)
        centre = app.screen.query_one(SixTable).data.centre
        assert "Last trick:" in centre and in_front(app, first.seat) != last
        await pilot.press("p")
        await pilot.pause()
        assert in_front(app, first.seat) == last
        assert app.screen.query_one(SixTable).data.winner == view.last_winner
        await pilot.press("p")
        await pilot.pause()
        assert in_front(app, first.seat) != last
        await pilot.press("p", *keys_for(table))
        await pilot.pause()
        assert not table.show_previous


async def test_japanese_joins_the_names_of_a_team_with_the_ideographic_comma(tmp_path: Path) -> None:
    """The team curtain (shared by every game) and the split's texts: 「Aki、Cho」, never "Aki, Cho"."""
    app = make_app(tmp_path, humans_record(FOUR), lang="ja")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: curtained(app))
        people = app.screen.people
        assert len(people) == 2 and app.screen.person == "、".join(people)
        assert "、".join(people) in screen_text(app) and ", ".join(people) not in screen_text(app)
    app = make_app(tmp_path, sixsuit_record(["Aki", "Ben", "Cho", "Dan", "Eve", "Fay"], "sixsuit-6-fixed"),
                   lang="ja")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: deciding(app) and app.screen.session.table.phase == "split")
        await pilot.press("2", "enter", "3", "enter")  # a Joker to Cho, one to Eve
        await pilot.pause()
        text = screen_text(app)
        assert text.count("Aki、Cho、Eve") >= 2  # whose turn it is, and who splits the cards
        assert "Cho BJ、Eve BJ" in text  # the split so far


def table_lines(app) -> list[str]:  # type: ignore[no-untyped-def]
    """The trick panel's lines as drawn (left of the log)."""
    return [line.split("│")[0].rstrip() for line in screen_text(app).splitlines()
            if line.startswith(("Trick", "Last trick", "  "))]


async def test_a_game_saved_mid_trick_resumes_with_the_same_table_and_goes_on(tmp_path: Path) -> None:
    """q mid-trick, Continue: the same view (trick with its card backs and passes, the last trick's
    verdict, every seat's markers) drawn alike, and the game plays on from it."""
    app = make_app(tmp_path, sixsuit_record(["Aki", "Ben", "Cho", "Dan"], "sixsuit-4", seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(60):
            await settle(pilot, lambda: deciding(app))
            table = app.screen
            view = table.view()
            if (table.session.table.phase == "play" and not table.picked and view.last_trick
                    and any(not p.face_up for p in view.trick)):
                break
            await pilot.press(*keys_for(table))
        assert any(not p.face_up for p in view.trick)  # a card back or a pass on the table
        before, lines, actions = table.frame.view, table_lines(app), table.session.record.actions
        await pilot.press("q")
        assert isinstance(app.screen, HomeScreen)
    assert saved_record(tmp_path).actions == actions
    again = make_app(tmp_path)
    async with again.run_test(size=(120, 40)) as pilot:
        await saves_read(pilot, again)
        await pilot.press("c", "enter")  # Continue, the newest game
        await settle(pilot, lambda: deciding(again) and isinstance(again.screen, SixSuitScreen))
        table = again.screen
        assert table.session.record.actions == actions
        assert table.frame.view == before and table_lines(again) == lines
        await pilot.press(*keys_for(table))
        await settle(pilot, lambda: len(table.session.record.actions) > len(actions))
