"""Toy whist: a plain trick-taker with a team-private step, the proof of the table kit.

It is a whole game built only from what the kit offers: this package (its entry, `game.py`, its
texts), a UI package (`ui/`), a rules folder (`rules/`) and one registration, `register(ENTRY)`
in the tests (a shipped game registers the same entry under the `familia_tui.games` entry
points instead). No file outside `tests/` names it.

The rules: four players in two teams (seats 1 and 3 against 2 and 4) get five cards each from
the twenty cards 10 J Q K A of four suits. Before the first trick the first team chooses the
trump suit together, a decision only its two members see. Then five tricks: follow suit if
able, the highest trump wins, else the highest card of the led suit; the winner leads the next.
Each trick is a point for the winner's team.
"""

from pathlib import Path

from familia_tui.core.registry import GameEntry

ENTRY = GameEntry(
    id="toy",
    names={"en": "Toy whist", "ja": "おもちゃホイスト"},
    players=(4, 4),
    spec="toy.game:GAME",
    options="toy.game:ToyOptions",
    prefix="toy",
    texts=("toy.texts",),
    ui="toy.ui",
    order=1000,
    rules=str(Path(__file__).parent / "rules"),
)
