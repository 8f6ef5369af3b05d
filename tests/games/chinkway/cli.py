"""Run `familia-tui` with Chinkway registered even when the installed metadata lacks its entry
point (a worktree before `pip install -e .`): `python tests/games/chinkway/cli.py simulate chinkway …`."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from familia_tui.cli import main  # noqa: E402
from familia_tui.core.registry import game_ids, register  # noqa: E402
from familia_tui.games.chinkway import ENTRY  # noqa: E402

if "chinkway" not in game_ids():  # before `pip install -e .`
    register(ENTRY)

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
