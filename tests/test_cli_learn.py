"""`familia-tui learn GAME` (issue 16, item 3): the guided game is read and checked before the
app opens; a game without one, or an unknown game, is one line and exit status 2."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import familia_tui.cli as cli
import familia_tui.core.lessons as lessons


def test_learn_opens_the_app_at_the_guided_game(monkeypatch: pytest.MonkeyPatch) -> None:
    launched: dict[str, Any] = {}
    monkeypatch.setattr(cli, "_launch", lambda **kwargs: launched.update(kwargs) or 0)
    assert cli.main(["learn", "daifugo", "--lang", "ja", "--glyphs", "ascii"]) == 0
    assert launched == {"record": None, "learn": "daifugo", "lang": "ja", "glyphs": "ascii"}


def test_learn_an_unknown_game_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["learn", "chess"]) == cli.EXIT_USAGE
    assert "chess" in capsys.readouterr().err


def test_learn_a_game_without_a_guided_game_says_so(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(lessons, "learn_path", lambda game: tmp_path / game / "learn" / "lessons.yaml")
    monkeypatch.setattr(cli, "_launch", lambda **kwargs: pytest.fail("the app must not open"))
    assert cli.main(["learn", "daifugo"]) == cli.EXIT_USAGE
    err = capsys.readouterr().err
    assert err.startswith("familia-tui: ") and "lessons.yaml: cannot be read" in err and "Traceback" not in err
