"""Issue 16: a practice puzzle's key is held to the engine by `check`, and its keys fit its kind."""

from __future__ import annotations

from pathlib import Path

import pytest

from familia_tui.core.presets import rules_dir
from familia_tui.core.scenario import ScenarioError, check_paths, load_scenario, run_scenario

WHO = rules_dir("familia") / "practice" / "02-who-wins-stage-two.yaml"
BEST = rules_dir("daifugo") / "practice" / "07-eight-cut.yaml"


def variant(tmp_path: Path, source: Path, old: str, new: str) -> Path:
    text = source.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / source.name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize("game", ["familia", "tarot", "daifugo"])
def test_every_shipped_puzzle_passes_check_and_has_a_kind_and_topic(game: str) -> None:
    folder = rules_dir(game) / "practice"
    results = check_paths([folder])
    assert len(results) >= 15
    assert [r.report() for r in results if not r.passed] == []
    for path in folder.glob("*.yaml"):
        puzzle = load_scenario(path)
        assert puzzle.kind and puzzle.topic and puzzle.ruling, path.name
        for text in (puzzle.question, puzzle.explanation, *puzzle.hints, puzzle.topic, puzzle.title):
            assert isinstance(text, dict) and {"en", "ja"} <= set(text), path.name


def test_a_who_wins_key_that_disagrees_with_the_engine_fails(tmp_path: Path) -> None:
    wrong = variant(tmp_path, WHO, "    right: true\n", "")
    wrong = variant(tmp_path, wrong, '  - text: {en: "P6 (4♣)"', '  - right: true\n    text: {en: "P6 (4♣)"')
    result = run_scenario(wrong)
    assert not result.passed
    assert {f.kind for f in result.failures} == {"choices[2]", "choices[3]"}
    assert "the key disagrees with the engine" in result.report()


def test_a_best_play_answer_must_be_legal_at_the_start(tmp_path: Path) -> None:
    result = run_scenario(variant(tmp_path, BEST, "answer: [play 8S]", "answer: [play 9S]"))
    assert [f.kind for f in result.failures] == ["answer"]


def test_a_which_cards_puzzle_must_start_at_its_decision(tmp_path: Path) -> None:
    source = rules_dir("familia") / "practice" / "07-leader-not-bound-by-must-win.yaml"
    path = variant(tmp_path, source, "  - legal: [play 2H, play 9H, play AH]\n  - do: play 2H\n", "  - do: play 2H\n")
    assert [f.kind for f in run_scenario(path).failures] == ["puzzle"]


@pytest.mark.parametrize(("old", "new", "message"), [
    ("kind: who-wins", "kind: best-play", "best-play: give the right actions as answer"),
    ("kind: who-wins", "kind: guess", "kind"),
    ("    right: true\n", "", "mark exactly one choice right"),
])
def test_puzzle_keys_that_do_not_fit_the_kind_are_refused(tmp_path: Path, old: str, new: str, message: str) -> None:
    with pytest.raises(ScenarioError, match=message):
        load_scenario(variant(tmp_path, WHO, old, new))
