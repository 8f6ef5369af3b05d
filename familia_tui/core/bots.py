"""The bot protocol and the random bot (a game's bots are made by `GameSpec.make_bot`).

A bot sees only its seat's view and the legal actions: `choose(view, legal, rng) -> action`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol


class Bot(Protocol):
    """Chooses one of the legal actions from what its seat may know."""

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any: ...


class RandomBot:
    """Plays a uniformly random legal action: the fuzzer and the benchmark's opponent."""

    needs_view = False
    """It never looks at the table, so simulations skip building its view."""

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return legal[int(rng.random() * len(legal))]  # uniform; cheaper than randrange
