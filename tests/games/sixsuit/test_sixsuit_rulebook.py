"""The six-suit rulebook (`rules/sixsuit/rules.en.md`, `rules.ja.md`, shown with F1) cites the
binding rulings of the digest (R-S1 … R-S30 and the amendments R-S15a, R-S16a, R-S25a) where they
decide a sentence, the same ids in both languages, and no other id. Whatever names a ruling (the
six-suit tests, the scenarios, the practice puzzles, the engine's explanations, the guided game's
lessons) finds it there: F1 from a puzzle opens the rulebook at its first `[R-S…]`, and a lesson
card says "Rules R-S…(F1)"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from familia_tui.core.lessons import load_learn, ruling_problems
from familia_tui.core.presets import rules_dir

ROOT = Path(__file__).resolve().parents[3]
RULES = rules_dir("sixsuit")
DIGEST_IDS = frozenset({f"R-S{n}" for n in range(1, 31)} | {"R-S15a", "R-S16a", "R-S25a"})
"""The rulings of /work/shared/rules/sixsuit.md: R-S1 … R-S30 and the three amendments."""
NAMED = re.compile(r"(?<![\w-])R-S\d+[a-z]?(?![\w-])")
CITED = re.compile(r"\[(R-S\d+[a-z]?)\]")


def cited(lang: str) -> set[str]:
    return set(CITED.findall((RULES / f"rules.{lang}.md").read_text(encoding="utf-8")))


def named_in(*patterns: str) -> dict[str, set[str]]:
    """Each ruling id named in the files matching `patterns` (relative to the checkout), with
    the files naming it."""
    named: dict[str, set[str]] = {}
    for pattern in patterns:
        for path in sorted(ROOT.glob(pattern)):
            if path.resolve() == Path(__file__).resolve():
                continue
            for ruling in NAMED.findall(path.read_text(encoding="utf-8")):
                named.setdefault(ruling, set()).add(str(path.relative_to(ROOT)))
    return named


def test_the_rulebook_cites_every_digest_ruling_and_no_other_id() -> None:
    assert cited("en") == DIGEST_IDS, "cite each binding ruling once at least, and invent none"


def test_both_languages_cite_the_same_ids() -> None:
    assert cited("ja") == cited("en")


def test_each_section_cites_the_same_ids_in_both_languages() -> None:
    """The Japanese cites a ruling in the same section as the English, not just somewhere."""
    def by_section(lang: str) -> list[list[str]]:
        text = (RULES / f"rules.{lang}.md").read_text(encoding="utf-8")
        return [sorted(set(CITED.findall(part))) for part in re.split(r"^## ", text, flags=re.M)]
    assert by_section("ja") == by_section("en")


@pytest.mark.parametrize("where", [
    ("tests/games/sixsuit/*.py", "tests/scenarios/sixsuit/*.yaml"),
    ("rules/sixsuit/practice/*.yaml",),
    ("familia_tui/games/sixsuit/*.py",),
], ids=["tests", "practice", "engine"])
def test_every_ruling_named_elsewhere_is_cited_in_both_rulebooks(where: tuple[str, ...]) -> None:
    named = named_in(*where)
    assert named, f"nothing in {where} names a ruling: the glob is wrong"
    for lang in ("en", "ja"):
        missing = {ruling: sorted(files) for ruling, files in named.items() if ruling not in cited(lang)}
        assert not missing, f"rules.{lang}.md lacks [{']['.join(missing)}], named in {missing}"


def test_the_six_suit_tests_name_only_digest_rulings() -> None:
    assert set(named_in("tests/games/sixsuit/*.py", "tests/scenarios/sixsuit/*.yaml")) <= DIGEST_IDS


def test_every_lesson_cites_a_ruling_the_rulebook_names() -> None:
    lessons = load_learn("sixsuit").lessons
    assert [lesson.id for lesson in lessons.lessons if not lesson.rulings] == []
    assert ruling_problems(lessons) == []
    for lesson in lessons.lessons:
        assert set(lesson.rulings) <= cited("en") & cited("ja"), lesson.id


def test_the_lessons_cite_the_rulings_of_what_they_teach() -> None:
    """Spot checks: the same-two lesson cites R-S9, the rebuild lesson once-per-game R-S3 and the
    declaration rounds R-S4, the last lesson the 1-point rule's R-S27."""
    rulings = {lesson.id: lesson.rulings for lesson in load_learn("sixsuit").lessons.lessons}
    assert rulings["same-two"] == ["R-S9"]
    assert {"R-S3", "R-S4"} <= set(rulings["rebuild"])
    assert "R-S27" in rulings["over"] and "R-S12" in rulings["lead"]


def test_a_missing_citation_is_caught(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The lessons check fails when the rulebook loses an id a lesson cites."""
    import familia_tui.core.lessons as lessons_module

    lessons = load_learn("sixsuit").lessons
    folder = tmp_path / "sixsuit"
    folder.mkdir()
    book = (RULES / "rules.en.md").read_text(encoding="utf-8")
    (folder / "rules.en.md").write_text(book.replace("[R-S9]", "[R-S99]"), encoding="utf-8")
    monkeypatch.setattr(lessons_module, "rules_dir", lambda game: folder)
    assert ruling_problems(lessons) == ["lessons.4.rulings: 'R-S9' is not in the rulebook"]
