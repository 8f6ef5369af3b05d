"""What the six-suit search bot plays for (issue 15): the sampler (`sampler.py`), where a
playout stops, what a side has, and the playouts' policy.

- **Horizon**: the trick in play; its judgement ends a playout (a cleanup's declarations are
  part of the trick before them, so a rebuild decision is played out through the next trick).
- **Value**: the side's points as the rules count them (B.2.8, B.3, B.4), less the other sides'
  mean: the team's total with its battalions, the secret pair's total, or the seat's own.
  Within a trick that is the face card won, its set and rank bonuses, and a Joker spent; the
  A in hand counts only once the game is over (before, it would only hold the A back); a
  little for each card the seat can still play (`SUPPLY`), so that it keeps its rebuild for
  when its deck runs out. On top of the margin, the game won (`WIN`): at the game's end the
  rules' winner (ties broken as B.2.9, B.3, B.4 say), before it a guess from the side's lead
  over the best other side and the face cards left (`SPREAD`). A point then counts most while
  the game is close and little once it is decided, and a side that is behind takes chances (a
  game, not a margin, is what the table plays for; tie-breaks end one game in six).
- **Horizon**: the trick in play, or the rest of the game once `ENDGAME` face cards or fewer
  are left (the end's tie-breaks and the A in hand then count).
- **Playouts**: each seat plays like a sensible player, fast: it lets a teammate's winning card
  stand, takes the trick with its cheapest winning card when the face card is worth it (or it
  plays last), and otherwise throws its weakest card face down; now and then (`WANDER`) it plays
  any legal action, so that every line keeps some weight.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from familia_tui.core.search import SearchSpec
from familia_tui.games.sixsuit.actions import PASS, Play, Word
from familia_tui.games.sixsuit.judge import judge_individual, judge_team
from familia_tui.games.sixsuit.rules import SixSuitState
from familia_tui.games.sixsuit.sampler import build, unseen
from familia_tui.games.sixsuit.scoring import ITEMS

ACE_ITEM = ITEMS.index("ace")
"""The A in hand scores only when the game ends: before that, holding it back is no gain."""
SUPPLY = 0.5
"""Points per card a seat can still play (its hand and deck, and before its rebuild its discard
pile and, again, its hand and deck): without it a one-trick playout would rebuild at once to
draw better cards, and run out of cards long before the others [R-S3]. Most 4-player games end
when two seats are out of cards [B.2.7 b] with face cards left, so a card to play is worth about
a quarter of a face card's trick: at 0.25 the 4-player search team rebuilt after 1 to 5 tricks
where basic bots wait until their deck is spent (7 to 8)."""
WANDER = 0.1
"""How often a playout's player plays a random legal action instead."""


TRICKS = 1
"""Tricks a playout plays (the one in play first)."""


WIN = 8.0
"""What winning the game is worth, in points, beyond the margin it is won by."""
SPREAD = 2.5
"""How far one face card's trick moves the lead, roughly: before the end, the chance to win is
guessed from the lead over `SPREAD` × √(face cards left + 1)."""
ENDGAME = 2
"""Face cards left (the one in play included) from which a playout goes to the game's end."""


def _left(state: SixSuitState) -> int:
    """Face cards left: the pile and the one in play."""
    return len(state.face_pile) + (state.face is not None)


def horizon(state: SixSuitState) -> int:
    """Changes when the trick in play has been judged; near the end, only with the game."""
    return state.tricks if _left(state) > ENDGAME else -1


def horizon_of(tricks: int) -> Callable[[SixSuitState], int]:
    """A horizon of `tricks` tricks (the rest of the game near its end): the sampler's states
    count tricks from 0, so the number changes when that many tricks have been judged."""
    if tricks == 1:
        return horizon
    return lambda state: state.tricks // tricks if _left(state) > ENDGAME else -1


def value(state: SixSuitState, seat: int) -> float:
    """The seat's side's points less the other sides' mean, and the game won (see the module's
    text)."""
    team_of = state.team_of
    totals = [0.0] * state.team_count
    over = state.is_over
    hands, decks, discards, rebuilt = state.hands, state.decks, state.discards, state.rebuilt
    for s, row in enumerate(state.items()):
        if over:
            totals[team_of[s]] += sum(row)
            continue
        supply = len(hands[s]) + len(decks[s])
        if not rebuilt[s]:
            supply += supply + len(discards[s])
        totals[team_of[s]] += sum(row) - row[ACE_ITEM] + SUPPLY * supply
    if state.team_game:
        for team, count in enumerate(state.battalions):
            totals[team] += 2 * count
    mine = team_of[seat]
    margin = totals[mine] - (sum(totals) - totals[mine]) / (len(totals) - 1)
    return margin + WIN * _won(state, mine, totals)


def _won(state: SixSuitState, mine: int, totals: list[float]) -> float:
    """1 for a game the side `mine` has won, 0 for one lost; before the end, a guess from its
    lead over the best other side (its points and cards to come: a seat out of cards while the
    others still play loses the face cards left to them)."""
    if state.is_over:
        return float(state.result().order[0] == state.unit_names()[mine])
    lead = totals[mine] - max(p for side, p in enumerate(totals) if side != mine)
    return 0.5 + 0.5 * math.tanh(lead / (SPREAD * math.sqrt(_left(state) + 1)))


def _winner(state: SixSuitState, plays: list[Any]) -> int | None:
    if state.team_game:
        return judge_team(plays, state.team_of, state.battalion_size).winner
    return judge_individual(plays).winner


def playout(state: SixSuitState, rng: random.Random) -> Any:
    """A playout's move (see the module's text)."""
    legal = state.legal_actions()
    if len(legal) == 1 or rng.random() < WANDER or state.phase == "split":
        return legal[int(rng.random() * len(legal))]
    if state.phase == "rebuild":
        return PASS if PASS in legal else legal[0]
    seat = state.turn
    team_of = state.team_of
    trick = state.trick
    if trick:
        leading = _winner(state, trick)
        if leading is not None and team_of[leading] == team_of[seat]:
            return _throw(legal)
    wins = [a for a in legal if type(a) is Play and a.face_up
            and (w := _winner(state, [*trick, (seat, a.card, True)])) is not None and team_of[w] == team_of[seat]]
    if wins:
        face = state.face
        worth = face is not None and (face.suit == state.suits[seat] or len(trick) + 1 == state.n)
        cheapest = min(wins, key=lambda a: (a.card.rank < 2, a.card.rank))
        if cheapest.card.rank >= 2 or worth:
            return cheapest
    return _throw(legal)


def _throw(legal: Any) -> Any:
    """The weakest card face down (face up when it must lead), keeping Jokers and whites."""
    plays = [a for a in legal if type(a) is Play]
    if not plays:
        return next((a for a in legal if type(a) is Word), legal[0])
    down = [a for a in plays if not a.face_up] or plays
    return min(down, key=lambda a: (a.card.rank < 2, a.card.rank))


def make_search(tricks: int = TRICKS, policy: Callable[[SixSuitState, random.Random], Any] = playout) -> SearchSpec:
    """The search with playouts of `tricks` tricks and this policy (the benchmark tries others)."""
    return SearchSpec(unseen, build, horizon_of(tricks), value, policy)  # type: ignore[arg-type]


SEARCH = make_search()
"""The six-suit game's search (`GameSpec.search`)."""
