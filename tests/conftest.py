"""Shared test set-up: a deterministic environment for every test."""

import os

# Textual honours NO_COLOR and friends; snapshots must not depend on the caller's environment.
for var in ("NO_COLOR", "TEXTUAL_THEME", "TEXTUAL_ANIMATIONS", "TEXTUAL_FPS"):
    os.environ.pop(var, None)
