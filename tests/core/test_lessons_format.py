"""Issue 16, item 3: the guided first game's lessons as data (`core/lessons.py`). Every shipped
guided game loads, is checked by `familia-tui check`, and runs to its end with a scripted
learner, each lesson firing exactly once and in a sensible order; a bad lessons file is refused
with its file and key path, never a traceback."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from familia_tui.cli import main
from familia_tui.core.engine import Event
from familia_tui.core.lessons import (
    LearnError,
    Tutor,
    check_learn,
    first_legal,
    learn_games,
    learn_path,
    load_learn,
    rehearse,
)

ORDER = {
    "daifugo": ["lead", "eight-cut", "suit-lock", "follow", "number-lock", "cannot-beat", "trick-over",
                "forbidden-finish", "went-out", "revolution", "game-over"],
    "familia": ["pile", "follow", "draw", "free", "batting", "joker", "trump", "capture", "scoring"],
    "sixsuit": ["split", "lead", "capture", "face-down", "rebuild", "same-two", "over"],
    "chinkway": ["discard", "trumps", "quest", "follow", "take", "free", "scored"],
    "tarot": ["bid", "chien", "ecart", "slam", "poignee", "follow", "ruff", "overtrump", "excuse", "counting"],
}
"""The order in which each game's lessons fire when the basic bot plays the learner."""


def test_every_game_with_a_table_of_the_issue_ships_a_guided_game() -> None:
    assert set(learn_games()) == {"daifugo", "familia", "tarot", "sixsuit", "chinkway"}


@pytest.mark.parametrize("game", learn_games())
def test_the_guided_game_ends_with_every_lesson_fired_once_in_order(game: str) -> None:
    learn = load_learn(game)
    run = rehearse(learn)
    assert run.over
    ids = [lesson.id for lesson in learn.lessons.lessons]
    assert sorted(run.fired) == sorted(ids), "every lesson fires, and only once"
    assert run.fired == ORDER.get(game, run.fired)
    assert run.fired[-1] == ids[-1], "the last lesson is the end of the game"


@pytest.mark.parametrize("game", learn_games())
def test_another_learner_ends_the_game_too_and_no_lesson_fires_twice(game: str) -> None:
    run = rehearse(load_learn(game), first_legal)
    assert run.over
    assert len(run.fired) == len(set(run.fired))


@pytest.mark.parametrize("game", learn_games())
def test_check_passes_the_shipped_learn_folder(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(learn_path(game).parent)]) == 0
    out = capsys.readouterr().out
    assert "PASS" in out and "guided first game" in out and "0 failed" in out


@pytest.mark.parametrize("game", learn_games())
def test_every_text_is_in_both_languages(game: str) -> None:
    lessons = load_learn(game).lessons
    for lesson in lessons.lessons:
        for text in (lesson.title, lesson.text):
            assert text.en.strip() and text.ja.strip()
            assert any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in text.ja)


def copy_learn(tmp_path: Path, game: str = "daifugo") -> Path:
    folder = tmp_path / "learn"
    shutil.copytree(learn_path(game).parent, folder)
    return folder / "lessons.yaml"


def refusal(path: Path) -> str:
    with pytest.raises(LearnError) as caught:
        load_learn(path)
    return str(caught.value)


def test_an_unknown_event_is_refused_with_its_key_path(tmp_path: Path) -> None:
    path = copy_learn(tmp_path)
    path.write_text(path.read_text().replace("{event: revolution}", "{event: revolutoin}"))
    message = refusal(path)
    assert str(path) in message and ".trigger.event: 'revolutoin' is no event of daifugo" in message


def test_an_unknown_condition_is_refused_naming_the_known_ones(tmp_path: Path) -> None:
    path = copy_learn(tmp_path)
    path.write_text(path.read_text().replace("{condition: only_pass}", "{condition: must_pass}"))
    assert "'must_pass' is no condition of daifugo (finish_forbidden, following, leading, only_pass)" \
        in refusal(path)


def test_a_text_missing_its_japanese_is_refused(tmp_path: Path) -> None:
    path = copy_learn(tmp_path)
    text = path.read_text()
    start = text.index("      ja: >-\n        場に出すには")
    end = text.index("    rulings: [DF-8, DF-11]")
    path.write_text(text[:start] + text[end:])
    message = refusal(path)
    assert "lessons.1.text.ja" in message and "line" in message


def test_a_misspelt_key_gets_a_did_you_mean(tmp_path: Path) -> None:
    path = copy_learn(tmp_path)
    path.write_text(path.read_text().replace("    point: table\n", "    piont: table\n", 1))
    message = refusal(path)
    assert "piont" in message and "did you mean 'point'" in message


def test_a_point_outside_the_vocabulary_is_refused(tmp_path: Path) -> None:
    path = copy_learn(tmp_path)
    path.write_text(path.read_text().replace("    point: log\n", "    point: trick-pile\n", 1))
    assert 'lessons.2.point: "trick-pile" — Input should be \'hand\', \'table\', \'log\'' in refusal(path)


def test_a_trigger_needs_exactly_one_kind(tmp_path: Path) -> None:
    path = copy_learn(tmp_path)
    path.write_text(path.read_text().replace("{event: revolution}", "{event: revolution, condition: leading}"))
    assert "give either an event or a condition" in refusal(path)


def test_lesson_ids_are_unique(tmp_path: Path) -> None:
    path = copy_learn(tmp_path)
    path.write_text(path.read_text().replace("id: went-out", "id: lead"))
    assert "lesson ids must be unique (lead more than once)" in refusal(path)


def test_a_ruling_the_rulebook_lacks_is_refused(tmp_path: Path) -> None:
    path = copy_learn(tmp_path)
    path.write_text(path.read_text().replace("rulings: [DF-15]", "rulings: [DF-99]"))
    assert "'DF-99' is not in the rulebook" in refusal(path)


def test_the_guided_game_needs_one_human(tmp_path: Path) -> None:
    path = copy_learn(tmp_path)
    game = path.parent / "game.yaml"
    game.write_text(game.read_text().replace('{name: Aki, controller: "bot:basic"}', "{name: Aki, controller: human}"))
    assert "needs exactly one human seat (2 found)" in refusal(path)


def test_a_deal_that_places_a_card_twice_is_refused(tmp_path: Path) -> None:
    path = copy_learn(tmp_path)
    game = path.parent / "game.yaml"
    game.write_text(game.read_text().replace("0: [3H, 5S", "0: [4S, 5S"))
    message = refusal(path)
    assert str(path) in message and "4S" in message


def test_a_long_game_ends_its_guided_part_at_ends_at(tmp_path: Path) -> None:
    learn = load_learn("chinkway")
    assert learn.lessons.ends_at == "deal_scored"
    run = rehearse(learn)
    assert run.over and run.fired[-1] == "scored"
    path = copy_learn(tmp_path, "chinkway")
    path.write_text(path.read_text().replace("ends_at: deal_scored", "ends_at: deal_scord"))
    assert "ends_at: 'deal_scord' is no event of chinkway" in refusal(path)


def test_check_fails_a_lesson_that_never_fires(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = copy_learn(tmp_path)
    path.write_text(path.read_text().replace("{event: revolution}", "{event: tenho}"))
    result = check_learn(path)
    assert not result.passed and "never fire" in result.report() and "revolution" in result.report()
    assert main(["check", str(path)]) == 1
    assert "FAIL" in capsys.readouterr().out


def test_an_event_lesson_fires_once_and_by_whom() -> None:
    learn = load_learn("daifugo")
    tutor = Tutor(learn)
    other = learn.human + 1
    assert [lesson.id for lesson in tutor.after_events([Event("trick_won", other, info=(("why", "passes"),))])] \
        == ["trick-over"]
    assert tutor.after_events([Event("trick_won", other, info=(("why", "passes"),))]) == []
    assert [lesson.id for lesson in tutor.after_events([Event("trick_won", other, info=(("why", "eight"),))])] \
        == ["eight-cut"]
    assert tutor.seen == ["trick-over", "eight-cut"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.one_of(
    st.text(max_size=300),
    st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=12),
                 lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                 max_leaves=12).map(repr),
))
def test_fuzzed_lessons_files_are_refused_cleanly(tmp_path: Path, text: str) -> None:
    path = tmp_path / "fuzz" / "lessons.yaml"
    path.parent.mkdir(exist_ok=True)
    path.write_bytes(text.encode("utf-8"))  # (bytes: text mode would turn a lone \r into \n)
    try:
        load_learn(path)
    except LearnError as error:
        assert str(path) in str(error)
    assert path.read_bytes() == text.encode("utf-8")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_fuzzed_edits_of_the_shipped_file_are_refused_cleanly(tmp_path: Path, data: st.DataObject) -> None:
    source = learn_path("daifugo").read_text(encoding="utf-8")
    cut = data.draw(st.integers(0, len(source)))
    insert = data.draw(st.sampled_from(["", ":", "- ", "{", "]", "\n  x: 1\n", "event: 3", "ja: ''", "\t"]))
    path = tmp_path / "edit" / "lessons.yaml"
    path.parent.mkdir(exist_ok=True)
    shutil.copy(learn_path("daifugo").parent / "game.yaml", path.parent / "game.yaml")
    path.write_text(source[:cut] + insert + source[cut + 1:], encoding="utf-8")
    try:
        load_learn(path)
    except LearnError as error:
        assert str(path) in str(error)


@pytest.mark.parametrize("name", ["missing.yaml", "bad\x00name.yaml", ".", "../"])
def test_a_scenario_that_cannot_be_read_is_refused(tmp_path: Path, name: str) -> None:
    path = copy_learn(tmp_path)
    path.write_text(path.read_text().replace("scenario: game.yaml", f"scenario: {name!r}"))
    message = refusal(path)
    assert str(path) in message and "scenario:" in message
