"""The bot protocol, the random bot and the bot registry.

A bot sees only its seat's view and the legal actions: `choose(view, legal, rng) -> action`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
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


def make_bot(kind: str, bots: Mapping[str, Callable[[], Bot]]) -> Bot:
    """The bot of a kind (`random`, `basic` …) from a game's registry, or a clear error."""
    try:
        return bots[kind]()
    except KeyError:
        raise ValueError(f"unknown bot {kind!r} (bots: {', '.join(sorted(bots))})") from None
