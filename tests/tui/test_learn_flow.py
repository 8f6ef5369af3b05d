"""Issue 16, item 3: the guided first game in the app. From the home screen ("Learn to play")
and from `familia-tui learn GAME`, a lesson shows as a card above the table (the table stays in
sight) and lights the area it is about; Enter, pressed deliberately, goes on, Esc turns the
lessons off; at the end the lessons seen are listed. 80×24, Japanese, letters and ascii work."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList
from tui_helpers import make_app, screen_text, settle

from familia_tui.core.lessons import first_legal, load_learn, rehearse
from familia_tui.tui.screens.learn import Guide, LearnScreen, open_learn
from familia_tui.tui.screens.table import TableScreen


@pytest.fixture(autouse=True)
def readers(monkeypatch: pytest.MonkeyPatch) -> None:
    """The learner reads each card for a minute before pressing a key (the guard is tested
    on its own with a clock that stands still)."""
    minutes = iter(range(0, 10**9, 60))
    monkeypatch.setattr(Guide, "clock", staticmethod(lambda: float(next(minutes))))


def guide(app) -> Guide:  # type: ignore[no-untyped-def]
    screen = app.screen
    assert isinstance(screen, TableScreen) and screen.guide is not None
    return screen.guide


def card_text(app) -> str:  # type: ignore[no-untyped-def]
    card = guide(app).card
    return card.text() if card is not None else ""


async def test_home_learn_to_play_opens_the_daifugo_guided_game_with_its_first_lesson(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        menu = app.screen.query_one(OptionList)
        menu.highlighted = next(i for i in range(menu.option_count) if menu.get_option_at_index(i).id == "learn")
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, LearnScreen))
        assert "Learn to play" in screen_text(app)
        listing = app.screen.query_one(OptionList)
        listing.highlighted = app.screen.games.index("daifugo")
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen) and guide(app).card is not None)
        text = screen_text(app)
        assert "Lesson 1 · You lead: put down any play" in text
        assert "Allowed now: 3♥" in text and "Look at your hand (lit)." in text
        assert "Ann: lead a play" in text, "the table stays in sight under the card"
        assert "You play Ann, at the bottom of the table." in text
        hand = app.screen.lesson_area("hand")
        assert guide(app).lit is hand and hand.styles.background_tint.a > 0
        before = len(app.screen.session.record.actions)
        await pilot.press("enter")  # read: the card goes, nothing is played
        assert guide(app).card is None and len(app.screen.session.record.actions) == before
        assert hand.styles.background_tint.a == 0
        await pilot.press("enter")  # now Enter plays the 3♥ (its only play)
        await settle(pilot, lambda: guide(app).card is not None)
        assert app.screen.session.record.actions[0] == "play 3H"
        assert "Lesson 2 · Follow: same number of cards, stronger" in screen_text(app)
        assert guide(app).lit is app.screen.lesson_area("table")


async def test_a_key_pressed_as_the_card_comes_does_not_dismiss_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Guide, "clock", staticmethod(lambda: 100.0))  # no time passes
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        open_learn(app, "daifugo")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen) and guide(app).card is not None)
        await pilot.press("enter", "escape", "x", "right")
        assert guide(app).card is not None and not guide(app).off
        assert app.screen.session.record.actions == ()
        monkeypatch.setattr(Guide, "clock", staticmethod(lambda: 100.0 + Guide.GUARD))
        await pilot.press("enter")
        assert guide(app).card is None


async def test_escape_turns_the_lessons_off_and_the_game_goes_on(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        open_learn(app, "daifugo")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen) and guide(app).card is not None)
        await pilot.press("escape")
        assert guide(app).off and guide(app).card is None
        assert any("No more lessons" in n.message for n in app._notifications)
        await pilot.press("enter")  # 3♥ played; the bots play on, no card comes
        await settle(pilot, lambda: app.screen.session.to_act == 0 and len(app.screen.session.record.actions) > 1)
        assert guide(app).card is None and guide(app).tutor.seen == ["lead"]


async def play_to_the_end(pilot, app, shown: list[str] | None = None) -> str:  # type: ignore[no-untyped-def]
    """Read every card (Enter) and play the first legal action; returns the closing card's text
    (and adds the whole screen under it to `shown`)."""
    closing = ""
    for _ in range(2000):
        screen = app.screen
        if not isinstance(screen, TableScreen):
            break
        card = screen.guide.card if screen.guide is not None else None
        if card is not None:
            if "Lessons seen" in card.text() or "見た説明" in card.text():
                closing = card.text()
                await pilot.pause()
                if shown is not None:
                    shown.append(screen_text(app))
            await pilot.press("enter")
        elif screen.session.table.is_over:
            break
        elif screen.session.to_act == 0 and screen.may_decide():
            screen.apply(screen.session.table.legal_actions()[0])
        await pilot.pause(0.01)
    return closing


async def test_the_whole_guided_game_ends_with_the_lessons_seen(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        open_learn(app, "daifugo")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen) and guide(app).card is not None)
        table = app.screen
        shown: list[str] = []
        closing = await play_to_the_end(pilot, app, shown)
        assert "Enter: the results" in shown[0], "the closing card is whole at 80x24"
        assert table.session.table.is_over
        seen = table.guide.tutor.seen
        assert seen[0] == "lead" and seen[-1] == "game-over" and len(seen) == len(set(seen))
        assert seen == rehearse(load_learn("daifugo"), first_legal).fired, "the app fires as the core does"
        assert f"Lessons seen: {len(seen)} of {len(load_learn('daifugo').lessons.lessons)}" in closing
        assert "[x]\u00a0You lead: put down any play" in closing


async def test_chinkway_guided_deal_ends_home_with_the_whole_closing_card_at_80x24(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        open_learn(app, "chinkway")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen) and guide(app).card is not None)
        table = app.screen
        shown: list[str] = []
        closing = await play_to_the_end(pilot, app, shown)
        assert not table.session.table.is_over, "the game has more deals; the guided part ended"
        assert "Lessons seen" in closing and "Enter: back home" in shown[0]
        await settle(pilot, lambda: not isinstance(app.screen, TableScreen))
        assert table.guide.tutor.seen[-1] == "scored"


@pytest.mark.parametrize(("lang", "glyphs"), [("ja", "unicode"), ("en", "ascii"), ("ja", "letters"), ("ja", "ascii")])
async def test_the_card_speaks_the_language_and_glyphs_at_80x24(tmp_path: Path, lang: str, glyphs: str) -> None:
    app = make_app(tmp_path, lang=lang, glyphs=glyphs)
    async with app.run_test(size=(80, 24)) as pilot:
        open_learn(app, "daifugo")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen) and guide(app).card is not None)
        text = card_text(app)
        assert ("説明 1" in text and "手札を見てください" in text) if lang == "ja" else "Lesson 1" in text
        shown = screen_text(app)
        quit_key = "q 終了" if lang == "ja" else "q Quit"  # (nothing of a guided game is saved)
        await settle(pilot, lambda: "f1" in screen_text(app).rstrip().split("\n")[-1])  # the footer
        footer = screen_text(app).rstrip().split("\n")[-1]
        assert quit_key in footer and "保存" not in footer and "Save" not in footer
        assert "Enter" in shown
        if glyphs != "unicode":
            assert not set("♠♥♦♣") & set(text)
        if glyphs == "ascii":
            assert not set("─│╭╮╰╯━┃") & set(shown.split("\n")[0] + shown.split("\n")[1])
            assert guide(app).card.has_class("-ascii")


async def test_learn_on_the_command_line_opens_at_the_guided_game(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    app.start_learn = "daifugo"
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, TableScreen) and guide(app).card is not None)
        await settle(pilot, lambda: "f1" in screen_text(app).rstrip().split("\n")[-1])  # the footer
        footer = screen_text(app).rstrip().split("\n")[-1]
        assert "q Quit" in footer and "Save" not in footer, "nothing of a guided game is saved"
        await pilot.press("q")  # leaves home, nothing saved and no "not saved" alarm
        await settle(pilot, lambda: not isinstance(app.screen, TableScreen))
        assert not list((tmp_path / "games").glob("*.json"))


@pytest.mark.parametrize("game", ["daifugo", "familia", "tarot", "sixsuit", "chinkway"])
async def test_every_game_table_maps_every_lesson_area_and_opens_its_first_lesson(tmp_path: Path, game: str) -> None:
    """Each table screen maps the vocabulary (hand, table, log, banner, scores) to its widgets
    through `lesson_area()`, so a lesson in any game lights what it is about."""
    from familia_tui.core.lessons import AREAS

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        open_learn(app, game)
        await settle(pilot, lambda: isinstance(app.screen, TableScreen) and guide(app).card is not None)
        assert {area: app.screen.lesson_area(area) is not None for area in AREAS} == dict.fromkeys(AREAS, True)
        first = load_learn(game).lessons.lessons[0]
        assert first.title.en in card_text(app)
        assert guide(app).lit is app.screen.lesson_area(first.point)


async def test_f1_on_a_lesson_card_opens_the_rulebook_at_its_first_ruling(tmp_path: Path) -> None:
    """The card says "Rules DF-8, DF-11 (F1)": F1 opens the rulebook there, and after the card
    is read F1 opens it at the top again."""
    from familia_tui.tui.screens.rules import RulesScreen

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        open_learn(app, "daifugo")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen) and guide(app).card is not None)
        await pilot.press("enter", "enter")  # lesson 1 read, the 3♥ played: lesson 2 comes
        await settle(pilot, lambda: guide(app).card is not None and guide(app).number == 2)
        table = app.screen
        assert guide(app).rulings == ("DF-8", "DF-11") and "DF-8, DF-11 (F1)" in screen_text(app)
        await pilot.press("f1")
        await settle(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.pause()
        document = app.screen.shown_document()
        assert document is not None and document.scroll_y > 0 and "[DF-8]" in screen_text(app)
        await pilot.press("escape")
        await settle(pilot, lambda: app.screen is table)
        await pilot.press("enter")  # the card read
        await settle(pilot, lambda: guide(app).card is None)
        assert table.rulings_cited == ()
