"""Time from launch to the first frame in a real terminal (tmux), familia-tui against a trivial
Textual app measured the same way (a benchmark, not a test; DESIGN.md §10).

    python benchmarks/first_frame.py [--runs 7]

The package is byte-compiled first, as it is after a player's first launch (this workplace sets
PYTHONDONTWRITEBYTECODE, which would make every launch compile ~400 modules). Each run starts a
fresh tmux session of 120×40, polls the pane every 10 ms until the app's text
is on it, and prints the median of each and their ratio.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TRIVIAL = '''
from textual.app import App
from textual.widgets import Footer, Static

class Trivial(App):
    def compose(self):
        yield Static("trivial app ready")
        yield Footer()

Trivial().run()
'''


def first_frame(command: str, marker: str, env: dict[str, str]) -> float:
    session = f"ff{os.getpid()}"
    for _attempt in range(5):  # a new session can lose a race with a tmux server that is exiting
        start = time.perf_counter()
        started = subprocess.run(["tmux", "new-session", "-d", "-s", session, "-x", "120", "-y", "40", command],
                                 env=env, capture_output=True)
        if started.returncode == 0:
            break
        time.sleep(0.2)
    else:
        raise RuntimeError(f"tmux could not start a session: {started.stderr.decode()}")
    try:
        while time.perf_counter() - start < 30:
            pane = subprocess.run(["tmux", "capture-pane", "-p", "-t", session],
                                  capture_output=True, text=True).stdout
            if marker in pane:
                return time.perf_counter() - start
            time.sleep(0.01)
        raise RuntimeError(f"{marker!r} never appeared")
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="familia-tui-bench-"))
    trivial = folder / "trivial.py"
    trivial.write_text(TRIVIAL, encoding="utf-8")
    env = {**os.environ, "FAMILIA_TUI_DATA": str(folder / "data"),
           "FAMILIA_TUI_CONFIG": str(folder / "config"), "LANG": "C.UTF-8"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as on a player's machine: compiled once, then cached
    python = sys.executable
    subprocess.run([python, "-m", "compileall", "-q", str(Path(__file__).resolve().parents[1] / "familia_tui"),
                    str(trivial)], check=True, env=env)
    ours, theirs = [], []
    for _ in range(args.runs):  # interleaved, so that the machine's load hits both alike
        theirs.append(first_frame(f"{python} {trivial}", "trivial app ready", env))
        ours.append(first_frame(f"{python} -m familia_tui --lang en", "New game: Familia", env))
    mine, base = statistics.median(ours), statistics.median(theirs)
    print(f"first frame: familia-tui {1000 * mine:.0f} ms, trivial Textual app {1000 * base:.0f} ms, "
          f"ratio {mine / base:.2f} (median of {args.runs})")


if __name__ == "__main__":
    main()
