"""The Daifugō seats around the shared table widget (issue 17): every seat in play order with
the facts the old seats list showed (cards held, passed, top play, out and its place, ビリ
count), its latest play of the trick in front of it (the top one bold, earlier ones italic, a
declared joker with its card), an ended trick kept on the table with the seat that took it
marked and who leads, the viewer at the bottom (the acting human after the curtain), and
nothing cut at 80x24."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from tui_helpers import make_app, screen_text, settle

from familia_tui.core.cards import parse_card
from familia_tui.games.daifugo.actions import Play, parse_action
from familia_tui.tui.games.daifugo.scenes import (
    EIGHT,
    FOUR,
    daifugo_record,
    deciding,
    play_until,
    table_of,
    trick_in_progress,
    trick_taken,
)
from familia_tui.tui.games.daifugo.widgets import DaifugoFrame, DaifugoTable, play_faces
from familia_tui.tui.games.daifugo.widgets import table_data as widget_table_data
from familia_tui.tui.screens.handoff import HandoffScreen
from familia_tui.tui.widgets.table_view import TableData


def table_data(app) -> TableData:  # type: ignore[no-untyped-def]
    data = table_of(app).query_one(DaifugoTable).data
    assert data is not None
    return data


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_every_seat_shows_what_the_seats_list_showed(tmp_path: Path, size: tuple[int, int]) -> None:
    """Cards held, passed, top play and ビリ for every seat, in play order (clockwise, DF-6)
    from the viewer at the bottom; the plays in front of their players; nothing cut."""
    app = make_app(tmp_path, daifugo_record(FOUR, seed=3))
    async with app.run_test(size=size) as pilot:
        await play_until(pilot, app, lambda: trick_in_progress(app))
        await pilot.pause()
        view, data = table_of(app).shown, table_data(app)
        assert view is not None
        assert [s.seat for s in data.spots] == [0, 1, 2, 3] and data.clockwise and data.bottom == 0
        text = screen_text(app)
        for seat, spot in enumerate(data.spots):
            assert spot.cards == view.counts[seat] and spot.acting == (seat == view.to_act)
            assert f"ビリ ×{view.biri_counts[seat]}" in spot.facts
            assert ("passed" in " ".join(spot.facts)) == (seat in view.passed)
            assert ("top play" in " ".join(spot.facts)) == (view.top is not None and seat == view.top.seat)
            assert FOUR[seat] in text and f"{view.counts[seat]} cards" in text
        assert view.top is not None
        top = data.spots[view.top.seat]
        assert top.played == play_faces(view.top.play, "unicode", earlier=False)
        assert all("bold" in face.style for face in top.played)
        earlier = [p for p in view.trick[:-1] if p.seat != view.top.seat and
                   p == [q for q in view.trick if q.seat == p.seat][-1]]
        assert earlier
        for play in earlier:
            faces = data.spots[play.seat].played
            assert len(faces) == play.play.size and all("italic" in f.style and "bold" not in f.style
                                                        for f in faces)
        assert f"Top: {FOUR[view.top.seat]}" in text


def test_a_declared_joker_shows_the_card_it_stands_for() -> None:
    """JK=6♠ beside the natural 6♥ (a pair, DF-17a's declarations), weakest first; a top
    joker is JK."""
    play = parse_action("play 6H JK=6S")
    assert isinstance(play, Play)
    faces = play_faces(play, "unicode", earlier=False)
    assert sorted((f.rank, f.suit) for f in faces) == [("6", "♥"), ("JK", "=6♠")]
    assert [(f.rank, f.suit) for f in play_faces(play, "ascii", earlier=True)].count(("JK", "=6S")) == 1


async def test_a_taken_trick_stays_with_its_taker_marked_until_the_lead(tmp_path: Path) -> None:
    """流れ: the ended trick's plays stay in front of their players, the seat whose play took
    it is the winner, and the middle says who leads."""
    app = make_app(tmp_path, daifugo_record(FOUR, seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        await play_until(pilot, app, lambda: trick_taken(app))
        await pilot.pause()
        view, data = table_of(app).shown, table_data(app)
        assert view is not None and view.last_trick is not None
        assert data.winner == view.last_trick.plays[-1][0]
        assert f"The table is empty: {FOUR[view.to_act]} leads." in data.centre
        assert data.spots[data.winner].played
        assert "took the trick" in screen_text(app) and "wins" not in screen_text(app)


async def test_a_seat_that_went_out_shows_its_place(tmp_path: Path) -> None:
    app = make_app(tmp_path, daifugo_record(FOUR, seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, app, lambda: deciding(app) and bool(table_of(app).shown.places))  # type: ignore[union-attr]
        await pilot.pause()
        view, data = table_of(app).shown, table_data(app)
        assert view is not None
        first = view.places[0]
        assert "out, 1st" in " ".join(data.spots[first].facts)
        assert "out, 1st" in screen_text(app)


async def test_eight_seats_fit_80x24_and_120x40(tmp_path: Path) -> None:
    """Eight players: every seat and its count on screen at 80x24 (the list) and 120x40."""
    app = make_app(tmp_path, daifugo_record(EIGHT, seed=3, players=8))
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, app, lambda: trick_in_progress(app))
        await pilot.pause()
        text = screen_text(app)
        for name in EIGHT:
            assert name in text
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        text = screen_text(app)
        view = table_of(app).shown
        assert view is not None
        for seat, name in enumerate(EIGHT):
            assert name in text and f"{view.counts[seat]} cards" in text


async def test_hot_seat_bottom_is_the_acting_human_after_the_curtain(tmp_path: Path) -> None:
    """Behind the curtain the table draws the public view with the first human at the bottom;
    after it, the acting human's seat."""
    app = make_app(tmp_path, daifugo_record(FOUR, humans=2, seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, HandoffScreen))
        under = app.screen_stack[-2]
        assert under.query_one(DaifugoTable).data.bottom == 0  # type: ignore[union-attr]
        await pilot.press("enter")
        await settle(pilot, lambda: deciding(app))
        screen = table_of(app)
        assert table_data(app).bottom == screen.session.to_act == screen.session.viewer_seat()


async def test_cards_shown_going_out_stay_beside_their_seat(tmp_path: Path) -> None:
    """天和 / ○○残し (DF-24, DF-25): the cards a seat showed going out are among its facts."""
    app = make_app(tmp_path, daifugo_record(FOUR, seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: deciding(app))
        frame = table_of(app).frame
        assert isinstance(frame, DaifugoFrame)
        shown = (parse_card("4C"), parse_card("5C"), parse_card("7C"))
        view = replace(frame.view, kept=((), shown, (), ()))
        data = widget_table_data(replace(frame, view=view), 0)
        assert "4♣" in " ".join(data.spots[1].facts) and "7♣" in " ".join(data.spots[1].facts)
        assert not any("♣" in fact for fact in data.spots[2].facts)


async def test_p_shows_the_previous_trick_around_the_table(tmp_path: Path) -> None:
    """p: the trick that ended last in front of its players, its taker marked; p again: back."""
    app = make_app(tmp_path, daifugo_record(FOUR, seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        await play_until(pilot, app, lambda: trick_in_progress(app)
                         and table_of(app).shown.last_trick is not None)  # type: ignore[union-attr]
        view = table_of(app).shown
        assert view is not None and view.last_trick is not None
        await pilot.press("p")
        await pilot.pause()
        data = table_data(app)
        last = view.last_trick.plays
        assert data.winner == last[-1][0]
        assert data.spots[last[-1][0]].played == play_faces(last[-1][1], "unicode", earlier=False)
        assert "Last trick" in data.centre
        await pilot.press("p")
        await pilot.pause()
        assert table_data(app).winner is None
