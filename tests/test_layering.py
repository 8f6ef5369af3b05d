"""The rules core and the games never import Textual or Rich (DESIGN.md §1)."""

import subprocess
import sys

from familia_tui.core.registry import game_ids


def test_importing_every_game_leaves_textual_and_rich_out() -> None:
    imports = "; ".join(f"import familia_tui.games.{game}" for game in game_ids())
    code = (f"import sys; {imports}; import familia_tui.cli, familia_tui.core.scenario, "
            "familia_tui.core.simulate, familia_tui.core.record; "
            "bad = [m for m in ('textual', 'rich') if m in sys.modules]; print(bad); "
            "sys.exit(1 if bad else 0)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_help_imports_neither_pydantic_nor_textual() -> None:
    """`familia-tui --help` (and a typo's usage message) answer at once: no pydantic, no Textual."""
    code = ("import sys, familia_tui.cli as cli\n"
            "try:\n    cli.main(['--help'])\nexcept SystemExit:\n    pass\n"
            "bad = [m for m in ('pydantic', 'textual', 'rich', 'yaml') if m in sys.modules]\n"
            "print(bad, file=sys.stderr); sys.exit(1 if bad else 0)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "usage: familia-tui" in run.stdout
