"""Pilot tests of whole flows at the Daifugō table: a hot-seat game for four with multi-card
plays and a privacy check at every handoff and every step, a session against bots to its
results, quitting and Continue, explanations of dimmed cards and selections, the joker's declared
card, strict ウノ and its チョンボ, a private ドボン call (and a refused action naming the player),
clicks, Japanese and ascii (the log's cards in letters, no suit symbol)."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
from tui_helpers import click, make_app, save_folder, saved_record, saves_read, screen_text, settle

from familia_tui.core.record import Record
from familia_tui.games.daifugo.actions import PASS, parse_action
from familia_tui.tui.games.daifugo.results import DaifugoResultsScreen
from familia_tui.tui.games.daifugo.scenes import daifugo_record, decide, move_to
from familia_tui.tui.games.daifugo.screen import DaifugoScreen
from familia_tui.tui.games.daifugo.widgets import OffersLine
from familia_tui.tui.glyphs import card_text
from familia_tui.tui.screens.handoff import HandoffScreen
from familia_tui.tui.screens.home import HomeScreen
from familia_tui.tui.widgets.choices import Chip
from familia_tui.tui.widgets.log import EventLog

FOUR = ["Aki", "Ben", "Cho", "Dan"]
SUIT_SYMBOLS = set("♠♥♦♣◆♤♡♢♧")


def stacked(names: list[str], hands: dict[int, str], humans: int = 1, rule_card: str = "6H",
            preset: str = "daifugo-4", **options: object) -> Record:
    """A record whose first game deals these cards to these seats (the rest filled by seed)."""
    record = daifugo_record(names, humans=humans, preset=preset, seed=1, **options)
    sizes = _sizes(len(names), {s: len(h.split()) for s, h in hands.items()})
    deal = {"hands": {str(s): h.split() for s, h in hands.items()}, "rule_card": rule_card,
            "sizes": {str(s): n for s, n in sizes.items()}}
    return Record(record.game, record.options, record.seats, record.seed, deal=deal, preset=preset)


def _sizes(players: int, fixed: dict[int, int]) -> dict[int, int]:
    """Hand sizes adding up to 56: the fixed ones, the rest shared out."""
    free = [s for s in range(players) if s not in fixed]
    left = 56 - sum(fixed.values())
    return fixed | {s: left // len(free) + (i < left % len(free)) for i, s in enumerate(free)}


def table(app) -> DaifugoScreen:  # type: ignore[no-untyped-def]
    screen = app.screen
    assert isinstance(screen, DaifugoScreen)
    return screen


def deciding(app) -> bool:  # type: ignore[no-untyped-def]
    return isinstance(app.screen, DaifugoScreen) and bool(app.screen.choices)


def private_cards(screen: DaifugoScreen, viewer: int | None) -> list[str]:
    """Card texts of hands other than the viewer's that are not public anyway (the rule card is
    shown and then dealt; a joker's declared card may name a card someone holds)."""
    state = screen.session.state
    public = {state.rule_card}
    hidden = []
    for seat in range(len(screen.session.seats)):
        if seat != viewer:
            hidden += [card_text(c, "unicode") for c in state.hand(seat) if not c.is_joker and c not in public]
    return hidden


def shown_cards(app) -> str:  # type: ignore[no-untyped-def]
    """The screen's text without the cards that jokers are declared as."""
    return re.sub(r"JK=\S+", "JK", screen_text(app))


async def tick_and_play(pilot, app, play) -> None:  # type: ignore[no-untyped-def]
    """Tick the play's cards with the keyboard (number keys or arrows, Space), then Enter: it
    plays them when they are the one play that uses them, else it goes to the offers, where
    the play is chosen."""
    screen = table(app)
    before = len(screen.session.record.actions)
    for card in play.naturals:
        await move_to(pilot, app, screen.shown.hand.index(card))
        await pilot.press("space")
    await pilot.press("enter")
    await pilot.pause()
    if len(screen.session.record.actions) == before:
        await choose_offer(pilot, app, play)


async def choose_offer(pilot, app, play) -> None:  # type: ignore[no-untyped-def]
    """Move to the offer of this play (no joker to declare) and press Enter."""
    screen = table(app)
    await move_to(pilot, app, next(i for i, c in enumerate(screen.choices)
                                   if getattr(c.value, "plays", None) == (play,)))
    await pilot.press("enter")
    await pilot.pause()


async def play_card(pilot, app, card: str, action: str) -> None:  # type: ignore[no-untyped-def]
    """Enter on this card (`3H`); when that goes to its several plays, choose `action`'s offer."""
    screen = table(app)
    before = len(screen.session.record.actions)
    await move_to(pilot, app, [str(c) for c in screen.shown.hand].index(card))
    await pilot.press("enter")
    await pilot.pause()
    if len(screen.session.record.actions) == before:
        await choose_offer(pilot, app, parse_action(action))


def natural_multi_play(screen: DaifugoScreen):  # type: ignore[no-untyped-def]
    """A legal play of two or more natural cards, if there is one (the biggest)."""
    plays = [p for p in screen.play_index().listed if len(p.naturals) >= 2 and not p.jokers]
    return max(plays, key=lambda p: p.size, default=None)


async def test_hot_seat_game_for_four_with_multi_card_plays_never_shows_another_hand(tmp_path: Path) -> None:
    app = make_app(tmp_path, daifugo_record(FOUR, humans=4, seed=11))
    handoffs = multi = 0
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, HandoffScreen))
        while not isinstance(app.screen, DaifugoResultsScreen):
            if isinstance(app.screen, HandoffScreen):
                handoffs += 1
                text = shown_cards(app)
                assert f"Pass the keyboard to {app.screen.person}" in text
                under = app.screen_stack[-2]
                assert not [c for c in private_cards(under, None) if c in text]
                await pilot.press("enter")
                await pilot.pause()
                continue
            screen = table(app)
            seat = screen.session.to_act
            assert screen.session.viewer_seat() == seat
            text = shown_cards(app)
            assert not [c for c in private_cards(screen, seat) if c in text]
            assert f"{FOUR[seat]}'s hand" in text
            before = len(screen.session.record.actions)
            play = natural_multi_play(screen)
            if play is not None:
                await tick_and_play(pilot, app, play)
                assert screen.session.record.actions[before] == str(play)
                multi += 1
            else:
                await decide(pilot, app)
            assert len(screen.session.record.actions) > before
            await settle(pilot, lambda: deciding(app)
                         or isinstance(app.screen, (HandoffScreen, DaifugoResultsScreen)))
        assert handoffs >= 20 and multi >= 5
        assert "is ビリ" in screen_text(app)
        assert app.screen.final
        await pilot.press("enter")
        assert isinstance(app.screen, HomeScreen)


async def test_a_session_against_bots_plays_to_the_results_and_the_next_game(tmp_path: Path) -> None:
    app = make_app(tmp_path, daifugo_record(FOUR, seed=5, games=2))
    results = 0
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(400):
            await settle(pilot, lambda: deciding(app) or isinstance(app.screen, DaifugoResultsScreen))
            if isinstance(app.screen, DaifugoResultsScreen):
                results += 1
                text = screen_text(app)
                record = app.screen.record
                assert f"Game {record.number} of 2: {FOUR[record.biri]} is ビリ" in text
                assert "Session: " in text and "1st places" in text
                final = app.screen.final
                await pilot.press("enter")
                if final:
                    break
                continue
            assert not isinstance(app.screen, HandoffScreen)  # one human: no curtain
            await decide(pilot, app)
        assert results == 2
        assert isinstance(app.screen, HomeScreen)


async def test_quit_mid_game_and_continue_restores_the_same_game(tmp_path: Path) -> None:
    app = make_app(tmp_path, daifugo_record(FOUR, seed=7))
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(4):
            await settle(pilot, lambda: deciding(app))
            await decide(pilot, app)
        await settle(pilot, lambda: deciding(app))
        state = table(app).session.state
        before = (state.hand(0), state.counts, state.to_act, state.trick, state.revolution)
        actions = table(app).session.record.actions
        await pilot.press("q")
        assert isinstance(app.screen, HomeScreen)
    assert saved_record(tmp_path).actions == actions
    again = make_app(tmp_path)
    async with again.run_test(size=(100, 32)) as pilot:
        await saves_read(pilot, again)
        await pilot.press("c", "enter")  # Continue, the newest game
        await settle(pilot, lambda: deciding(again))
        screen = table(again)
        state = screen.session.state
        assert screen.session.record.actions == actions
        assert (state.hand(0), state.counts, state.to_act, state.trick, state.revolution) == before
        log = screen.query_one(EventLog)
        assert log.lines[0].text.startswith("Game 1 resumed.")
        assert any("Game 1: rule card" in line.text for line in log.lines)  # the game so far


async def test_a_resumed_game_is_replayed_once_and_logs_the_game_as_it_was(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Opening a saved game replays its record once: the session keeps the events it replayed,
    and the log of the game so far is drawn from them (it replayed the whole record a second
    time). The log reads as it did before quitting."""
    app = make_app(tmp_path, daifugo_record(FOUR, seed=3, games=2))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(4):
            await settle(pilot, lambda: deciding(app))
            await decide(pilot, app)
        await settle(pilot, lambda: deciding(app))
        before = list(table(app).query_one(EventLog).entries)
        await pilot.press("q")
    record = saved_record(tmp_path)
    again = make_app(tmp_path)
    async with again.run_test(size=(120, 40)) as pilot:
        await saves_read(pilot, again)  # (the list of saved games replays each once)
        starts: list[Record] = []
        start = Record.start
        monkeypatch.setattr(Record, "start", lambda self: starts.append(self) or start(self))
        (path,) = save_folder(tmp_path).glob("*.json")
        again.open_game(record, path)
        await settle(pilot, lambda: deciding(again))
        after = list(table(again).query_one(EventLog).entries)
    assert len(starts) == 1
    assert after[0] == "Game 1 resumed." and after[1:] == before[1:]


async def test_the_leader_is_offered_no_pass_and_a_dimmed_card_shows_the_rule_chain(tmp_path: Path) -> None:
    app = make_app(tmp_path, stacked(FOUR, {0: "3H 4S 5D KC 9H"}))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: deciding(app))
        screen = table(app)  # Aki holds ♥3 and leads: the leader may not pass (DF-32)
        assert PASS not in [c.value for c in screen.choices]
        assert "Pass" not in screen_text(app) and "x" not in app.screen.active_bindings
        await pilot.press("x")
        assert not screen.session.record.actions and "Not allowed" not in screen_text(app)
        screen.apply(PASS)  # were it asked for all the same, the rule says why not
        await pilot.pause()
        text = screen_text(app)
        assert "Not allowed:" in text and "the leader must lead" in text and "[DF-32]" in text
        assert not table(app).session.record.actions
    # Cho holds ♥3 and leads; Aki, last to answer, holds no pair: her weak cards are dimmed.
    (tmp_path / "following").mkdir()
    following = make_app(tmp_path / "following", stacked(FOUR, {0: "3S 4C 5D 9H KC", 2: "3H 7S 7D"}))
    async with following.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: deciding(following))
        screen = table(following)
        assert screen.shown.top is not None
        dimmed = next(i for i, c in enumerate(screen.choices) if not c.enabled)
        await move_to(pilot, following, dimmed)
        text = screen_text(following)
        assert "Not allowed:" in text and "[C4]" in text
        before = len(screen.session.record.actions)
        await pilot.press("space", "enter")  # neither ticks nor plays it
        assert len(screen.session.record.actions) == before and not screen.ticked


async def test_a_pair_and_a_jokers_declared_card_are_chosen_by_keys(tmp_path: Path) -> None:
    app = make_app(tmp_path, stacked(FOUR, {0: "3H 7S 7D JK 9C QC"}))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: deciding(app))
        screen = table(app)
        hand = screen.shown.hand
        await move_to(pilot, app, hand.index(next(c for c in hand if str(c) == "7S")))
        await pilot.press("space")
        await move_to(pilot, app, len(hand) - 1)  # the joker
        await pilot.press("space")
        text = screen_text(app)
        assert "JK=7?" in text and "2 plays use 7♠" in text  # 7♠ JK=7? and 7♠ 7♦ JK=7?
        await pilot.press("enter")  # Enter on the ticked joker: to the first play, nothing played
        form = screen.cursor
        assert form == screen.hand_chips and not screen.session.record.actions
        assert str(screen.choices[form].value.play).startswith("play 7S JK=7")
        await pilot.press("enter")  # the joker's cards open after the play; the cursor stays
        assert screen.cursor == form and "Choose the card the joker stands for" in screen_text(app)
        offers = [str(c.value) for c in screen.choices[form + 1:form + 5]]
        assert offers == ["play 7S JK=7S", "play 7S JK=7H", "play 7S JK=7D", "play 7S JK=7C"]
        await pilot.press("enter")  # Enter again closes them: still nothing played
        assert screen.selection.form is None and not screen.session.record.actions
        await pilot.press("enter", "right", "right")
        await pilot.press("escape")  # back to the play, the cursor on it
        assert screen.selection.form is None and screen.selection.ticked and screen.cursor == form
        await pilot.press("enter", "right", "right", "enter")  # ♠ ♥: the second card, as chosen
        await pilot.pause()
        assert screen.session.record.actions[0] == "play 7S JK=7H"


async def test_enter_on_a_card_plays_it_alone_or_starts_a_selection(tmp_path: Path) -> None:
    app = make_app(tmp_path, stacked(FOUR, {0: "3H 7S 7D 9C QC", 1: "4S 4H 10C 2D AS"}))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: deciding(app))
        screen = table(app)
        await move_to(pilot, app, screen.shown.hand.index(next(c for c in screen.shown.hand if str(c) == "9C")))
        await pilot.press("enter")
        await pilot.pause()
        assert screen.session.record.actions[0] == "play 9C"


async def test_clicks_tick_cards_and_play_the_offer(tmp_path: Path) -> None:
    app = make_app(tmp_path, stacked(FOUR, {0: "3H 7S 7D 9C QC"}))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: deciding(app))
        screen = table(app)
        hand = [str(c) for c in screen.shown.hand]
        for card in ("7S", "7D"):
            chip = next(c for c in screen.query(Chip) if c.index == hand.index(card))
            assert await click(pilot, chip)
            await pilot.pause()
        assert {hand[i] for i in screen.ticked} == {"7S", "7D"}
        offers = screen.query_one(OffersLine)  # the offers are one line of chips
        start = next(start for start, _, index in offers.drawn
                     if str(getattr(screen.choices[index].value, "play", "")) == "play 7S 7D")
        assert await click(pilot, offers, offset=(start + 1, 0))
        await pilot.pause()
        assert screen.session.record.actions[0] == "play 7S 7D"


async def test_strict_uno_is_declared_with_u_or_missed_and_called(tmp_path: Path) -> None:
    hands = {0: "3H 9D"}
    app = make_app(tmp_path, stacked(FOUR, hands, preset="daifugo-strict-uno"))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: deciding(app))
        screen = table(app)
        assert "ウノ" in screen_text(app)
        await move_to(pilot, app, 1)  # 9♦
        await pilot.press("u", "enter")
        await pilot.pause()
        assert screen.session.record.actions[0] == "play 9D uno"
    (tmp_path / "missed").mkdir()
    missed = make_app(tmp_path / "missed", stacked(FOUR, hands, preset="daifugo-strict-uno"))
    async with missed.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: deciding(missed))
        await move_to(pilot, missed, 1)
        await pilot.press("enter")  # no ウノ: the bots call チョンボ
        await settle(pilot, lambda: isinstance(missed.screen, DaifugoResultsScreen))
        text = screen_text(missed)
        assert "Aki is ビリ" in text and "missed ウノ (チョンボ)" in text and "called by" in text


async def test_a_private_dobon_call_is_asked_behind_the_handoff(tmp_path: Path) -> None:
    # Aki leads Q♥ (12); Ben's hand 10♠ 2♣ sums to 12 and holds no joker: Ben may call ドボン.
    record = stacked(FOUR, {0: "3H QH 5S 6S JK", 1: "10S 2C"}, humans=2, preset="daifugo-dobon-ask")
    app = make_app(tmp_path, record)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")
        await settle(pilot, lambda: deciding(app))
        screen = table(app)
        await play_card(pilot, app, "QH", "play QH")
        await settle(pilot, lambda: isinstance(app.screen, HandoffScreen))
        assert app.screen.person == "Ben"
        assert "10♠" not in screen_text(app)
        await pilot.press("enter")
        await settle(pilot, lambda: deciding(app))
        text = screen_text(app)
        assert "Ben: call ドボン on Aki?" in text and "worth 12" in text and "10♠" in text
        assert [str(c.value) for c in screen.choices] == ["call dobon", "decline"]
        screen.apply(PASS)  # not a choice now: refused with the rule, which names Aki, not seat 0
        await pilot.pause()
        text = screen_text(app)
        assert "Not allowed:" in text and "Aki's play may be answered with ドボン" in text
        assert "0's play" not in text and not screen.session.record.actions[1:]
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, DaifugoResultsScreen))
        text = screen_text(app)
        assert "Aki is ビリ" in text and "ビリ: ドボン (called by Ben)" in text
        assert "still holding 2 cards" in text  # Ben's 10♠ 2♣
        why = next(line for line in text.splitlines() if line.startswith("Ben's hand"))
        assert "10♠" in why and "2♣" in why and "sums to 12, the value of Aki's play Q♥" in why


async def test_japanese_in_ascii_at_80x24_has_no_ambiguous_width_character(tmp_path: Path) -> None:
    app = make_app(tmp_path, daifugo_record(["アキ", "ベン", "チョウ", "ダン"], seed=3), lang="ja",
                   glyphs="ascii")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: deciding(app))
        for _ in range(3):
            await pilot.pause()
            text = screen_text(app)
            odd = {c for c in text if not c.isascii()
                   and unicodedata.east_asian_width(c) not in ("W", "F", "H")}
            assert not odd, odd
            assert "強さ" in text and "縛り" in text and "アキの手札" in text and "出し方" in text
            await decide(pilot, app)
            await settle(pilot, lambda: deciding(app))
        await pilot.press("space")
        assert not {c for c in screen_text(app) if not c.isascii()
                    and unicodedata.east_asian_width(c) not in ("W", "F", "H")}
        log = "".join(line.text for line in table(app).query_one(EventLog).lines)  # lines wrap
        assert "ハートの3を持つ" in log and not SUIT_SYMBOLS & set(log), log


async def test_the_log_in_ascii_draws_the_cards_it_names_as_letters(tmp_path: Path) -> None:
    """The ◆ rule card's revolution start, who holds the 3 of hearts, and a スペ3 answer: cards
    as everywhere in ascii mode (`3S`), no suit symbol anywhere in the log."""
    hands = {0: "3H 3S 9C KC 6D 7C", 1: "JK 4S 6H 10C 8D"}
    record = stacked(FOUR, hands, humans=2, rule_card="9D", diamond_revolution=True)
    app = make_app(tmp_path, record, glyphs="ascii")
    async with app.run_test(size=(120, 40)) as pilot:
        for card in ("3H", "JK", "3S"):  # Aki leads 3H, Ben a single top joker, Aki answers 3S
            await settle(pilot, lambda: isinstance(app.screen, HandoffScreen))
            await pilot.press("enter")
            await settle(pilot, lambda: deciding(app))
            screen = table(app)
            await play_card(pilot, app, card, f"play {card}")
        assert screen.session.record.actions[-1] == "play 3S"
        log = "".join(line.text for line in screen.query_one(EventLog).lines)  # lines wrap
        assert not SUIT_SYMBOLS & set(log), log
        assert "The rule card 9D is a diamond: the game starts in revolution" in log
        assert "Cards dealt; Aki holds the 3 of hearts and leads" in log
        assert "Aki: 3S answers the joker (supe-3)" in log  # ascii English reads the terms


async def test_the_previous_trick_and_the_session_are_on_keys(tmp_path: Path) -> None:
    app = make_app(tmp_path, daifugo_record(FOUR, seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(60):
            await settle(pilot, lambda: deciding(app))
            if table(app).shown.last_trick is not None and table(app).shown.top is not None:
                break
            await decide(pilot, app)
        await pilot.press("p")
        assert "Last trick (" in screen_text(app)
        await pilot.press("p", "s")
        assert isinstance(app.screen, DaifugoResultsScreen)
        assert "No game of this session has ended yet." in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, DaifugoScreen)
