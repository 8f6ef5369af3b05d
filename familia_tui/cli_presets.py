"""`familia-tui presets`: list, show and validate presets (no Textual import)."""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from pathlib import Path

import yaml

from familia_tui.core.presets import (
    Preset,
    find_preset,
    list_presets,
    preset_paths,
    resolved_options,
    validate_files,
)
from familia_tui.core.registry import UnknownGame, game_ids
from familia_tui.i18n import default_lang

USAGE = ("usage: familia-tui presets [list] [GAME] | presets show GAME/PRESET | "
         "presets validate FILE...")


def run_presets(words: Sequence[str], lang: str | None) -> int:
    """Dispatch the `presets` words; returns the exit status."""
    lang = lang or default_lang()
    if words[:1] == ["list"]:  # (`presets list GAME` reads like `show` and `validate`)
        words = words[1:]
    if words[:1] == ["validate"]:
        return _validate(words[1:])
    if words[:1] == ["show"]:
        if len(words) != 2 or "/" not in words[1]:
            print(USAGE, file=sys.stderr)
            return 2
        game, _, ref = words[1].partition("/")
        return _show(find_preset(game, ref), lang)
    if len(words) > 1:
        print(USAGE, file=sys.stderr)
        return 2
    if words and words[0] not in game_ids():
        raise UnknownGame(words[0])
    return _list(words or list(game_ids()), lang)


def _list(games: Sequence[str], lang: str) -> int:
    status = 0
    for game in games:
        presets, errors = list_presets(game)
        for preset in sorted(presets, key=_natural):
            origin = "" if preset.origin == "shipped" else f"  ({preset.origin}: {preset.source})"
            print(f"{preset.full_id:<34} {preset.title(lang)}{origin}")
        for error in errors:
            print(error, file=sys.stderr)
            status = 1
    return status


def _natural(preset: Preset) -> list[object]:
    """familia-2 before familia-10: digits compare as numbers."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", preset.id)]


def _show(preset: Preset, lang: str) -> int:
    print(f"{preset.full_id}: {preset.title(lang)}")
    print(f"  {preset.description.get(lang) or preset.description.get('en', '')}")
    print(f"  source: {preset.source}")
    print(yaml.safe_dump(resolved_options(preset), allow_unicode=True, sort_keys=False).rstrip())
    return 0


def _validate(paths: Sequence[str]) -> int:
    if not paths:
        print(USAGE, file=sys.stderr)
        return 2
    errors = validate_files([Path(p) for p in paths])
    for error in errors:
        print(error, file=sys.stderr)
    if not errors:
        print(f"{len(preset_paths(paths))} file(s) valid")
    return 1 if errors else 0
