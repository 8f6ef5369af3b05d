"""The Daifugō table's keys and words as a player meets them: the footer lists only keys that do
something (and everything important fits at 80×24), the strict ウノ box keeps its brackets, the
explanations read as sentences in the player's glyph mode, the lock line names each locked suit
once, the Japanese log never starts a line with 。, a finished session says so in its own words,
a ドボン's result shows the hands that matched, and the think timer counts down (DF-27)."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text
from test_daifugo_table import FOUR, deciding, play_card, stacked, table
from tui_helpers import make_app, saved_record, screen_text, settle

from familia_tui.games.daifugo.actions import PASS, parse_action
from familia_tui.games.daifugo.game import default_seats
from familia_tui.games.daifugo.options import DaifugoOptions
from familia_tui.games.daifugo.rules import DaifugoState
from familia_tui.games.daifugo.setup import position_state
from familia_tui.i18n import translate
from familia_tui.tui.app import FamiliaTuiApp
from familia_tui.tui.games.daifugo.footer import FOOTER_KEYS
from familia_tui.tui.games.daifugo.results import DaifugoResultsScreen
from familia_tui.tui.games.daifugo.scenes import daifugo_record, decide, move_to
from familia_tui.tui.games.daifugo.screen import DaifugoScreen
from familia_tui.tui.games.daifugo.widgets import explanation_markup, locks_markup
from familia_tui.tui.screens.handoff import HandoffScreen
from familia_tui.tui.settings import Settings
from familia_tui.tui.widgets.log import NO_LINE_START, EventLog


def position(**data: object) -> DaifugoState:
    """A plain game (no rule card, no ドボン) at this moment."""
    options = DaifugoOptions(rule_card="off", dobon="off")
    return position_state(options, default_seats(options), data, seed=0)


def footer(app) -> str:  # type: ignore[no-untyped-def]
    return screen_text(app).splitlines()[-1]


async def footer_with(pilot, app, *keys: str) -> str:  # type: ignore[no-untyped-def]
    """The footer once it shows `keys`: it is rebuilt just after the screen that changed them."""
    await settle(pilot, lambda: all(key in footer(app) for key in keys), limit=100)
    return footer(app)


def banner(app) -> str:  # type: ignore[no-untyped-def]
    return screen_text(app).splitlines()[0]


def working_keys(screen: DaifugoScreen, lang: str) -> list[str]:
    """`key description` of every key that does something now (the footer must show them)."""
    return [f"{key} {translate(f'bind.{text}', lang)}" for action, key, text in FOOTER_KEYS
            if action not in screen.spare_actions() and screen.key_works(action)]


async def test_the_strict_uno_box_keeps_its_brackets(tmp_path: Path) -> None:
    app = make_app(tmp_path, stacked(FOUR, {0: "3H 9D"}, preset="daifugo-strict-uno"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: deciding(app))
        assert "[ ] ウノ" in screen_text(app)
        await pilot.press("u")
        assert "[x] ウノ" in screen_text(app) and table(app).selection.uno


async def test_a_following_player_is_offered_pass_and_the_leader_is_not(tmp_path: Path) -> None:
    """DF-32: the leader must lead, so neither a Pass chip nor the x key is shown then; once
    a play is on the table both are, and ↓ from a ticked card lands on its play, not on Pass."""
    app = make_app(tmp_path, stacked(FOUR, {0: "3H 6S 8C QC QH KD 2S"}))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: deciding(app))
        screen = table(app)
        assert screen.shown.top is None and "x Pass" not in await footer_with(pilot, app, "Enter")
        await move_to(pilot, app, 0)
        await pilot.press("enter")  # Aki leads 3♥; the bots answer 4♠ and 5♠: locks
        await settle(pilot, lambda: deciding(app) and screen.shown.top is not None)
        assert "x Pass" in await footer_with(pilot, app, "x Pass") and PASS in [c.value for c in screen.choices]
        assert "Locks: suit ♠ · number → next 6" in screen_text(app)
        await move_to(pilot, app, 0)  # 6♠, the one card the locks allow
        await pilot.press("space", "down")
        assert screen.choices[screen.cursor].value.play == parse_action("play 6S")
        await pilot.press("enter")
        await pilot.pause()
        assert "play 6S" in screen.session.record.actions


async def test_the_dobon_prompt_shows_only_its_own_keys(tmp_path: Path) -> None:
    record = stacked(FOUR, {0: "3H QH 5S 6S JK", 1: "10S 2C"}, humans=2, preset="daifugo-dobon-ask")
    app = make_app(tmp_path, record)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")
        await settle(pilot, lambda: deciding(app))
        screen = table(app)
        await play_card(pilot, app, "QH", "play QH")
        await settle(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")
        await settle(pilot, lambda: deciding(app))
        assert screen.shown.decision == "dobon"
        keys = await footer_with(pilot, app, "Enter Choose", "f1 Rules")
        assert "Tick" not in keys and "Pass" not in keys and "ウノ" not in keys and "Back" not in keys
        active = app.screen.active_bindings
        assert "space" not in active and "x" not in active and "enter" in active


async def test_a_finished_session_reopened_opens_at_its_results(tmp_path: Path) -> None:
    """Issue 10: a finished game resumed showed a dead table; now its results, then home."""
    app = make_app(tmp_path, daifugo_record(FOUR, humans=0, seed=5))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, DaifugoResultsScreen), limit=2000)
        await pilot.press("enter")
    record = saved_record(tmp_path)
    again = make_app(tmp_path, record)
    async with again.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(again.screen, DaifugoResultsScreen))
        assert isinstance(again.screen_stack[-2], DaifugoScreen)
        await pilot.press("enter")
        await settle(pilot, lambda: not isinstance(again.screen, (DaifugoScreen, DaifugoResultsScreen)))


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_at_80x24_the_footer_shows_every_working_key_and_the_rules_key(tmp_path: Path, lang: str) -> None:
    """Letters, strict ウノ, cards ticked: Enter, Esc, Space, x, u, q and F1 always fit; the
    spare keys (undo, the previous trick, the session) come when there is room. Aki's five cards get down to two,
    so the ウノ key shows too."""
    record = stacked(FOUR, {0: "3H 9D KC 5S 10H"}, preset="daifugo-strict-uno")
    app = make_app(tmp_path, record, lang=lang, glyphs="letters")
    seen_uno = seen_pass = False
    rules = "f1 " + translate("bind.Rules", lang)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            await settle(pilot, lambda: deciding(app) or isinstance(app.screen, DaifugoResultsScreen))
            if isinstance(app.screen, DaifugoResultsScreen):
                break
            screen = table(app)
            if screen.hand_chips and screen.choices[screen.cursor].enabled:
                await pilot.press("space")
                await pilot.pause()
            await footer_with(pilot, app, rules, *working_keys(screen, lang))
            seen_uno |= screen.key_works("uno")
            seen_pass |= screen.key_works("pass_turn")
            await pilot.press("escape")
            await decide(pilot, app)
    assert seen_uno and seen_pass, (seen_uno, seen_pass)


async def test_the_japanese_log_at_80x24_wraps_without_kinsoku_breaks(tmp_path: Path) -> None:
    app = make_app(tmp_path, daifugo_record(["アキ", "ベン", "チョウ", "ダン"], seed=3), lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(12):
            await settle(pilot, lambda: deciding(app))
            await decide(pilot, app)
        await settle(pilot, lambda: deciding(app))
        lines = [strip.text.strip() for strip in table(app).query_one(EventLog).lines]
        assert len(lines) > 12 and any("。" in line for line in lines)
        assert not [line for line in lines if line and line[0] in NO_LINE_START], lines
        assert any(line.startswith("セッション開始：1") for line in lines)


@pytest.mark.parametrize(("trick", "lock", "shown"), [
    ([[1, "5S 6S 7S"], [2, "8S 9S 10S"]], "SSS", "Locks: suit ♠"),
    ([[1, "4S"], [2, "6S"]], "S", "Locks: suit ♠"),
    ([[1, "5S 5H"], [2, "9S 9H"]], "SH", "Locks: suits ♠♥, one card of each"),
    ([[1, "5S JK=5S 5H"], [2, "9S JK=9S 9H"]], "SSH", "Locks: suits ♠♠♥, one card of each"),
])
def test_the_lock_line_names_what_the_suit_lock_asks_for(trick: list[list[object]], lock: str, shown: str) -> None:
    """DF-10a: a lock of one suit (a sequence, a single) shows it once; a suit-set lock shows
    each card's suit, a repeated one too when jokers made it so."""
    state = position(hands={0: "3D 4D 5D", 1: "6C", 2: "7C", 3: "8C"}, trick=trick, suit_lock=lock,
                     to_act=3)
    text = locks_markup(state.view(0), lambda key, **p: translate(key, "en", **p), "unicode")
    assert text.replace("[b yellow]", "").replace("[b]", "").replace("[/]", "") == shown


def test_a_refused_play_names_the_locked_suits_as_the_lock_line_does() -> None:
    """DF-10a: ♠567 then ♠8-9-10 lock ♠ (once, not ♠♠♠); a suit-set lock asks for its suits."""
    state = position(hands={0: "3D", 1: "6C", 2: "7C", 3: "JH QH KH JS QS KS"},
                     trick=[[1, "5S 6S 7S"], [2, "8S 9S 10S"]], suit_lock="SSS", to_act=3)
    assert explained(state, "play JH QH KH").endswith(
        "suit lock on ♠ → every card played must be ♠ [DF-10a] → so the play must be one of J♠ Q♠ K♠")
    assert explained(state, "play JS QS KS").endswith("suit lock on ♠: the play keeps to it [DF-10a]")
    pairs = position(hands={0: "3D", 1: "6C", 2: "7C", 3: "JH JD QS QH"},
                     trick=[[1, "5S 5H"], [2, "9S 9H"]], suit_lock="SH", to_act=3)
    assert "suit lock on ♠♥ → the play's cards must have exactly these suits, one card for each [DF-10a]" in (
        explained(pairs, "play JH JD"))


def explained(state, action: str, glyphs: str = "unicode", lang: str = "en") -> str:  # type: ignore[no-untyped-def]
    """The explanation as the player reads it (markup rendered)."""
    return Text.from_markup(explanation_markup(state.explain(parse_action(action)), lang, [], glyphs)).plain


def test_explanations_draw_cards_in_the_glyph_mode_and_name_the_spade_three() -> None:
    """DF-17: a top joker beside a natural card; its example is drawn like every card. DF-20: a
    single top joker is beaten only by the ♠3, which the refusal says."""
    lead = position(hands={0: "7S 9D JK", 1: "6C", 2: "7C", 3: "8C"}, to_act=0)
    unicode, letters = explained(lead, "play 7S JK"), explained(lead, "play 7S JK", "letters")
    assert unicode.endswith("such as JK=7♥ [DF-17]") and "7S" not in unicode
    assert letters.endswith("such as JK=7H [DF-17]") and "♥" not in letters
    assert "（例：JK=7♥）" in explained(lead, "play 7S JK", lang="ja")
    follow = position(hands={0: "7S 9D 3C", 1: "6C", 2: "7C", 3: "8C"}, trick=[[3, "JK"]], to_act=0)
    text = explained(follow, "play 9D")
    assert text == ("JK is a top joker, stronger than every card [DF-17] → only a natural 3 of spades "
                    "may answer a single joker (スペ3) [DF-20] → no play of this hand answers it: only a pass")


class HandClock:
    """A clock the test moves by hand, in place of the think timer's (no test waits for real
    seconds: a loaded machine would make it flaky)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> HandClock:
    hand = HandClock()
    monkeypatch.setattr(DaifugoScreen, "clock", staticmethod(hand))
    return hand


async def test_the_think_timer_counts_down_for_the_human_and_only_nudges(tmp_path: Path, clock: HandClock) -> None:
    """DF-27: a countdown while Aki's decision is on screen; when it runs out the banner says
    so and nothing is played for her. It does not run while a bot plays, and starts afresh for
    her next decision. The record holds the option and nothing else of it."""
    settings = Settings(bot_pace="fast", trick_pause=0.0)
    app = FamiliaTuiApp(stacked(FOUR, {0: "3H 9D KC 5S 6S"}, think_timer=1), settings=settings,
                        saves=tmp_path / "games")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: deciding(app))
        screen = table(app)
        assert "Think: 1 s" in banner(app)
        clock.now += 0.5
        screen.think_step()
        assert "Think: 1 s" in banner(app) and "Time is up" not in banner(app)
        clock.now += 0.6
        screen.think_step()
        assert "Time is up" in banner(app)
        assert not screen.session.record.actions and deciding(app)
        await move_to(pilot, app, 0)
        await pilot.press("enter")
        await settle(pilot, lambda: "is thinking" in banner(app))
        assert "Think" not in banner(app) and "Time is up" not in banner(app)
        await settle(pilot, lambda: deciding(app), limit=600)
        assert "Think: 1 s" in banner(app)
        record = saved_record(tmp_path)
        assert record.options.think_timer == 1 and record.actions[0] == "play 3H"
        assert all(not a.startswith(("think", "time")) for a in record.actions)


async def test_the_think_timer_waits_behind_the_handoff_curtain_and_the_rules(tmp_path: Path,
                                                                             clock: HandClock) -> None:
    """DF-27: the timer counts only while the decision is in front of its player: time passing
    behind the handoff curtain or the rules screen is not counted."""
    app = make_app(tmp_path, stacked(FOUR, {0: "3H 9D KC 5S 6S"}, humans=2, think_timer=2))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, HandoffScreen))
        screen = next(s for s in app.screen_stack if isinstance(s, DaifugoScreen))
        clock.now += 5  # longer than the timer, behind the curtain: it must not count
        screen.think_step()
        await pilot.press("enter")
        await settle(pilot, lambda: deciding(app))
        screen.think_step()
        assert "Think: 2 s" in banner(app) and "Time is up" not in banner(app)
        await pilot.press("f1")  # the rules screen covers the table: the timer waits again
        clock.now += 5
        screen.think_step()
        await pilot.press("escape")
        await settle(pilot, lambda: deciding(app) and isinstance(app.screen, DaifugoScreen))
        screen.think_step()
        assert "Think: 2 s" in banner(app) and "Time is up" not in banner(app)
        clock.now += 1.5
        screen.think_step()
        assert "Think: 1 s" in banner(app)
