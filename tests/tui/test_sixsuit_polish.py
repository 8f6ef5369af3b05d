"""The six-suit table after playing it as a new player: the rebuild question asked less often
without choosing for anyone [R-S3], [R-S4]; names that stay whole at 80 columns (the trick lines,
the seats beside the Jokers they showed); Japanese lists joined with 、; battalions only where the
rules have them [R-S6]."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console, RenderableType
from rich.text import Text
from tui_helpers import make_app, screen_text, settle

from familia_tui.cli import parse_seats
from familia_tui.core.cards import SIX_SUITS
from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record
from familia_tui.core.registry import get_game
from familia_tui.games.sixsuit.actions import PASS, Play
from familia_tui.games.sixsuit.game import GAME
from familia_tui.games.sixsuit.rules import SixSuitState
from familia_tui.games.sixsuit.view import SixSuitView
from familia_tui.i18n import translate
from familia_tui.tui.games.sixsuit.results import SixSuitResultsScreen
from familia_tui.tui.games.sixsuit.scenes import sixsuit_record
from familia_tui.tui.games.sixsuit.screen import SixSuitScreen
from familia_tui.tui.games.sixsuit.widgets import SixFrame, StakePanel, table_data
from familia_tui.tui.screens.handoff import HandoffScreen
from familia_tui.tui.widgets.log import EventLog
from familia_tui.tui.widgets.table_view import CardFace, SeatSpot, TableData, face_of, list_lines

LONG = ["Alexandra", "Bartholomew", "Christabel", "Dominique", "Evangeline", "Fitzgerald"]


# ----- drawing from a position (no app) -----


def position(preset: str = "sixsuit-6", **data: Any) -> SixSuitState:
    spec = get_game("sixsuit")
    options = find_preset("sixsuit", preset).options
    data.setdefault("suits", list(options.suit_set))
    state = spec.position(options, spec.default_seats(options), data, 1)  # type: ignore[misc]
    assert isinstance(state, SixSuitState)
    return state


def named(view: SixSuitView, names: list[str]) -> SixSuitView:
    return replace(view, seats=tuple(s.model_copy(update={"name": n}) for s, n in zip(view.seats, names)))


def frame(view: SixSuitView, lang: str = "en", glyphs: str = "unicode") -> SixFrame:
    return SixFrame(view, view.seat, lambda key, **params: translate(key, lang, **params), glyphs)


def rendered(renderable: RenderableType, width: int) -> list[str]:
    console = Console(width=width, file=io.StringIO(), color_system=None, record=True, legacy_windows=False)
    console.print(renderable)
    return console.export_text().splitlines()


def specials_on_the_table() -> SixSuitState:
    """Six seats; the trick so far: BJ, RJ, a card back, a card back, W (three seats showed a
    special card face up [R-S16a])."""
    return position(face="KC", trick=["BJ", "RJ", "2X down", "3L down", "W"])


def table_text(data: TableData, width: int) -> str:
    """The table as the widget's list draws it (80x24: no room for the seats around)."""
    return "\n".join(line.plain for line in list_lines(data, width))


def spot(data: TableData, seat: int) -> SeatSpot:
    return next(s for s in data.spots if s.seat == seat)


@pytest.mark.parametrize("width", range(36, 84, 3))
def test_in_the_table_list_a_name_stays_whole_on_the_line_of_its_card(width: int) -> None:
    """At any width the list (80x24) keeps each name whole, on the line of its card or card
    back: `Dominique` is never cut, and never parted from its `##`."""
    view = named(specials_on_the_table().view(5), LONG)
    lines = table_text(table_data(frame(view), None), width).splitlines()
    plays = [("Alexandra", "BJ"), ("Bartholomew", "RJ"), ("Christabel", "##"), ("Dominique", "##"),
             ("Evangeline", "W")]
    for name, card in plays:
        assert any(name in line and card in line.split(name, 1)[1] for line in lines), (name, lines)


@pytest.mark.parametrize(("width", "lang"), [(56, "en"), (56, "ja"), (44, "en"), (70, "ja")])
def test_in_the_table_list_a_seat_line_breaks_between_facts_never_inside_one(width: int, lang: str) -> None:
    """At 80x24 a seat's facts take two lines: the line breaks between its parts, so "Faces 0"
    (絵札 0) and "Deck 8" stay whole on one line and nothing passes the width."""
    view = named(specials_on_the_table().view(5), LONG)
    data = table_data(frame(view, lang=lang), None)
    lines = table_text(data, width).splitlines()
    assert all(cell_len(line) <= width for line in lines), lines
    text = "\n".join(lines)
    for spot_ in data.spots:
        for fact in spot_.facts:
            plain = Text.from_markup(fact).plain
            if len(plain) <= width - 4:
                assert plain in text, (plain, lines)


@pytest.mark.parametrize("glyphs", ["unicode", "ascii"])
def test_the_specials_a_seat_showed_are_among_its_facts_and_its_name_whole(glyphs: str) -> None:
    """Every name is whole in the table at 80 columns (the left panel is 56 wide), and so is
    every special card a seat showed face up [R-S16a], among that seat's facts."""
    view = named(specials_on_the_table().view(5), LONG)
    data = table_data(frame(view, glyphs=glyphs), None)
    text = table_text(data, 56)
    for name in LONG:
        assert name in text, text
    for seat, shown in ((0, "(BJ)"), (1, "(RJ)"), (4, "(W)")):
        assert shown in Text.from_markup(" ".join(spot(data, seat).facts)).plain
        assert shown in text, text
    assert "(" not in " ".join(spot(data, 2).facts)  # (a face-down card shows nothing)


def test_a_face_down_card_is_a_card_back_and_only_its_own_player_reads_it() -> None:
    """Face-down cards are out of the judgement [R-S11] and private [R-S25]: the table draws a
    card back in front of the seat; its own player's facts name it, nobody else's table does."""
    state = specials_on_the_table()
    for viewer in (2, 5):
        data = table_data(frame(state.view(viewer)), None)
        for seat in (2, 3):
            assert spot(data, seat).played == (CardFace("", down=True),)
        words = " ".join(fact for s in data.spots for fact in s.facts) + data.centre
        assert ("2✚" in Text.from_markup(words).plain) == (viewer == 2)
        assert "3❦" not in Text.from_markup(words).plain
    public = table_data(frame(state.public_view()), 0)
    assert all("✚" not in fact and "❦" not in fact for s in public.spots for fact in s.facts
               if "face down" in fact)


def test_the_individual_game_has_no_team_mark() -> None:
    """Each for himself: the seat shows its suit, no team; in the secret-team game only the
    viewer's own pair is named, the others are ? [R-S23]."""
    view = position("sixsuit-individual-4").view(0)
    data = table_data(frame(view), None)
    assert [len(s.marks) for s in data.spots] == [1] * 4
    assert "Spade" in spot(data, 0).marks[0]
    view = position("sixsuit-secret-6").view(0)
    data = table_data(frame(view), None)
    assert all(len(s.marks) == 2 for s in data.spots)
    assert sum(s.marks[1] == "?" for s in data.spots) >= 4


def test_the_last_trick_is_drawn_with_its_winner_until_the_next_card() -> None:
    """A trick just judged stays in front of its players with its winner marked and the verdict
    in the middle; p shows it again beside the next trick's plays."""
    state = position(face="KC", trick=["10S", "2H", "3X", "4L", "5C"])
    state.apply(next(a for a in state.legal_actions() if isinstance(a, Play) and a.face_up))
    view = state.view(0)
    assert not view.trick and view.last_winner is not None
    data = table_data(frame(view), None)
    assert data.winner == view.last_winner
    assert [len(s.played) for s in data.spots] == [1] * 6
    assert spot(data, 0).played == (face_of(SIX_SUITS.parse_card("10S"), "unicode"),)
    assert "Last trick" in data.centre and "the strongest card" in data.centre
    again = table_data(replace(frame(view), previous=True), None)
    assert (again.spots, again.winner, again.centre) == (data.spots, data.winner, data.centre)


def test_battalions_show_once_formed_joined_as_the_language_joins_a_list() -> None:
    """Japanese writes 「黒 1、赤 2」; none yet, or rules without battalions [R-S6], say nothing."""
    view = position(battalions=[1, 2]).view(0)
    line = Text.from_markup(StakePanel().draw(frame(view, "ja"))).plain
    assert "バタリオン 黒 1、赤 2" in line and ", " not in line
    assert "battalions black 1, red 2" in Text.from_markup(StakePanel().draw(frame(view))).plain
    for view in (position().view(0), position("sixsuit-4").view(0)):
        assert "battalion" not in Text.from_markup(StakePanel().draw(frame(view))).plain


# ----- at the table -----


def seats_record(seats: str, preset: str = "sixsuit-4", seed: int = 3) -> Record:
    options = find_preset("sixsuit", preset).options
    return Record("sixsuit", options, tuple(parse_seats(seats, GAME.default_seats(options), list(GAME.bots))),
                  seed, preset=preset)


def deciding(app) -> bool:  # type: ignore[no-untyped-def]
    return isinstance(app.screen, SixSuitScreen) and bool(app.screen.choices)


def labels(table: SixSuitScreen) -> list[str]:
    return [Text.from_markup(c.label).plain for c in table.choices]


def quick_keys(table: SixSuitScreen) -> list[str]:
    """A gift to the member under the cursor; the first hand card face up (or the only play)."""
    phase = table.session.table.phase
    if phase == "split":
        return ["enter"]
    if phase == "rebuild":
        return ["n"] if table.may_say_no_rebuild() else ["enter"]
    if table.picked:
        return ["u"]
    return ["1", "u"] if table.view().hand else ["enter"]


async def to_the_rebuild_question(pilot, app) -> SixSuitScreen:  # type: ignore[no-untyped-def]
    for _ in range(60):
        await settle(pilot, lambda: deciding(app) or isinstance(app.screen, HandoffScreen))
        if isinstance(app.screen, HandoffScreen):
            await pilot.pause(0.3)
            await pilot.press("enter")
            continue
        table = app.screen
        if table.session.table.phase == "rebuild" and len(table.choices) == 3:
            return table  # type: ignore[no-any-return]
        await pilot.press(*quick_keys(table))
    raise AssertionError("no rebuild question")


async def test_the_rebuild_question_starts_on_no_rebuild_and_n_answers_it_in_one_key(tmp_path: Path) -> None:
    app = make_app(tmp_path, sixsuit_record(["Aki", "Ben", "Cho", "Dan"], "sixsuit-4", seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        table = await to_the_rebuild_question(pilot, app)
        assert labels(table) == ["No rebuild", "Rebuild…", "No rebuild until my deck runs out"]
        assert table.choices[table.cursor].value == PASS  # Enter takes the highlighted "No rebuild"
        assert table.check_action("no_rebuild", ()) and not table.check_action("face", (True,))
        actions = len(table.session.record.actions)
        await pilot.press("n")
        await pilot.pause()
        assert table.session.record.actions[actions] == "pass"


async def test_no_rebuild_until_the_deck_runs_out_asks_again_only_when_it_is_empty(tmp_path: Path) -> None:
    """The standing "no" answers each declaration while the deck has cards (the engine's rounds
    are unchanged: every "pass" is in the record [R-S4]); an empty deck brings the question back."""
    app = make_app(tmp_path, sixsuit_record(["Aki", "Ben", "Cho", "Dan"], "sixsuit-4", seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        table = await to_the_rebuild_question(pilot, app)
        applied = spy_on(table)
        await pilot.press("3", "enter")
        await pilot.pause()
        assert applied[0] == (0, "pass", False)  # (then the bots, at once)
        assert table.not_asked == {0} and "Aki is not asked to rebuild until their deck runs out" in log(table)
        assert "No rebuild question until your deck runs out (r asks again)" in screen_text(app)
        for _ in range(120):
            await settle(pilot, lambda: deciding(app))
            state = table.session.state
            if state.phase == "rebuild":
                break
            await pilot.press(*quick_keys(table))
        assert table.session.state.decks[0] == []  # asked again: the deck has run out
        assert applied.count((0, "pass", True)) >= 3  # the declarations answered for Aki meanwhile
        assert not [a for a in applied[1:] if a[0] == 0 and a[1] == "pass" and not a[2]]


def log(table: SixSuitScreen) -> list[str]:
    return table.query_one(EventLog).entries


def spy_on(table: SixSuitScreen) -> list[tuple[int | None, str, bool]]:
    """(seat, action, standing) of every action applied from now on."""
    applied: list[tuple[int | None, str, bool]] = []
    session = table.session
    apply = session.apply

    def spy(action: object, standing: bool = False) -> Any:
        applied.append((session.to_act, str(action), standing))
        return apply(action, standing=standing)

    session.apply = spy  # type: ignore[method-assign]
    return applied


async def test_r_asks_again_at_every_cleanup(tmp_path: Path) -> None:
    app = make_app(tmp_path, sixsuit_record(["Aki", "Ben", "Cho", "Dan"], "sixsuit-4", seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        table = await to_the_rebuild_question(pilot, app)
        await pilot.press("3", "enter")
        await settle(pilot, lambda: deciding(app) and table.session.table.phase == "play")
        assert table.check_action("ask_rebuild", ())
        await pilot.press("r")
        assert table.not_asked == set() and not table.check_action("ask_rebuild", ())
        assert "Aki is asked to rebuild at every cleanup again" in log(table)
        await to_the_rebuild_question(pilot, app)  # asked at the next cleanup


async def test_hot_seat_a_standing_no_rebuild_answers_without_a_curtain(tmp_path: Path) -> None:
    """Two people: once both stand on "no rebuild", the curtains come only for their plays, and
    nothing private is shown in between."""
    app = make_app(tmp_path, seats_record("Aki,Ben,bot,bot", seed=8))
    curtains: list[tuple[str, bool]] = []
    async with app.run_test(size=(120, 40)) as pilot:
        while True:
            table = await to_the_rebuild_question(pilot, app)
            await pilot.press("3", "enter")
            if len(table.not_asked) == 2:
                break
        for _ in range(40):
            await settle(pilot, lambda: deciding(app) or isinstance(app.screen, HandoffScreen))
            if isinstance(app.screen, HandoffScreen):
                state = table.session.state
                curtains.append((state.phase, bool(state.decks[state.turn])))
                await pilot.pause(0.3)
                await pilot.press("enter")
                continue
            state = table.session.state
            if state.phase == "rebuild" or not all(state.decks[s] for s in (0, 1)):
                break
            await pilot.press(*quick_keys(table))
    assert curtains and ("rebuild", True) not in curtains  # (an empty deck asks again, curtained)


async def test_a_japanese_game_joins_the_team_rows_with_the_ideographic_comma(tmp_path: Path) -> None:
    """The results: 「アキ 8、ダン 11」 (and no Battalions column in the 4-player game [R-S6])."""
    app = make_app(tmp_path, sixsuit_record(["アキ", "ベン", "チョウ", "ダン"], "sixsuit-4", seed=5), lang="ja")
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(200):
            await settle(pilot, lambda: deciding(app) or isinstance(app.screen, SixSuitResultsScreen)
                         or getattr(app.screen, "held", None) is not None)
            if isinstance(app.screen, SixSuitResultsScreen):
                break
            if app.screen.held is not None:
                await pilot.press("space")
                continue
            await pilot.press(*quick_keys(app.screen))
        results = app.screen
        assert isinstance(results, SixSuitResultsScreen)
        text = screen_text(app)
        for _unit, members in results.result.units:
            row = "、".join(f"{results.seats[s].name} {results.result.scores[s]}" for s in members)
            assert row in text
        assert "バタリオン" not in text


async def test_a_lead_offers_no_face_keys_and_a_later_play_does(tmp_path: Path) -> None:
    """On a lead only face up is allowed [R-S12]: d leaves the footer."""
    app = make_app(tmp_path, sixsuit_record(["Aki", "Ben", "Cho", "Dan"], "sixsuit-4", seed=3))
    seen = set()
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(60):
            await settle(pilot, lambda: deciding(app))
            table = app.screen
            if table.session.table.phase == "play" and not table.picked:
                lead = not table.session.state.trick
                assert table.check_action("face", (True,))  # (u plays a lead face up, as Enter does)
                assert bool(table.check_action("face", (False,))) is not lead
                seen.add(lead)
                if seen == {True, False}:
                    break
            await pilot.press(*quick_keys(table))
    assert seen == {True, False}


async def test_at_80x24_every_seat_of_a_six_player_game_stays_in_view(tmp_path: Path) -> None:
    """Jokers shown beside names, the last trick on two lines: at every decision of the first
    tricks every player's row is on screen, name whole (no scrolling to find one). (Names of 9
    and more letters may push the last row below the fold: the seats then scroll.)"""
    names = ["Alexa", "Bartho", "Chris", "Domi", "Evan", "Fitzy"]
    app = make_app(tmp_path, sixsuit_record(names, "sixsuit-6", seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        checked = 0
        while checked < 40:
            await settle(pilot, lambda: deciding(app) or getattr(app.screen, "held", None) is not None)
            if not deciding(app):
                break  # (the last face card's trick)
            checked += 1
            text = screen_text(app)
            table = " ".join(line.split("│")[0] for line in text.splitlines()[2:])  # (not the log)
            missing = [name for name in names if name not in table.split()]
            assert not missing, text
            await pilot.press(*quick_keys(app.screen))
    assert checked >= 30


async def test_undo_goes_back_past_the_standing_no_rebuild_to_the_players_last_play(tmp_path: Path) -> None:
    """The passes the screen answers for a player are nobody's decision: Ctrl+Z takes back the
    player's last play (and what followed), not a pass the screen would only answer again."""
    app = make_app(tmp_path, sixsuit_record(["Aki", "Ben", "Cho", "Dan"], "sixsuit-4", seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        table = await to_the_rebuild_question(pilot, app)
        await pilot.press("3", "enter")
        for _ in range(3):  # two more tricks: Aki's plays, each followed by a pass answered for Aki
            await settle(pilot, lambda: deciding(app) and table.session.table.phase == "play")
            await pilot.press(*quick_keys(table))
            await settle(pilot, lambda: bool(table.session.standing))
        await settle(pilot, lambda: deciding(app) and table.session.table.phase == "play" and not table.picked)
        actions = list(table.session.record.actions)
        last_play = max(i for i, a in enumerate(actions) if a.startswith(("play", "deck"))
                        and i not in table.session.standing and table.session.deciding[i] == (0,))
        assert any(i > last_play for i in table.session.standing)  # a standing pass came after it
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert list(table.session.record.actions) == actions[:last_play]
        await settle(pilot, lambda: deciding(app))
        assert table.session.table.phase == "play" and table.not_asked == {0}
