"""The README's promises: the scenario example is a real, passing scenario file."""

import re
from pathlib import Path

from familia_tui.core.scenario import run_scenario

ROOT = Path(__file__).resolve().parents[1]


def test_readme_scenario_example_is_the_file_and_passes() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(r"<!-- scenario: (\S+) -->\n```yaml\n(.*?)```", readme, re.S)
    assert match, "the README shows a scenario example"
    path = ROOT / match.group(1)
    assert path.read_text(encoding="utf-8") == match.group(2)
    result = run_scenario(path)
    assert result.passed, result.report()


def test_readme_gives_the_two_commands() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "python3 -m venv .venv && .venv/bin/pip install -q -e . && .venv/bin/familia-tui" in readme
    assert ".venv/bin/pip install -q -e '.[test]' && .venv/bin/python -m pytest" in readme
    assert "pytest" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
