"""The search bot (`bot:search`, DESIGN.md §8): determinized Monte Carlo search, for every game.

At each decision it deals the cards its seat cannot see at random, consistently with its view
(the game's sampler), plays each of its legal actions in that deal and plays the deal out with a
fast policy, scoring what the action gained its side by the end of the deal. The actions are
compared by sequential halving: a round of such deals for every action still running, then the
worse half drops out, until one is left (a fixed budget of playouts spent where it tells most;
every action of a round sees the same deals, so luck of the cards does not decide between them).
It needs no strategy of its own: a game gives it a `SearchSpec` (its sampler, where a playout
stops, and what a seat's side has so far).

A decision stops at its level's playout count or its time budget, whichever comes first: on a
machine fast enough for the count, the same view and seed give the same move (so undo cannot
fish for another bot move), and no move takes longer than its budget.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from familia_tui.core.engine import GameState
from familia_tui.core.sampling import deal_unseen


def random_policy(state: GameState, rng: random.Random) -> Any:
    """A playout's move: any legal action, uniformly."""
    legal = state.legal_actions()
    return legal[int(rng.random() * len(legal))]


@dataclass(frozen=True)
class Unseen:
    """The cards a seat has not seen and where they may be, read off its view: the places are
    the game's (the other hands, the chien, a stock …), numbered 0, 1 …"""

    cards: tuple[Any, ...]
    room: tuple[int, ...]
    """How many of the cards each place holds."""
    may_hold: tuple[frozenset[int], ...] | None = None
    """Per card, the places it may be in (a seat that failed to follow a suit holds none of
    it …); None: any place."""


@dataclass(frozen=True)
class SearchSpec:
    """What the search bot needs from a game. The sampler is `unseen` then `build`, both given
    the view only, so it cannot read what the view's seat may not know."""

    unseen: Callable[[Any], Unseen]
    """`unseen(view)`: the cards the view's seat has not seen, and where they may be."""
    build: Callable[[Any, list[list[Any]]], GameState]
    """`build(view, dealt)`: the whole state with each place's unseen cards (`dealt[place]`, in
    random order: a stock's order is the one given) and everything else from the view. Its
    seat to act, legal actions and the view of the view's seat are the view's."""
    horizon: Callable[[GameState], int]
    """A number that changes when the deal (hand, round) in play is over: playouts stop there."""
    value: Callable[[GameState, int], float]
    """What the seat's side has so far (its score less the others' mean, say); a playout's gain
    is the difference from the state it started in, so only differences matter."""
    playout: Callable[[GameState, random.Random], Any] = random_policy
    """The playouts' policy (it may read the sampled state: the sample is the bot's own guess)."""

    def sample(self, view: Any, rng: random.Random) -> GameState:
        """A whole state agreeing with everything the view's seat knows, the unseen cards dealt
        at random where they may be; every deal that agrees can come out."""
        unseen = self.unseen(view)
        return self.build(view, deal_unseen(unseen.cards, unseen.room, unseen.may_hold, rng))


@dataclass(frozen=True)
class Level:
    """How hard the search bot thinks."""

    playouts: int
    """Playouts per decision at most."""
    seconds: float
    """The decision's time budget: it stops earlier rather than run over."""


LEVELS = {
    "easy": Level(playouts=150, seconds=0.25),
    "normal": Level(playouts=600, seconds=1.0),
    "hard": Level(playouts=2400, seconds=3.0),
}
"""The search bot's levels (`bot:search:easy` …; `bot:search` is `normal`)."""

DEFAULT_LEVEL = "normal"


class SearchBot:
    """Determinized Monte Carlo search by sequential halving (see the module's text)."""

    thinks = True
    """It takes a while: the app runs it away from the screen's thread."""

    def __init__(self, search: SearchSpec, level: str = DEFAULT_LEVEL,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.search = search
        self.level = LEVELS[level]
        self.clock = clock
        self.playouts = 0
        """Playouts of the last decision (for the tournament's and the benchmark's figures)."""

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """Rounds of sampled deals: in each, every action still in the running is played out in
        the same deals (so they are compared on equal cards), then the worse half drops out."""
        self.playouts = 0
        if len(legal) == 1:
            return legal[0]
        seat: int = view.seat
        deadline = self.clock() + self.level.seconds * 0.95
        totals = [0.0] * len(legal)
        tries = [0] * len(legal)
        running = list(range(len(legal)))
        rounds = math.ceil(math.log2(len(legal)))
        search = self.search
        for _ in range(rounds):
            deals = max(1, self.level.playouts // (len(running) * rounds))
            for _ in range(deals):
                sample = search.sample(view, rng)
                start = search.value(sample, seat), search.horizon(sample)
                for index in running:  # (Daifugō may offer hundreds: the clock is read each time)
                    if self.playouts and self.clock() >= deadline:
                        return legal[_best(running, totals, tries)]
                    totals[index] += self.playout(sample.clone(), legal[index], seat, start, rng)
                    tries[index] += 1
                    self.playouts += 1
            running.sort(key=lambda i: -totals[i] / tries[i])
            running = running[:(len(running) + 1) // 2]
        return legal[_best(running, totals, tries)]

    def playout(self, state: GameState, action: Any, seat: int, start: tuple[float, int],
                rng: random.Random) -> float:
        """What `action` gained the seat's side by the end of the deal, in one sampled deal
        (`start`: the deal's value for the seat and horizon before the action)."""
        search = self.search
        before, horizon = start
        state.apply(action)
        policy = search.playout
        while not state.is_over and search.horizon(state) == horizon:
            state.apply(policy(state, rng))
        return search.value(state, seat) - before


def _best(running: list[int], totals: list[float], tries: list[int]) -> int:
    """The action still running with the best mean gain (the first of equals)."""
    return max(running, key=lambda i: (totals[i] / tries[i] if tries[i] else -math.inf, -i))
