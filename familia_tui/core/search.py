"""The search bot (`bot:search`, DESIGN.md §8): determinized Monte Carlo search, for every game.

At each decision it deals the cards its seat cannot see at random, consistently with its view
(the game's sampler), plays each of its legal actions in that deal and plays the deal out with a
fast policy, scoring what the action gained its side by the end of the deal. The actions are
compared by sequential halving: a round of such deals for every action still running, then the
worse half drops out, until one is left (a fixed budget of playouts spent where it tells most;
every action of a round sees the same deals, so luck of the cards does not decide between them).
It needs no strategy of its own: a game gives it a `SearchSpec` (its sampler, where a playout
stops, and what a seat's side has so far) and, where it helps, its own deal of the unseen cards,
a test that rejects deals breaking a fact no per-card constraint says (`deal`, `accept`), and a
key that names actions the rules make equivalent, so that one of each is played out (`key`).

A decision stops at its level's playout count or its time budget, whichever comes first: on a
machine fast enough for the count, the same view and seed give the same move (so undo cannot
fish for another bot move), and no move takes longer than its budget.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
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
    deal: Callable[[Any, random.Random], list[list[Any]]] | None = None
    """`deal(view, rng)`: a deal of the unseen cards, each place's (as `build` takes them), for
    a game that deals otherwise than the core's constrained deal of `unseen(view)` (None): one
    case of several drawn first, a hand mended towards a fact the table saw. It honours
    `unseen`'s room and per-card constraints all the same."""
    accept: Callable[[Any, list[list[Any]]], bool] | None = None
    """`accept(view, dealt)`: whether a deal agrees with what the view's seat knows that binds
    several cards at once, so no per-card constraint says it (a hand's sum the table saw, a
    deal's condition on a whole hand). None: every deal agrees. See `sample` and `tries`."""
    tries: int = 40
    """Deals per sample at most when `accept` rejects them: then the last one is kept."""
    key: Callable[[Any, Sequence[Any]], Sequence[Hashable]] | None = None
    """`key(view, legal)`: one key per legal action, equal for actions that the rules make
    equivalent for the rest of the game (the same outcome whatever anyone does next), or that
    the game's key says it approximates as such, and why: the search plays out only the first
    action of each key and may choose it, so it spreads its playouts over distinct actions
    (None: every action is its own)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "sample" in cls.__dict__:
            raise TypeError(f"{cls.__name__}: give SearchSpec a `deal` or `accept` rather than a `sample`")

    def sample(self, view: Any, rng: random.Random) -> GameState:
        """A whole state agreeing with everything the view's seat knows, the unseen cards dealt
        at random where they may be; every deal that agrees can come out.

        The deal is `deal(view, rng)` (the core's constrained deal of `unseen(view)` without
        one), dealt again while `accept` rejects it, `tries` deals at most. When every try is
        rejected the last deal is kept: it honours each per-card constraint, so the sample is
        still a whole legal state that shows the seat its view and legal actions; it may break a
        several-card fact the seat could have worked out, which the game's `accept` documents as
        rare (a search then weighs one unlikely deal among many)."""
        deal = self.deal or self._core_deal
        dealt = deal(view, rng)
        accept = self.accept
        if accept is not None:
            for _ in range(self.tries - 1):
                if accept(view, dealt):
                    break
                dealt = deal(view, rng)
        return self.build(view, dealt)

    def _core_deal(self, view: Any, rng: random.Random) -> list[list[Any]]:
        unseen = self.unseen(view)
        return deal_unseen(unseen.cards, unseen.room, unseen.may_hold, rng, spare=True)


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
        the same deals (so they are compared on equal cards), then the worse half drops out.
        Of actions the game's `key` makes equivalent only the first runs (and may be chosen)."""
        self.playouts = 0
        if len(legal) == 1:
            return legal[0]
        deadline = self.clock() + self.level.seconds * 0.95  # (the key's time counts too)
        search = self.search
        if search.key is not None:
            legal = distinct(legal, search.key(view, legal))
            if len(legal) == 1:
                return legal[0]
        seat: int = view.seat
        totals = [0.0] * len(legal)
        tries = [0] * len(legal)
        running = list(range(len(legal)))
        rounds = math.ceil(math.log2(len(legal)))
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


def distinct(legal: Sequence[Any], keys: Sequence[Hashable]) -> list[Any]:
    """The first action of each key, in the legal actions' order (the ones the search compares)."""
    seen: set[Hashable] = set()
    kept = []
    for action, key in zip(legal, keys, strict=True):
        if key not in seen:
            seen.add(key)
            kept.append(action)
    return kept


def _best(running: list[int], totals: list[float], tries: list[int]) -> int:
    """The action still running with the best mean gain (the first of equals)."""
    return max(running, key=lambda i: (totals[i] / tries[i] if tries[i] else -math.inf, -i))
