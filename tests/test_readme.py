"""The README's promises: every scenario example is a real, passing scenario file."""

import re
from pathlib import Path

from familia_tui.core.scenario import run_scenario

ROOT = Path(__file__).resolve().parents[1]


def test_readme_scenario_examples_are_the_files_and_pass() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    examples = re.findall(r"<!-- scenario: (\S+) -->\n```yaml\n(.*?)```", readme, re.S)
    games = {Path(name).parts[2] for name, _ in examples}
    assert {"familia", "tarot", "daifugo"} <= games, "the README shows a scenario example per game"
    for name, text in examples:
        path = ROOT / name
        assert path.read_text(encoding="utf-8") == text, name
        result = run_scenario(path)
        assert result.passed, result.report()


def test_readme_gives_the_two_commands() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "python3 -m venv .venv && .venv/bin/pip install -q -e . && .venv/bin/familia-tui" in readme
    assert ".venv/bin/pip install -q -e '.[test]' && .venv/bin/python -m pytest" in readme
    assert "pytest" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
