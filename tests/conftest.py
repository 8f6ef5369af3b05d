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

# The six-suit game is registered by hand when the installed metadata predates its entry point
# (a checkout newer than the last `pip install -e .`), before any test module is collected: the
# shared table tests (snapshots, ascii) read the registry when they are collected.
from familia_tui.core.registry import game_ids, register  # noqa: E402
from familia_tui.games.sixsuit import ENTRY as SIXSUIT  # noqa: E402

if SIXSUIT.id not in game_ids():
    register(SIXSUIT)
