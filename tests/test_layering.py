"""The layers (DESIGN.md §1): the rules core and the games never import Textual or Rich; core
imports no game; no source file outside a game's own packages names a game."""

import ast
import re
import subprocess
import sys
from pathlib import Path

from familia_tui.core.registry import entries, game_ids

PACKAGE = Path(__file__).resolve().parents[1] / "familia_tui"


def test_importing_every_game_leaves_textual_and_rich_out() -> None:
    # Each game's spec module by its path: the fresh interpreter's registry reads the installed
    # metadata, which may predate a game that the tests register by hand.
    specs = [entry.spec.split(":")[0] for entry in entries() if entry.spec.startswith("familia_tui.")]
    assert len(specs) == len(game_ids()) or "toy" in game_ids()
    imports = "; ".join(f"import_module({spec!r}).GAME.new_game" for spec in specs)
    code = (f"import sys; from importlib import import_module; {imports}; "
            "import familia_tui.cli, familia_tui.core.scenario, familia_tui.core.simulate, familia_tui.core.record; "
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


def game_packages() -> list[Path]:
    """Each game's own packages: its engine and its table."""
    return [folder for entry in entries()
            for folder in (PACKAGE / "games" / entry.id, PACKAGE / "tui" / "games" / entry.id)]


def outside_the_games() -> list[Path]:
    own = game_packages()
    return [path for path in sorted(PACKAGE.rglob("*.py"))
            if not any(path.is_relative_to(folder) for folder in own)]


def code_strings(tree: ast.AST) -> list[str]:
    """The string constants of a module that are not docstrings (of modules, classes, functions
    or attributes: a string standing alone as a statement)."""
    docstrings = {id(node.value) for node in ast.walk(tree)
                  if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}
    return [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and id(node) not in docstrings]


def test_no_source_outside_a_games_packages_names_it() -> None:
    """Imports and code strings: a game id as a word (the project's own name, familia-tui /
    familia_tui, aside); docstrings and comments may give examples."""
    ids = "|".join(game_ids())
    named = re.compile(rf"(?<![\w-])({ids})(?![\w-])")
    found = []
    for path in outside_the_games():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules = [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
        modules += [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
        texts = [re.sub(r"familia[-_]tui", "", text, flags=re.IGNORECASE) for text in code_strings(tree)]
        for text in modules + texts:
            if named.search(text.replace(".", " ")):
                found.append(f"{path.relative_to(PACKAGE)}: {text!r}")
    assert found == []


def test_core_imports_no_game() -> None:
    for path in sorted((PACKAGE / "core").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules = [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
        assert not [m for m in modules if m.startswith("familia_tui.games")], path


def test_screens_draw_views_never_a_state() -> None:
    """The app reaches a game only through `Session.table` (views, legal actions, explanations):
    no module under tui/ reads a session's `state`, clones or applies to one."""
    found = []
    for path in sorted((PACKAGE / "tui").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == "state" and \
                    isinstance(node.value, ast.Attribute | ast.Name) and \
                    getattr(node.value, "attr", getattr(node.value, "id", "")) == "session":
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert found == []
