"""Practice: the puzzles shipped with the rules (`rules/<game>/practice/*.yaml`) of every playable game.

A puzzle is a scenario file with a question, hints and an explanation; choosing one hands its
path to `app.open_practice`, which sets the position up at the table. The list is grouped by
game, then by topic, and says of each puzzle whether it is new, tried or solved (the practice
progress in the data folder, `core/progress.py`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from familia_tui.core.presets import YAML_SUFFIXES, rules_dir
from familia_tui.core.registry import game_ids
from familia_tui.core.scenario import ScenarioError, ScenarioFile, load_scenario
from familia_tui.i18n import translate
from familia_tui.tui.screens.base import AppScreen
from familia_tui.tui.screens.tables import has_table
from familia_tui.tui.widgets.footer import AppFooter


@dataclass(frozen=True)
class Puzzle:
    """One practice puzzle and where it came from."""

    game: str
    path: Path
    scenario: ScenarioFile

    def title(self, lang: str = "en") -> str:
        """The title in `lang` without the "Practice:" every puzzle's title starts with. A
        puzzle titled in English only is named in Japanese by its question's last sentence."""
        title = self.scenario.title
        if isinstance(title, dict):
            title = title.get(lang) or title.get("en")
        elif lang != "en" and isinstance(self.scenario.question, dict) and lang in self.scenario.question:
            title = re.split(r"(?<=[。．])", self.question(lang).rstrip("。"))[-1]
        title = (title or self.path.stem.replace("-", " ")).removeprefix("Practice:").strip()
        return title[:1].upper() + title[1:]

    @property
    def key(self) -> str:
        """The puzzle's name in the practice progress."""
        return f"{self.game}/{self.path.stem}"

    def topic(self, lang: str) -> str:
        """The topic in `lang` (the file's kind of question when it names no topic)."""
        topic = self.scenario.topic
        if isinstance(topic, dict):
            topic = topic.get(lang) or topic.get("en")
        return topic or ""

    def question(self, lang: str) -> str:
        """The question in `lang` (English when there is none), as one paragraph."""
        question = self.scenario.question
        if isinstance(question, dict):
            question = question.get(lang) or question.get("en")
        return one_paragraph(question or "")


CJK = "\u3000-\u30ff\u3400-\u9fff\uff00-\uffef"
"""Japanese script and full-width forms: text in them is written without spaces."""


def one_paragraph(text: str) -> str:
    """A YAML block as one paragraph: line breaks become spaces between words, and nothing next
    to Japanese (a folded block puts a space wherever the file broke a Japanese line)."""
    text = re.sub(rf"\s+(?=[{CJK}])|(?<=[{CJK}])\s+", "", text.strip())
    return re.sub(r"\s+", " ", text)


def find_puzzles(games: tuple[str, ...] | None = None) -> tuple[list[Puzzle], list[str]]:
    """Every practice puzzle of `games` (default: every game the app has a table for), in game
    then file order, and one message per bad file."""
    puzzles, errors = [], []
    for game in tuple(g for g in game_ids() if has_table(g)) if games is None else games:
        folder = rules_dir(game) / "practice"
        files = sorted(p for p in folder.iterdir() if p.suffix in YAML_SUFFIXES) if folder.is_dir() else []
        for path in files:
            try:
                puzzles.append(Puzzle(game, path, load_scenario(path)))
            except ScenarioError as error:
                errors.append(str(error))
    return puzzles, errors


def by_topic(puzzles: list[Puzzle]) -> list[Puzzle]:
    """The puzzles of each game grouped by topic, topics in the order they first come (file
    order within a topic)."""
    first: dict[tuple[str, str], int] = {}
    for index, puzzle in enumerate(puzzles):
        first.setdefault((puzzle.game, puzzle.topic("en")), index)
    games = list(dict.fromkeys(p.game for p in puzzles))
    return sorted(puzzles, key=lambda p: (games.index(p.game), first[(p.game, p.topic("en"))]))


class PracticeScreen(AppScreen[None]):
    """Home → practice → a puzzle at the table."""

    CSS_PATH = "practice.tcss"
    BINDINGS = [Binding("escape", "back", "Back"), Binding("enter", "open", "Open", priority=True)]

    def __init__(self) -> None:
        super().__init__(classes="practice")
        puzzles, self.errors = find_puzzles()
        self.puzzles = by_topic(puzzles)

    def compose(self) -> ComposeResult:
        yield Static(self.t("ui.practice_title"), id="practice-title")
        if self.puzzles:
            yield Static(self.t("ui.practice_intro"), id="practice-intro")
            yield OptionList(*self.options(), id="practice-list")
            yield Static(id="practice-detail")
        else:
            yield Static(self.t("ui.practice_empty"), id="practice-empty")
        if self.errors:
            note = Text(self.t("ui.practice_errors", count=len(self.errors)) + "\n", style="bold")
            yield Static(note.append("\n".join(self.errors), style=""), id="practice-errors")
        yield AppFooter()

    def options(self) -> list[Option | None]:
        """One heading per game (with its solved count) and per topic, then its puzzles."""
        progress = self.progress()
        options: list[Option | None] = []
        game = topic = None
        for index, puzzle in enumerate(self.puzzles):
            if puzzle.game != game:
                game, topic = puzzle.game, None
                mine = [p for p in self.puzzles if p.game == game]
                solved = sum(progress.of(p.key).solved for p in mine)
                heading = Text(self.safe(translate(f"game.{game}", self.lang)), style="bold reverse")
                heading.append("  " + self.t("ui.practice_summary", solved=solved, count=len(mine)))
                options.append(Option(heading, disabled=True))
            if puzzle.topic(self.lang) != topic:
                topic = puzzle.topic(self.lang)
                if topic:
                        options.append(Option(Text(" " + self.safe(topic), style="bold underline"), disabled=True))
            options.append(Option(self.puzzle_prompt(puzzle, progress.of(puzzle.key).state), id=str(index)))
        return options

    def puzzle_prompt(self, puzzle: Puzzle, state: str) -> Text:
        mark = {"new": "[ ]", "tried": "[-]", "solved": "[x]"}[state]
        prompt = Text(f"  {mark} ", style={"solved": "green", "tried": "yellow"}.get(state, "dim"))
        prompt.append(self.safe(puzzle.title(self.lang)), style="bold")
        return prompt.append(f"  ({self.t('ui.practice_' + state)})", style="dim")

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """The highlighted puzzle's question, below the list."""
        if event.option_id is None:
            return
        puzzle = self.puzzles[int(event.option_id)]
        question = Text(self.safe(puzzle.question(self.lang)))
        if self.glyphs == "unicode":
            question.highlight_regex(r"(?:10|[2-9AJQK])?[♥♦]", "red")
        self.query_one("#practice-detail", Static).update(question)

    def progress(self):  # type: ignore[no-untyped-def]
        """The app's practice progress (an app without one: nothing tried)."""
        from familia_tui.core.progress import Progress

        keep = getattr(self.app, "practice_progress", None)
        return keep() if keep is not None else Progress(Path(".practice.json"))

    def on_screen_resume(self) -> None:
        """Back from a puzzle: its new state is shown, the cursor where it was."""
        if not self.puzzles:
            return
        listing = self.query_one(OptionList)
        highlighted = listing.highlighted
        listing.clear_options()
        listing.add_options(self.options())
        if highlighted is not None:
            listing.highlighted = highlighted

    def on_mount(self) -> None:
        if self.puzzles:
            listing = self.query_one(OptionList)
            listing.focus()
            listing.action_first()  # the first puzzle, below its headings

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return bool(self.puzzles) if action == "open" else True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.open_puzzle(self.puzzles[int(event.option_id or 0)])

    def action_open(self) -> None:
        """Enter when the list is not focused: open the highlighted puzzle."""
        highlighted = self.query_one(OptionList).highlighted if self.puzzles else None
        if highlighted is not None:
            option = self.query_one(OptionList).get_option_at_index(highlighted)
            self.open_puzzle(self.puzzles[int(option.id or 0)])

    def open_puzzle(self, puzzle: Puzzle) -> None:
        open_practice = getattr(self.app, "open_practice", None)
        if open_practice is None:
            self.notify(self.t("ui.practice_unavailable"), severity="warning")
            return
        open_practice(puzzle.path)

    def action_back(self) -> None:
        self.dismiss()
