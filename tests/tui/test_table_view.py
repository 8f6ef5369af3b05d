"""The shared table widget: the seat at the keyboard at the bottom, the others around in play
order, each seat's cards in front of it, the winner marked; compact and list forms when the room
is small; ASCII only in ascii mode; motion that a key ends at once. Read from the screen's text."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App, ComposeResult
from tui_helpers import screen_text

from familia_tui.core.cards import parse_card
from familia_tui.i18n import translate
from familia_tui.tui.widgets.table_view import CardFace, SeatSpot, TableData, TableView, face_of

NAMES = ["Aki", "Ben", "Cho", "Dan", "Eri", "Fay", "Gus", "Hal", "Ivy", "Jun"]


def t(key: str, **params: Any) -> str:
    return translate(key, "en", **params)


def table(players: int, bottom: int = 0, clockwise: bool = True, cards: dict[int, str] | None = None,
          winner: int | None = None, glyphs: str = "unicode", acting: int | None = None) -> TableData:
    cards = cards or {}
    spots = tuple(SeatSpot(i, NAMES[i], marks=("A" if i % 2 else "B",), acting=i == acting, cards=10 - i,
                           facts=(f"{i} tricks",),
                           played=(face_of(parse_card(cards[i]), glyphs),) if i in cards else ())
                  for i in range(players))
    return TableData(spots, t, glyphs, bottom=bottom, clockwise=clockwise, centre="Trick 3", winner=winner)


class TableApp(App[None]):
    def __init__(self, data: TableData) -> None:
        super().__init__()
        self.data = data

    def compose(self) -> ComposeResult:
        yield TableView()

    def on_mount(self) -> None:
        self.query_one(TableView).data = self.data


async def where(data: TableData, size: tuple[int, int] = (100, 36)) -> dict[str, tuple[int, int]]:
    """(row, column) of each name and card on screen, from the widget's own drawing."""
    app = TableApp(data)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        view = app.query_one(TableView)
        lines = view.render().plain.split("\n")
    found: dict[str, tuple[int, int]] = {}
    for row, line in enumerate(lines):
        line = line.translate(str.maketrans("│┌┐└┘─", "      "))  # (card frames)
        for word in set(line.split()):
            found.setdefault(word, (row, line.index(word)))
    return found


async def test_the_seat_at_the_keyboard_is_at_the_bottom_and_the_next_seat_on_its_left_clockwise() -> None:
    at = await where(table(4, bottom=2))
    cho, dan, aki, ben = at["Cho"], at["Dan"], at["Aki"], at["Ben"]
    assert cho[0] > max(dan[0], aki[0], ben[0])  # Cho (the viewer) lowest
    assert dan[1] < cho[1] < ben[1]  # Dan (next after Cho) on the left, Ben (before Cho) on the right
    assert aki[0] < min(dan[0], ben[0])  # Aki across


async def test_counter_clockwise_play_puts_the_next_seat_on_the_right() -> None:
    at = await where(table(4, bottom=0, clockwise=False))
    assert at["Ben"][1] > at["Aki"][1] > at["Dan"][1]  # Ben plays after Aki: on Aki's right
    assert at["Cho"][0] < at["Ben"][0]


async def test_five_seats_go_left_across_across_right_in_play_order() -> None:
    at = await where(table(5, bottom=0))
    aki, ben, cho, dan, eri = (at[n] for n in NAMES[:5])
    assert ben[1] < cho[1] < dan[1] < eri[1]  # round the table from the left
    assert cho[0] == dan[0] < min(ben[0], eri[0]) and aki[0] > max(ben[0], eri[0])


async def test_each_card_lies_in_front_of_the_seat_that_played_it_and_the_winner_is_marked() -> None:
    at = await where(table(4, bottom=0, cards={0: "10H", 1: "QS", 2: "7C", 3: "2D"}, winner=1))
    aki, ben, cho, dan = (at[n] for n in NAMES[:4])
    ten, queen, seven, two = at["10♥"], at["Q♠"], at["7♣"], at["2♦"]
    assert ten[0] < aki[0] and abs(ten[1] - aki[1]) < 12  # above Aki (bottom)
    assert queen[1] > ben[1] and abs(queen[0] - ben[0]) <= 3  # right of Ben (left column)
    assert seven[0] > cho[0]  # below Cho (across)
    assert two[1] < dan[1] and abs(two[0] - dan[0]) <= 3  # left of Dan (right column)
    assert "wins" in at and abs(at["wins"][0] - ben[0]) <= 2 and abs(at["wins"][1] - ben[1]) <= 4


@pytest.mark.parametrize("players", range(2, 11))
async def test_every_table_size_shows_every_seat_at_120x40(players: int) -> None:
    at = await where(table(players, cards={i: "AS" for i in range(players)}), size=(120, 40))
    assert all(name in at for name in NAMES[:players])


async def test_a_small_table_lists_the_seats_in_play_order_from_the_bottom_one_with_their_cards() -> None:
    data = table(10, bottom=3, cards={3: "10H", 4: "JK"}, winner=4)
    app = TableApp(data)
    async with app.run_test(size=(60, 14)) as pilot:
        await pilot.pause()
        view = app.query_one(TableView)
        assert view.fit(data, 60, 14).mode == "list"
        lines = [line for line in view.render().plain.split("\n") if line.strip()]
    names = [next(n for n in NAMES if n in line) for line in lines if any(n in line for n in NAMES)]
    assert names == NAMES[3:] + NAMES[:3]
    assert "10♥" in lines[1] and "JK" in lines[2] and "wins" in lines[2]


async def test_ascii_mode_draws_frames_and_everything_in_ascii() -> None:
    data = table(4, cards={0: "10H", 1: "QS"}, winner=1, glyphs="ascii", acting=2)
    app = TableApp(data)
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        text = screen_text(app)
    assert text.isascii() and "+---+" in text and "10H" in text


def test_a_struck_card_and_a_face_down_card_in_compact_text() -> None:
    assert CardFace("10", "♥", note="¹", struck=True).text().plain == "10♥¹"
    assert CardFace("?", down=True).text().plain == "##"


async def test_a_played_card_moves_and_a_key_ends_the_motion_at_once() -> None:
    app = TableApp(table(4))
    async with app.run_test(size=(100, 36)) as pilot:
        view = app.query_one(TableView)
        view.animate_headless = True
        await pilot.pause()
        view.data = table(4, cards={1: "QS"})
        assert [m.seat for m in view.movers] == [1] and view.motion < 1
        view.finish_motion()
        assert not view.movers and view.motion == 1
        view.data = table(4, cards={1: "QS", 2: "7C"}, winner=2)
        assert [m.seat for m in view.movers] == [2]  # only the new card moves
        view.data = table(4, cards={2: "8C"})  # the trick is gathered to its winner, a new one led
        assert sorted(((m.seat, m.to_winner) for m in view.movers), key=str) == [(1, 2), (2, 2), (2, None)]
        view.animate_headless = False
        view.data = table(4)
        assert not view.movers  # headless runs never move
