"""Games are found from the `familia_tui.games` entry points without `importlib.metadata` (its
import and its reading of every distribution's metadata held the first frame back): the same
entry points, the first distribution of a name only, and `importlib.metadata` itself where it
would look further (a zip file on `sys.path`)."""

from __future__ import annotations

import sys
import zipfile
from importlib import metadata
from pathlib import Path

import pytest

from familia_tui.core.registry import GROUP, EntryPoint, GameEntry, entry_points


def by_metadata(group: str) -> list[EntryPoint]:
    return [EntryPoint(point.name, point.value) for point in metadata.entry_points(group=group)]


@pytest.mark.parametrize("group", [GROUP, "console_scripts", "pytest11", "no.such.group"])
def test_the_entry_points_found_are_those_importlib_metadata_finds(group: str) -> None:
    assert sorted(entry_points(group)) == sorted(by_metadata(group))


def distribution(folder: Path, name: str, text: str) -> None:
    info = folder / name
    info.mkdir(parents=True)
    (info / "entry_points.txt").write_text(text, encoding="utf-8")


def test_a_distribution_on_the_path_brings_its_games_and_the_first_of_a_name_wins(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    distribution(tmp_path / "first", "toy_games-1.0.dist-info",
                 "[console_scripts]\ntoy = toy.cli:main\n\n[familia_tui.games]\n# the toy game\n"
                 "toy = toy:ENTRY\n  other = toy.other : ENTRY [extra]\n")
    distribution(tmp_path / "second", "Toy.Games-2.0.dist-info", "[familia_tui.games]\nold = toy:OLD\n")
    distribution(tmp_path / "second", "cards-0.1.egg-info", "[familia_tui.games]\ncards = cards:ENTRY\n")
    monkeypatch.setattr(sys, "path", [str(tmp_path / "first"), str(tmp_path / "second"), *sys.path])
    found = entry_points(GROUP)
    assert [point for point in found if point.name in ("toy", "other", "old", "cards")] == [
        EntryPoint("toy", "toy:ENTRY"), EntryPoint("other", "toy.other : ENTRY [extra]"),
        EntryPoint("cards", "cards:ENTRY")]
    assert sorted(found) == sorted(by_metadata(GROUP))


def test_a_zip_file_on_the_path_is_read_by_importlib_metadata(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    archive = tmp_path / "games.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("zipped_games-1.0.dist-info/entry_points.txt", "[familia_tui.games]\nzipped = z:ENTRY\n")
        zipped.writestr("zipped_games-1.0.dist-info/METADATA", "Name: zipped-games\nVersion: 1.0\n")
    monkeypatch.setattr(sys, "path", [str(archive), *sys.path])
    assert EntryPoint("zipped", "z:ENTRY") in entry_points(GROUP)


def test_an_entry_point_loads_its_object_as_importlib_metadata_does() -> None:
    assert EntryPoint("x", "familia_tui.core.registry:GameEntry").load() is GameEntry
    assert EntryPoint("x", "familia_tui.core.registry : GameEntry.name [extra]").load() is GameEntry.name
    assert EntryPoint("x", "familia_tui.core.registry").load() is sys.modules["familia_tui.core.registry"]
