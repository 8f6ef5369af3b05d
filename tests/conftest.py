"""Shared test set-up: a deterministic environment for every test."""

import os
import tempfile

# Textual honours NO_COLOR and friends; snapshots must not depend on the caller's environment.
for var in ("NO_COLOR", "TEXTUAL_THEME", "TEXTUAL_ANIMATIONS", "TEXTUAL_FPS"):
    os.environ.pop(var, None)

# The app's data and settings folders: a fresh one per test process (pytest-xdist runs two), so
# a test never reads or writes the person's own saves and settings.
for var in ("FAMILIA_TUI_DATA", "FAMILIA_TUI_CONFIG"):
    os.environ[var] = tempfile.mkdtemp(prefix=f"familia-tui-test-{var.rsplit('_', 1)[1].lower()}-")

# A message or placeholder missing from a catalogue fails the test that shows it (the app shows
# the key instead, so that nothing crashes for want of a word).
os.environ["FAMILIA_TUI_STRICT_TEXTS"] = "1"

# The tests' own toy game (tests/toy) is imported as `toy`: this folder is on sys.path (pytest
# puts a conftest's folder there), so registering it needs no installation.

# A game package whose entry point is not installed yet (a new game in a worktree, before
# `pip install -e .` reads its line in pyproject.toml) is registered by hand, so that every test
# that walks the registered games covers it; tests/test_layering.py checks that each game package
# has its pyproject line.
from importlib import import_module  # noqa: E402
from pathlib import Path  # noqa: E402

import familia_tui.games  # noqa: E402
from familia_tui.core.registry import GameEntry, game_ids, register  # noqa: E402

for _package in sorted(Path(familia_tui.games.__file__).parent.iterdir()):
    if (_package / "__init__.py").is_file():
        _entry = getattr(import_module(f"familia_tui.games.{_package.name}"), "ENTRY", None)
        if isinstance(_entry, GameEntry) and _entry.id not in game_ids():
            register(_entry)
