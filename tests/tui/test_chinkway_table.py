"""The Chinkway table (issue 13, item 4): a hot-seat deal with two humans, each hand and the
dealer's discards on its own player's screen only [CW-7]; the dealer's discard ticked card by card
and his trumps named before the quest is turned [CW-11]; the quest pick, one choice per category
naming its card [CW-6]; a deal's last trick held, then its scores and the score sheet; the
re-seat of the final deal explained [CW-4]; the end with the standings and their tie-breaks
[CW-8].

Keys are pressed as fast as Pilot can; privacy is read from the screen's text (`screen_text`)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from rich.text import Text
from tui_helpers import make_app, screen_text, settle

from familia_tui.cli import parse_seats
from familia_tui.core.presets import find_preset
from familia_tui.core.record import Record
from familia_tui.games.chinkway.game import GAME
from familia_tui.games.chinkway.quest import reseat_positions, triangle
from familia_tui.i18n import translate
from familia_tui.tui.games.chinkway.results import ChinkwayResultsScreen, tie_lines
from familia_tui.tui.games.chinkway.scenes import FIVE, chinkway_record
from familia_tui.tui.games.chinkway.screen import ChinkwayScreen, Tick
from familia_tui.tui.games.chinkway.widgets import ChinkwayTable
from familia_tui.tui.glyphs import card_text
from familia_tui.tui.screens.handoff import HandoffScreen
from familia_tui.tui.screens.home import HomeScreen
from familia_tui.tui.widgets.panel import Panel
from familia_tui.tui.widgets.table_view import face_of


def two_humans(seed: int = 4) -> Record:
    """Aki and Ben at seats 0 and 1 (Ben deals first with this seed), three basic bots."""
    options = find_preset("chinkway", "chinkway-11").options
    seats = parse_seats("Aki,Ben,bot,bot,bot", GAME.default_seats(options), list(GAME.bots))
    return Record("chinkway", options, tuple(seats), seed, preset="chinkway-11")


def curtained(app) -> bool:  # type: ignore[no-untyped-def]
    return isinstance(app.screen, HandoffScreen) and app.screen.drawn_at is not None


def deciding(app) -> bool:  # type: ignore[no-untyped-def]
    return isinstance(app.screen, ChinkwayScreen) and bool(app.screen.choices)


def held(app) -> bool:  # type: ignore[no-untyped-def]
    return isinstance(app.screen, ChinkwayScreen) and app.screen.held is not None


def labels(table: ChinkwayScreen) -> list[str]:
    return [Text.from_markup(choice.label).plain for choice in table.choices]


def centre_text(table: ChinkwayScreen) -> str:
    """What the middle of the table says (the trick, the last one's winner and its take)."""
    data = table.query_one(ChinkwayTable).data
    assert data is not None
    return Text.from_markup(data.centre).plain


def panel_text(table: ChinkwayScreen, selector: str) -> str:
    """What one panel of the table draws now, as plain text (the screen's rows mix the panels
    and the log)."""
    return Text.from_markup(table.query_one(selector, Panel).draw(table.frame)).plain


def keys_for(table: ChinkwayScreen) -> list[str]:
    """One decision: the dealer lays aside his first two cards; otherwise the first legal choice."""
    if table.session.table.phase == "discard":
        return ["1", "enter", "2", "enter", "enter"]
    first = next(i for i, choice in enumerate(table.choices) if choice.enabled)
    return [str(first + 1), "enter"]


def assert_private(table: ChinkwayScreen, text: str) -> None:
    """Only the viewer's hand is on screen (its chips, its hand line), and the dealer's two
    discards only on the dealer's own screen [CW-7]."""
    state, seats = table.session.state, table.session.seats
    viewer = table.session.viewer_seat()
    assert viewer is not None and viewer == state.to_act
    for seat in range(5):
        if seat != viewer:
            assert f"{seats[seat].name}'s hand" not in text
    chips = [c.value.card for c in table.choices if hasattr(c.value, "card")]
    assert set(chips) <= set(state.hands[viewer]), "a chip that is not the viewer's card"
    discards = " ".join(card_text(c, "unicode") for c in state.discards)
    if viewer == state.dealer:
        assert state.phase == "discard" or f"laid aside {discards}" in text
    else:
        assert "laid aside" not in text


async def test_a_hot_seat_deal_shows_each_hand_and_the_discards_only_to_their_player(tmp_path: Path) -> None:
    app = make_app(tmp_path, two_humans())
    curtains: list[tuple[str, ...]] = []
    decisions = 0
    async with app.run_test(size=(120, 40)) as pilot:
        while True:  # the whole first deal, to its scores
            await settle(pilot, lambda: curtained(app) or deciding(app) or held(app)
                         or isinstance(app.screen, ChinkwayResultsScreen))
            if isinstance(app.screen, ChinkwayResultsScreen):
                break
            text = screen_text(app)
            if curtained(app):
                assert "'s hand" not in text and "laid aside" not in text
                curtains.append(app.screen.people)
                await pilot.press("enter")
                continue
            table = app.screen
            if held(app):
                assert "The last trick of the deal" in text and "'s hand" not in text
                await pilot.press("space")
                continue
            assert_private(table, text)
            decisions += 1
            await pilot.press(*keys_for(table))
        assert "Deal 1 of 11: scores" in screen_text(app)
    assert curtains[0] == ("Ben",) and ("Aki",) in curtains  # Ben deals, then each takes his turn
    assert decisions >= 2 + 10 + 10  # Ben's discard and trumps, and both players' ten cards


async def test_the_dealer_ticks_two_cards_lays_them_aside_then_names_trumps_before_the_quest(
        tmp_path: Path) -> None:
    app = make_app(tmp_path, chinkway_record(FIVE, human=1))  # Ben deals first
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: deciding(app))
        table = app.screen
        hand = [c.value.card for c in table.choices if isinstance(c.value, Tick)]
        assert len(hand) == 12 and labels(table)[-1] == "Lay aside (0/2 ticked)"
        await pilot.press("end", "enter")  # the confirmation before two cards are ticked
        assert "Tick exactly two cards to lay aside: 0 ticked now." in screen_text(app)
        await pilot.press("1", "enter", "3", "enter")
        await pilot.pause()
        assert [c.marked for c in table.choices[:3]] == [True, False, True]
        first, third = card_text(hand[0], "unicode"), card_text(hand[2], "unicode")
        assert table.cursor == 12 and labels(table)[12] == f"Lay aside {first} {third}"
        await pilot.press("2", "enter")  # a third card is refused
        assert "untick one first" in screen_text(app) and len(table.ticked) == 2
        await pilot.press("3", "enter", "2", "enter")  # untick the third, tick the second
        await pilot.press("end", "enter")
        await settle(pilot, lambda: table.session.table.phase == "trump" and deciding(app))
        assert table.session.record.actions == (f"discard {hand[0]} {hand[1]}",)
        text = screen_text(app)
        assert "Quest: turned after the dealer names trumps" in text
        assert "Ben's hand:" in text and table.cursor == 0
        assert labels(table) == ["♠ spades", "♥ hearts", "♦ diamonds", "♣ clubs", "No Trump"]
        await pilot.press("2", "enter")
        await settle(pilot, lambda: table.session.table.phase == "play")
        view = table.view()
        assert table.session.record.actions[1] == "trump H" and len(view.quest) == 5
        text = screen_text(app)
        assert "trumps: ♥ hearts" in text and "Quest: " + " ".join(card_text(c, "unicode") for c in view.quest) in text
        assert f"laid aside {card_text(hand[0], 'unicode')} {card_text(hand[1], 'unicode')}" in text
        data = table.query_one(ChinkwayTable).data  # the table never draws them [CW-7]
        drawn = " ".join([data.centre, *(f for spot in data.spots for f in spot.facts)])
        assert not any(card_text(c, "unicode") in Text.from_markup(drawn).plain for c in hand[:2])
        assert not {face_of(c, 'unicode') for c in hand[:2]} & {f for spot in data.spots for f in spot.played}


async def test_at_80_columns_the_dealers_twelve_cards_are_all_in_sight(tmp_path: Path) -> None:
    """The framed chips close up when they would not fit (`ChoiceBar._fit`), rather than leave
    cards behind a horizontal scroll (only the confirmation after them may need one)."""
    app = make_app(tmp_path, chinkway_record(FIVE, human=1), glyphs="ascii")  # Ben deals first
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: deciding(app))
        table = app.screen
        await pilot.pause()
        hand = [str(c.value.card) for c in table.choices if isinstance(c.value, Tick)]
        row = next(line for line in screen_text(app).splitlines() if line.startswith("|1 "))
        assert [chip.split()[-1] for chip in row.split("|") if chip.strip()][:12] == hand
        assert table.query_one("#choices").has_class("-flush")


async def test_the_quest_pick_offers_each_category_with_the_card_it_takes(tmp_path: Path) -> None:
    app = make_app(tmp_path, chinkway_record(FIVE, human=1))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(60):
            await settle(pilot, lambda: deciding(app))
            table = app.screen
            if table.session.table.phase == "pick":
                break
            await pilot.press(*keys_for(table))
        view = table.view()
        assert len(view.pick) >= 2 and len(table.choices) == len(view.pick)
        cards = [next(c for _, c in view.last_trick if (c.suit if c.rank <= 10 or c.rank == 14 else "P") == cat)
                 for cat in view.pick]
        assert [lab.split(" (")[0] for lab in labels(table)] == [f"Take {card_text(c, 'unicode')}" for c in cards]
        assert "won and takes one of" in centre_text(table)
        assert table.query_one(ChinkwayTable).data.winner == view.last_winner  # (marked on the table)
        await pilot.press("2", "enter")
        await settle(pilot, lambda: table.session.table.phase != "pick")
        assert table.session.record.actions[-1] == f"take {view.pick[1]}"
        side = table.view().sides.index(next(s for s in table.view().sides if 1 in s))
        assert cards[1] in table.session.state.collected[side]
        assert f"won and took {card_text(cards[1], 'unicode')}" in centre_text(table)


async def test_a_deal_ends_on_its_held_last_trick_then_its_scores_and_the_score_sheet_on_s(
        tmp_path: Path) -> None:
    app = make_app(tmp_path, chinkway_record(FIVE, human=0))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(40):
            await settle(pilot, lambda: deciding(app) or held(app))
            if held(app):
                break
            await pilot.press(*keys_for(app.screen))
        table = app.screen
        record = table.session.state.history[0]
        text = screen_text(app)
        assert "The last trick of the deal" in text and "Deal 1/11" in text
        assert "s Scores" not in text  # not while the trick is held
        await pilot.press("x")
        await settle(pilot, lambda: isinstance(app.screen, ChinkwayResultsScreen))
        text = screen_text(app)
        for cards, points in zip(record.collected, (triangle(len(c)) for c in record.collected), strict=True):
            assert " ".join(card_text(c, "unicode") for c in cards) in text or not cards
            assert f"{len(cards)}   " in text or points == 0
        totals = table.session.state.totals
        assert all(f"{FIVE[s]}" in text for s in range(5)) and str(max(totals)) in text
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, ChinkwayScreen)
                     and table.session.state.deal_number == 2)
        await settle(pilot, lambda: deciding(app))
        await pilot.press("s")
        await settle(pilot, lambda: isinstance(app.screen, ChinkwayResultsScreen))
        assert "The score sheet after deal 1 of 11" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot, lambda: deciding(app))
        assert table.session.state.deal_number == 2


async def test_the_final_deal_is_re_seated_by_the_standings_and_says_so(tmp_path: Path) -> None:
    record = chinkway_record(FIVE, human=0, deals=10)
    state = GAME.new_game(record.options, list(record.seats), record.seed)
    for action in record.actions:
        state.apply(GAME.parse_action(action))
    before = state.standings()  # after deal 10, the last one scored
    assert [state.totals[s] for s in before] == sorted(state.totals, reverse=True)
    dealer = reseat_positions(before)[0]
    app = make_app(tmp_path, chinkway_record(FIVE, human=dealer, deals=10))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: deciding(app))
        table = app.screen
        third, first, second, fourth, fifth = (FIVE[s] for s in reseat_positions(before))
        text = panel_text(table, "#deal")
        assert table.view().positions == reseat_positions(before) and table.view().reseated
        assert (f"Final deal, re-seated by standings [CW-4]: {third} (3rd) deals; {first} (1st, #2) partners "
                f"{fourth} (4th, #4); {second} (2nd, #3) partners {fifth} (5th, #5)") in text


async def test_the_end_shows_the_winner_the_score_sheet_and_returns_home(tmp_path: Path) -> None:
    app = make_app(tmp_path, chinkway_record(FIVE, human=0, deals=11))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, ChinkwayResultsScreen))
        screen = app.screen
        result = screen.result
        winners = [name for name, rank in result.ranking() if rank == 1]
        text = screen_text(app)
        assert "The end of the game after 11 deals" in text
        assert f"{', '.join(winners)} {'wins' if len(winners) == 1 else 'share the win'}" in text
        totals = result.totals
        for name in FIVE:
            row = next(line for line in text.splitlines() if line.split()[:1] == [name] and len(line.split()) == 14)
            assert row.split()[-2] == str(int(totals[name]))  # the total, then the place
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, HomeScreen))


def test_tie_lines_name_the_deal_that_decides_else_seat_order_or_a_shared_place() -> None:
    """[B8, CW-8]: equal totals are separated by the latest deal that differs; tied on every
    deal, seat order places them before the final deal, and at the end they share the place."""
    record = chinkway_record(FIVE, deals=2)
    state = GAME.new_game(record.options, list(record.seats), record.seed)
    for action in record.actions:
        state.apply(GAME.parse_action(action))
    view = state.public_view()

    def sheet(rows: list[tuple[int, ...]], standings: tuple[int, ...]):  # type: ignore[no-untyped-def]
        history = tuple(replace(r, scores=row) for r, row in zip(view.history, rows, strict=True))
        return replace(view, history=history, totals=tuple(map(sum, zip(*rows, strict=True))), standings=standings)

    def t(key: str, **params: object) -> str:
        return translate(key, "en", **params)

    every_deal = sheet([(3, 3, 1, 0, 0), (1, 1, 1, 0, 0)], (0, 1, 2, 3, 4))
    assert tie_lines(every_deal, t, final=True) == [
        "Aki and Ben tied on every deal: they share the place [CW-8].",
        "Dan and Eve tied on every deal: they share the place [CW-8]."]
    assert tie_lines(every_deal, t, final=False)[0] == (
        "Aki and Ben tied on every deal: seat order from the last dealer puts Aki first [CW-8].")
    latest = sheet([(3, 1, 3, 0, 0), (1, 3, 1, 0, 6)], (4, 1, 0, 2, 3))  # Ben 4, Aki 4, Cho 4
    assert tie_lines(latest, t, final=True) == [
        "Ben and Aki have 4 each: deal 2 decides (3 to 1) [CW-8].",
        "Aki and Cho tied on every deal: they share the place [CW-8]."]
