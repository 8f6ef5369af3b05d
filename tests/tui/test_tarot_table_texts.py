"""The Tarot table's texts from the play-test (issue 10, item 7): the trick header agrees with the
log when the Excuse is kept and its note is never cut off; a trick led with the Excuse reads as
such; an all-pass redeal is announced in the log and the banner; letters mode writes every card
in the game's notation. English and Japanese, 80×24 and 120×40."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.widgets import Static
from tui_helpers import make_app, screen_text, settle

from familia_tui.core.engine import Seat
from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record
from familia_tui.core.scenario import load_scenario, start_state
from familia_tui.core.session import Session
from familia_tui.games.tarot.cards import CARDS, parse_card
from familia_tui.games.tarot.game import GAME
from familia_tui.games.tarot.setup import position_state
from familia_tui.i18n import translate
from familia_tui.tui.games.tarot.screen import TarotScreen
from familia_tui.tui.games.tarot.widgets import (
    card_text,
    event_lines,
    last_trick_markup,
    trick_markup,
)
from familia_tui.tui.screens.tables import table_screen
from familia_tui.tui.widgets.log import EventLog
from familia_tui.tui.widgets.table_view import TableView

SEATS = [Seat(name="P1"), *(Seat(name=f"P{i}", controller="bot:basic") for i in (2, 3, 4))]


def session_at(position: dict[str, Any], preset: str = "tarot-4") -> Session:
    """A session at a position: P1 at the keyboard, three bots."""
    options = find_preset("tarot", preset).options.resolved()
    state = position_state(options, SEATS, position, seed=0)
    bots = {i: GAME.make_bot("basic") for i in range(1, len(SEATS))}
    return Session(GAME, Record("tarot", options, tuple(SEATS), 0), state, None, bots)


EXCUSE_KEPT = {"dealer": 0, "taker": 1, "contract": "garde", "ecart": ["2S", "3S", "4S", "5S", "6S", "7S"],
               "trick_cards": ["RH", "EX", "2H"], "hands": {0: ["3H"]}, "voids": {0: "HT"}}
"""P2 (the taker) wins trick 1 with R♥; P3's Excuse stays with him; P1 plays 3♥ to end it."""


def squeezed(text: str) -> str:
    """Text without its spaces and line breaks (a wrapped log line reads as one)."""
    return "".join(text.split())


def screen_words(app: Any) -> set[str]:
    """The words on screen, styled run by run (a card is its own run: chips never merge)."""
    runs = re.findall(r"<text[^>]*>(.*?)</text>", app.export_screenshot(), re.DOTALL)
    return {w for run in runs for w in re.findall(r"[0-9A-Za-z♠♥♦♣★]+", html.unescape(run))}


def log_text(app: Any) -> str:
    return squeezed(" ".join(strip.text for strip in app.screen.query_one(EventLog).lines))


async def open_table(app: Any, pilot: Any, session: Session) -> TarotScreen:
    app.push_screen(table_screen(session))
    await settle(pilot, lambda: isinstance(app.screen, TarotScreen) and bool(app.screen.choices))
    return app.screen  # type: ignore[no-any-return]


@pytest.mark.parametrize(("lang", "size", "header", "log", "note"), [
    ("en", (80, 24), "Trick 1 won by P2 (6 points)", "P2 wins trick 1 (6 points)", "(the Excuse stays with P3)"),
    ("ja", (120, 40), "トリック1はP2の勝ち（6点）", "P2がトリック1に勝ちました（6点）",
     "（エクスキューズはP3の手元に残ります）"),
    ("ja", (80, 24), "トリック1はP2の勝ち（6点）", "P2がトリック1に勝ちました（6点）",
     "（エクスキューズはP3の手元に残ります）"),
], ids=["en-80x24", "ja-120x40", "ja-80x24"])
async def test_A9_the_trick_header_gives_the_log_s_points_and_all_of_the_excuse_note(
        tmp_path: Path, lang: str, size: tuple[int, int], header: str, log: str, note: str) -> None:
    """P3's Excuse stays with him: P2 took 6 points (R♥ 2♥ 3♥ and the half point), not 10."""
    app = make_app(tmp_path, lang=lang)
    async with app.run_test(size=size) as pilot:
        screen = await open_table(app, pilot, session_at(EXCUSE_KEPT))
        await pilot.press("enter")  # 3♥, the only card allowed
        await settle(pilot, lambda: screen.session.state.trick_no == 1 and bool(screen.choices))
        await pilot.press("p")  # the last trick in the header
        await pilot.pause()
        table = squeezed("".join(row.split("│")[0] for row in screen_text(app).split("\n")))
        view = screen.query_one(TableView)
        centre = squeezed(Text.from_markup(view.data.centre).plain) if view.data else ""
        lines = [squeezed(line.plain) for line in view.render().split("\n")]  # (the table's own rows)
        assert squeezed(header) in centre and squeezed(note) in centre  # in the middle of the table
        assert squeezed(header) in table or all(part in "".join(lines) for part in centre.split(")"))
        assert squeezed(log) in log_text(app) and squeezed(note) in log_text(app)
        table = screen.query_one(TableView)
        assert table.data is not None and table.data.winner is not None  # its winner marked on the table


@pytest.mark.parametrize(("lang", "alone", "then"), [
    ("en", "Trick 1, P2 led the Excuse; the next card sets the suit: P2 Exc",
     "Trick 1, P2 led the Excuse, then hearts: P2 Exc  P3 5♥"),
    ("ja", "トリック1（P2がエクスキューズをリード、次のカードでスートが決まります）：P2 Exc",
     "トリック1（P2がエクスキューズをリード、ハート）：P2 Exc  P3 5♥"),
], ids=["en", "ja"])
def test_A9_a_trick_led_with_the_excuse_says_so(lang: str, alone: str, then: str) -> None:
    """Not "P2 led -": the Excuse sets no suit, the next card does."""
    def t(key: str, **params: object) -> str:
        return translate(key, lang, **params)

    led = {"dealer": 0, "taker": 1, "contract": "garde", "trick_cards": ["EX"]}
    view = session_at(led).state.view(2)
    assert Text.from_markup(trick_markup(view, t, "unicode")).plain == alone
    view = session_at({**led, "trick_cards": ["EX", "5H"]}).state.view(3)
    assert Text.from_markup(trick_markup(view, t, "unicode")).plain == then


@pytest.mark.parametrize(("lang", "banner", "log"), [
    ("en", "Everyone passed: new cards for everyone.", "Everyone passed: the cards are dealt again, every hand is new"),
    ("ja", "全員パス：全員に新しいカードを配りました。",
     "全員パス：ハンドが流れ、配り直しました。全員の手札が新しくなります"),
], ids=["en", "ja"])
async def test_A4_an_all_pass_redeal_is_announced_in_the_banner_and_the_log(tmp_path: Path, lang: str,
                                                                           banner: str, log: str) -> None:
    """Seed 4: P2, P3, P4 (bots) and P1 pass; P1 bids again on a new hand."""
    options = find_preset("tarot", "tarot-4").options.resolved()
    app = make_app(tmp_path, Record("tarot", options, tuple(SEATS), 4, preset="tarot-4"), lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TarotScreen) and bool(app.screen.choices))
        screen = app.screen
        assert banner not in screen_text(app)
        hand = screen.session.state.hand(0)
        await pilot.press("1", "enter")  # pass
        await settle(pilot, lambda: screen.session.state.deals_dealt == 2 and bool(screen.choices))
        assert screen.session.state.hand(0) != hand and screen.session.state.phase == "bid"
        assert banner in screen_text(app).split("\n")[0]
        assert squeezed(log) in log_text(app)


async def test_letters_mode_writes_every_card_in_the_notation_hand_trick_log_and_explanations(
        tmp_path: Path) -> None:
    """The Excuse too: `EX`, as scenarios and actions write it, never `Exc` beside `RH` and `T21`."""
    kept = {**EXCUSE_KEPT, "trick_cards": ["RH", "2H", "4H"], "hands": {0: ["3H", "T21", "EX"]},
            "voids": {0: "HS"}}
    app = make_app(tmp_path, lang="ja", glyphs="letters")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_table(app, pilot, session_at(kept, "tarot-4-no-declarations"))
        await pilot.press("right")  # a card not allowed: the explanation names 3H and EX
        await pilot.pause()
        first = screen_words(app)
        explanation = squeezed(str(screen.query_one("#explain", Static).render()))
        screen.cursor = len(screen.choices) - 1  # the Excuse, last in the hand
        screen.moved()
        await pilot.press("enter")  # P1 keeps it
        await settle(pilot, lambda: screen.session.state.trick_no == 1 and bool(screen.choices))
        await pilot.press("p")
        await pilot.pause()
        words = first | screen_words(app) | set(re.findall(r"[0-9A-Za-z♠♥♦♣★]+", log_text(app)))
        assert {"EX", "RH", "T21", "3H"} <= words and "3H,EX" in explanation
        assert not words & {"Exc", "★"} and not any(set(w) & set("♠♥♦♣") for w in words)
    for card in CARDS:
        assert parse_card(card_text(card, "letters")) == card and card_text(card, "letters") == str(card)


@pytest.mark.parametrize(("lang", "header", "log"), [
    ("en", "Trick 18 won by P4 (4 points): P3 Exc  P4 3♣  P1 C♥  P2 2♥ (the Excuse changes camp, to P2)",
     "P4 wins trick 18 (4 points) (the Excuse changes camp, to P2)"),
    ("ja", "トリック18はP4の勝ち（4点）：P3 Exc  P4 3♣  P1 C♥  P2 2♥ （エクスキューズは相手陣営のP2へ移ります）",
     "P4がトリック18に勝ちました（4点）（エクスキューズは相手陣営のP2へ移ります）"),
], ids=["en", "ja"])
def test_TA_24_the_header_and_the_log_say_the_excuse_changed_camp(lang: str, header: str, log: str) -> None:
    """The FFT scenario: P3 (a defender) leads the Excuse, P4 wins; it goes to P2, the taker."""
    def t(key: str, **params: object) -> str:
        return translate(key, lang, **params)

    scenario = load_scenario(Path(__file__).parents[1] / "scenarios" / "tarot"
                             / "TA-24-fft-excuse-last-trick-changes-camp.yaml")
    state = start_state(GAME, scenario)
    for step in scenario.steps:
        for action in step.get("do", []):
            events = state.apply(GAME.parse_action(action))
    seats = state.seats
    assert Text.from_markup(last_trick_markup(state.tricks[-1], seats, t, "unicode")).plain == header
    lines = event_lines([e for e in events if e.kind == "trick_won"], seats, t, "unicode")
    assert squeezed(" ".join(Text.from_markup(line).plain for line in lines)) == squeezed(log)
