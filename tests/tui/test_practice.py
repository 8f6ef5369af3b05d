"""Issue 16, item 2: practice that teaches. A puzzle is answered on its card and judged right or
wrong with the whole explanation (scrolling at 80×24), hints come one at a time, progress is kept
in the data folder and shown in the list, nothing of a curtain shows, and the language and glyph
modes hold."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import OptionList
from tui_helpers import make_app, screen_text, settle

from familia_tui.core.presets import rules_dir
from familia_tui.core.progress import Progress
from familia_tui.tui.screens.practice import PracticeScreen
from familia_tui.tui.screens.puzzle import PuzzleCard
from familia_tui.tui.screens.table import TableScreen

WHICH = rules_dir("familia") / "practice" / "01-which-cards-batting-must-win.yaml"
WHO = rules_dir("familia") / "practice" / "02-who-wins-stage-two.yaml"
SCORE = rules_dir("tarot") / "practice" / "11-garde-failed-petit-lost.yaml"
BEST = rules_dir("daifugo") / "practice" / "07-eight-cut.yaml"
KINDLESS = rules_dir("sixsuit") / "practice" / "05-when-to-rebuild.yaml"
TAKE = rules_dir("chinkway") / "practice" / "4-which-card-to-take.yaml"


@pytest.fixture(autouse=True)
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test keeps its practice progress in its own data folder."""
    folder = tmp_path / "data"
    monkeypatch.setenv("FAMILIA_TUI_DATA", str(folder))
    return folder


async def open_card(pilot, app, puzzle: Path) -> PuzzleCard:  # type: ignore[no-untyped-def]
    app.open_practice(puzzle)
    await settle(pilot, lambda: isinstance(app.screen, PuzzleCard))
    await pilot.pause()
    return app.screen  # type: ignore[no-any-return]


async def tick(pilot, card: PuzzleCard, actions: list[str]) -> None:  # type: ignore[no-untyped-def]
    """Tick the offered cards `actions` (Enter on each), then check with c."""
    offered = card.puzzle.offered()
    listing = card.query_one("#card-choices", OptionList)
    for action in actions:
        listing.highlighted = offered.index(action)
        await pilot.press("enter")
    await pilot.press("c")
    await pilot.pause()


async def test_which_cards_right_is_judged_right_with_the_explanation(tmp_path: Path, data_folder: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        card = await open_card(pilot, app, WHICH)
        assert "Which cards may you play?" in screen_text(app)
        await tick(pilot, card, ["play 10D", "play 6S", "play 9H"])
        text = screen_text(app)
        assert "Right!" in text and "The cards that may be played: 10♦  6♠  9♥" in text
        assert "Why: The strongest card so far is 9♦" in text and "R-F11" in text
    saved = json.loads((data_folder / "practice.json").read_text(encoding="utf-8"))
    assert saved["puzzles"]["familia/01-which-cards-batting-must-win"] == {"tried": 1, "solved": True}


async def test_which_cards_wrong_is_judged_wrong_and_the_table_then_shows_the_hand(tmp_path: Path,
                                                                                   data_folder: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        card = await open_card(pilot, app, WHICH)
        await pilot.press("t")  # the table would show which cards are allowed: not before the answer
        assert app.screen is card
        await tick(pilot, card, ["play 10D", "play 7D"])  # must-win forgotten, batting cards missed
        text = screen_text(app)
        assert "Not quite." in text and "You answered: 10♦  7♦" in text
        await pilot.press("t")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        assert app.screen.verdict is not None and app.screen.verdict.right is False
    assert Progress.load(data_folder / "practice.json").of("familia/01-which-cards-batting-must-win").state == "tried"


async def test_which_cards_of_other_actions_show_the_puzzles_labels_in_both_languages(tmp_path: Path) -> None:
    """Chinkway's `take D` has no card the table could name: the puzzle labels it, and the card asks
    for allowed answers rather than cards to play [CW-6]."""
    for lang, label, allowed in (("en", "Diamonds: 5♦", "The allowed answers: Spades: 6♠  Hearts: 3♥  Pictures: K♥"),
                                 ("ja", "ダイヤ：ダイヤの5",
                                  "許される答え：スペード：スペードの6  ハート：ハートの3  絵札：ハートのK")):
        app = make_app(tmp_path, lang=lang)
        async with app.run_test(size=(120, 40)) as pilot:
            card = await open_card(pilot, app, TAKE)
            text = screen_text(app)
            assert label in text and "take D" not in text
            assert ("Tick every answer" if lang == "en" else "許されると思う答え") in text
            await tick(pilot, card, ["take S", "take H", "take P"])
            text = screen_text(app)
            assert allowed in text and ("Right!" in text if lang == "en" else "take" not in text)


async def test_hints_come_one_at_a_time_and_stay_for_the_table(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        card = await open_card(pilot, app, WHO)
        assert "Hint 1" not in screen_text(app) and "h: a hint (3 left)" in screen_text(app)
        await pilot.press("h")
        await pilot.pause()
        assert "Hint 1:" in screen_text(app) and "Hint 2" not in screen_text(app)
        await pilot.press("h", "h", "h")
        await pilot.pause()
        assert "Hint 3:" in screen_text(app) and card.hints_shown == 3


async def test_who_wins_wrong_then_the_list_says_tried_and_right_later_says_solved(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(PracticeScreen())
        await pilot.pause()
        await open_card(pilot, app, WHO)
        await pilot.press("enter")  # the first option, P1: wrong
        await pilot.pause()
        assert "Not quite." in screen_text(app) and "The answer: P5 (9♦)" in screen_text(app)
        await pilot.press("escape")  # back to the list, through the table
        await settle(pilot, lambda: isinstance(app.screen, PracticeScreen))
        await pilot.pause()
        assert "Familia  0 of 15 solved" in screen_text(app) and "[-] Who wins this trick?" in screen_text(app)
        await open_card(pilot, app, WHO)
        await pilot.press("down", "down", "enter")  # P5: right
        await pilot.pause()
        assert "Right!" in screen_text(app)
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(app.screen, PracticeScreen))
        await pilot.pause()
        assert "Familia  1 of 15 solved" in screen_text(app) and "[x] Who wins this trick?" in screen_text(app)
    assert app.practice_progress().of("familia/02-who-wins-stage-two").tried == 2


async def test_who_wins_table_opens_after_the_answer_with_the_trick_as_it_came_out(tmp_path: Path) -> None:
    """The table behind a who-wins card is the trick played out (not its start, where a player
    could play on and read the answer off the table); t before the answer keeps the card."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        card = await open_card(pilot, app, WHO)
        await pilot.press("t")
        await pilot.pause()
        assert app.screen is card
        await pilot.press("enter", "t")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        text = screen_text(app)
        assert "P5 wins K♠" in text and "Practice puzzle: the" in text and "make the decision" not in text
        assert not app.screen.choices  # nothing to decide there


async def test_score_puzzle_shows_the_hands_breakdown_after_the_answer_and_returns_to_it(tmp_path: Path) -> None:
    """A score puzzle's table is its hand scored: t after the answer opens the breakdown [TA-7],
    which goes back to the puzzle (no "play again" of a puzzle's seats)."""
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_card(pilot, app, SCORE)
        await pilot.press("enter", "t")
        await settle(pilot, lambda: "breakdown" in screen_text(app))
        text = screen_text(app)
        assert "Petit au bout" in text and "-288" in text and "Enter returns to the puzzle." in text
        assert "Play again" not in text
        await pilot.press("n", "enter")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen))
        assert app.screen.puzzle is not None and "Done" in screen_text(app)


async def test_best_play_is_judged_at_the_table_without_a_curtain(tmp_path: Path) -> None:
    """Four humans sit at a Daifugō puzzle's table, yet one person practises: the move is judged
    and no handoff curtain comes up."""
    from familia_tui.tui.screens.handoff import HandoffScreen

    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await open_card(pilot, app, BEST)
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, TableScreen) and bool(app.screen.choices))
        table = app.screen
        table.apply(table.session.spec.parse_action("play JK=8S"))  # a joker as 8 does not cut
        await settle(pilot, lambda: isinstance(app.screen, PuzzleCard))
        await pilot.pause()
        text = screen_text(app)
        assert "Not quite." in text and "Play ♠8" in text
        assert not any(isinstance(s, HandoffScreen) for s in app.screen_stack)
        assert "Pass to" not in text and "keyboard" not in text


async def test_the_whole_explanation_scrolls_into_view_at_80x24(tmp_path: Path) -> None:
    app = make_app(tmp_path, lang="ja")
    async with app.run_test(size=(80, 24)) as pilot:
        card = await open_card(pilot, app, SCORE)
        await pilot.press("h", "h", "h", "down", "enter")  # -288: right
        await pilot.pause()
        body = card.query_one("#card-body")
        assert body.max_scroll_y > 0  # more than the screen holds: it scrolls
        await pilot.press("end")
        await pilot.pause()
        text = screen_text(app)
        assert "t：テーブルを見る" in text  # the verdict's last line is reachable
        assert "正解！" not in text or body.scroll_y > 0
        await pilot.press("home")
        await pilot.pause()
        assert "正解" in screen_text(app) or "ガルド" in screen_text(app)


async def test_japanese_card_and_ascii_glyphs(tmp_path: Path) -> None:
    app = make_app(tmp_path, lang="ja", glyphs="ascii")
    async with app.run_test(size=(80, 24)) as pilot:
        card = await open_card(pilot, app, WHICH)
        await tick(pilot, card, ["play 10D", "play 6S", "play 9H"])
        await pilot.press("home")
        await pilot.pause()
        text = screen_text(app)
        assert "正解！" in text and "出せるカード" in text
        assert all(c.isascii() for c in text if not ("\u3000" <= c <= "\u9fff" or "\uff00" <= c <= "\uffef"))


async def test_a_puzzle_without_a_kind_shows_its_explanation_on_the_card_after_the_decision(tmp_path: Path) -> None:
    puzzle = KINDLESS
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.open_practice(puzzle)
        await settle(pilot, lambda: isinstance(app.screen, TableScreen) and bool(app.screen.choices))
        table = app.screen
        table.apply(next(c.value for c in table.choices if c.enabled))
        await settle(pilot, lambda: table.practice_done)
        if not isinstance(app.screen, PuzzleCard):  # a game that holds its last trick first
            await pilot.press("a")
        await settle(pilot, lambda: isinstance(app.screen, PuzzleCard))
        await pilot.pause()
        assert "Done." in screen_text(app) and "Why:" in screen_text(app)
        assert app.practice_progress().puzzles == {}  # nothing to judge by: no progress claimed


def test_a_damaged_progress_file_is_set_aside_and_practice_starts_afresh(data_folder: Path) -> None:
    data_folder.mkdir()
    path = data_folder / "practice.json"
    path.write_text("{not json", encoding="utf-8")
    progress = Progress.load(path)
    assert progress.puzzles == {} and progress.problem and "moved to practice.json.damaged" in progress.problem
    assert (data_folder / "practice.json.damaged").read_text(encoding="utf-8") == "{not json"
    progress.record("tarot/01-follow-no-need-to-beat", right=False)
    assert Progress.load(path).of("tarot/01-follow-no-need-to-beat").state == "tried"
    assert not list(data_folder.glob(".practice-*"))  # no temporary file left behind


async def test_f1_on_the_card_opens_the_rulebook_at_the_cited_rule(tmp_path: Path) -> None:
    """Issue 16, item 4: the explanation cites DF-10a; F1 shows the rulebook there."""
    from familia_tui.tui.screens.rules import RulesScreen

    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_card(pilot, app, rules_dir("daifugo") / "practice" / "02-pair-lock.yaml")
        await pilot.press("f1")
        await settle(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.pause()
        await pilot.pause()
        document = app.screen.shown_document()
        assert document is not None and document.scroll_y > 0
        assert "[DF-10a]" in screen_text(app)
        await pilot.press("escape")
        await settle(pilot, lambda: isinstance(app.screen, PuzzleCard))
