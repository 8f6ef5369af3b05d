"""Familia bots: `BasicBot`, a fast heuristic player that sees only its seat's `FamiliaView`.

How the basic bot thinks (no search, one pass over the legal actions):

- **What a face card is worth.** For every seat, the change in its score if it captured the
  revealed card (`score_player` on its captures with and without the card, for its role, royal
  melds when the seat has a crest): a K or J helps a male, a Q costs him −4 unless it completes a
  Marriage; a Q helps a female, a K (−6) or J (−2) hurts her; a face Joker zeroes the best entry.
  A seat that has won nothing also risks its misère bonus, discounted by how likely it is to keep
  it. From one team's side a capture by a teammate counts in full and a capture by an opponent
  counts negatively, shared over the other teams: pushing a bad card onto an opponent is good.
- **Who will win the trick.** Every legal card is put into the trick and the partial trick is
  resolved with the engine's `resolve()` (so batting already in the trick counts). For the
  players still to act a small probability chain estimates whether each one overtakes the winner
  (a higher card of the led suit, a ruff, a Joker), bats it (a card with the same batting key),
  or passes. Each player overtakes when that is better for their own team than the current
  winner, and is sometimes forced to (must-follow, must-ruff, must-win in batting Familia); the
  chance of holding a card comes from the cards not yet seen (the deal's pool less the bot's own
  hands, the trick history, the current trick, the stock top and the drawn cards that are public
  [R-F9a]) spread over the unknown hand slots. The last player to act resolves the trick exactly.
- **What a card costs.** High cards and Jokers are worth keeping for later tricks of the deal, so
  each card costs a little in proportion to its rank: the bot wins with the cheapest card that is
  likely to hold, loses with a low card, and lets a teammate keep a good card or an opponent a bad
  one. Winning a stock trick also draws the public stock top first: a small bonus.
- **Colour choice.** For each face pile, the mean over the face cards still in it of the
  expected outcome of the leader's natural play once that card is revealed: its strongest card
  of the suit (or a Joker) when the card is worth taking, else its weakest card.

The bot is deterministic (ties go to the first legal action), so it needs no randomness; it never
simulates whole games and decides in about a millisecond.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from familia_tui.core.cards import JOKER, Card
from familia_tui.core.table import seat_ring
from familia_tui.games.familia.actions import Action, ChoosePile, PlayCard
from familia_tui.games.familia.rules import hand_pool
from familia_tui.games.familia.scoring import cached_score
from familia_tui.games.familia.trick import LED, TRUMP, batting_key, rank_value, resolve, strength
from familia_tui.games.familia.view import FamiliaView

CARD_COST = 1.0
"""Points an Ace is worth keeping for later tricks; other cards scale down by rank."""
DRAW_BONUS = 0.4
"""Points for drawing an Ace rather than an average card from the face-up stock."""
MISERE_KEEP = 0.5
"""Chance of not winning a given trick, used to discount the misère bonus at risk."""
ROUTINE = 0.85
"""In batting Familia, how often must-win forces a player who would rather not beat the card."""


class Table(NamedTuple):
    """What one decision needs from the view, computed once per decision."""

    view: FamiliaView
    units: tuple[str, ...]
    """The scoring unit (team, or seat name in individual play) of each seat."""
    slots: tuple[int, ...]
    """Cards in each seat's hand that this seat cannot see."""
    held: tuple[tuple[Card, ...], ...]
    """Cards this seat knows each seat holds (own hands, public stock draws)."""
    unseen: Counter[Card]
    """The deal's hand cards this seat has not seen anywhere."""
    hidden: int
    """Number of unseen cards (at least 1)."""
    keys: dict[Card, int]
    twins: Counter[object]
    """Unseen cards per batting key."""
    odds_memo: dict[tuple[str | None, str | None], Odds]
    """`Odds` already built for a (led, trump) pair in this decision."""

    @classmethod
    def of(cls, view: FamiliaView) -> Table:
        """Everything the bot works out from `view` before weighing its actions."""
        seats = range(len(view.seats))
        held = tuple(view.own_hands.get(i, view.known[i]) for i in seats)
        slots = tuple(0 if i in view.own_hands else view.hand_counts[i] - len(held[i])
                      for i in seats)
        seen = _seen(view)
        decks = view.options.pool_decks
        unseen = Counter(hand_pool(decks, *view.options.adjustment))
        unseen.subtract(seen)
        unseen = +unseen
        keys = batting_key(decks, view.style)
        twins: Counter[object] = Counter()
        for card, count in unseen.items():
            twins[keys[card]] += count
        units = tuple(s.team or s.name for s in view.seats)
        return cls(view, units, slots, held, unseen, max(1, sum(unseen.values())), keys, twins,
                   {})

    def odds(self, led: str | None, trump: str | None) -> Odds:
        """The `Odds` of a trick with these suits, built once per decision."""
        if (led, trump) not in self.odds_memo:
            self.odds_memo[led, trump] = Odds(self, led, trump, self.view.style == "batting")
        return self.odds_memo[led, trump]

    def has(self, seat: int, count: int, known: bool = False) -> float:
        """Chance that `seat` holds one of `count` unseen cards (certain when `known`)."""
        if known:
            return 1.0
        return 1.0 - (1.0 - min(count, self.hidden) / self.hidden) ** self.slots[seat]


def _seen(view: FamiliaView) -> Counter[Card]:
    """The deal's hand cards the seat has seen: own hands, public draws, plays, the stock top."""
    seen = Counter(c for cards in view.own_hands.values() for c in cards)
    seen.update(c for i, cards in enumerate(view.known) if i not in view.own_hands
                for c in cards)
    seen.update(c for record in view.history if record.deal == view.deal
                for _, c, _ in record.plays)
    seen.update(c for _, c, _ in view.plays)
    if view.stock_top is not None:
        seen[view.stock_top] += 1
    return seen


# What a face card is worth


def face_values(table: Table, face: Card) -> tuple[float, ...]:
    """The change in each seat's score if it captured `face`, misère risk included."""
    view = table.view
    left = (view.deals - view.deal - 1) * view.tricks + view.tricks - view.trick_no - 1
    misere = view.options.misere_bonus * MISERE_KEEP ** (left / len(view.seats))
    values = []
    for seat, captured in zip(view.seats, view.captures):
        role, crest, royal = seat.field("role") or "M", seat.field("crest"), view.options.royal
        gain = (cached_score(tuple(sorted((*captured, face))), role, royal, crest, 0).total
                - cached_score(tuple(sorted(captured)), role, royal, crest, 0).total)
        values.append(gain - (misere if not captured else 0.0))
    return tuple(values)


def utilities(table: Table, gains: Sequence[float], unit: str) -> tuple[float, ...]:
    """Each seat's capture as seen by `unit`: its own gains count, the others' count against."""
    others = max(1, len(set(table.units)) - 1)
    return tuple(g if u == unit else -g / others for g, u in zip(gains, table.units))


# One trick as the bot imagines it


class Spot(NamedTuple):
    """A trick in progress: its trump, the plays so far, and every unit's view of each capture."""

    trump: str | None
    plays: tuple[tuple[int, Card], ...]
    later: tuple[int, ...]
    """Seats still to play after the bot, in order."""
    worth: dict[str, tuple[float, ...]]
    """For each unit, the utility of each seat winning (the face card and the draw bonus)."""


def make_spot(table: Table, face: Card, trump: str | None,
              plays: tuple[tuple[int, Card], ...]) -> Spot:
    """The trick for `face` with `plays` so far, the bot about to play."""
    view, n = table.view, len(table.units)
    later = seat_ring(n).after(view.seat)[:n - len(plays) - 1]
    gains = list(face_values(table, face))
    if view.stock_count and view.stock_top is not None:
        bonus = DRAW_BONUS * (rank_value(view.stock_top) - 8) / 6
        gains = [g + bonus for g in gains]
    worth = {unit: utilities(table, gains, unit) for unit in set(table.units)}
    return Spot(trump, plays, later, worth)


def standing(table: Table, spot: Spot, plays: Sequence[tuple[int, Card]],
             led: str | None) -> tuple[int | None, int, int | None]:
    """(winning seat, its strength, index of its card) of a partial trick; (None, -1, None) if
    everything so far is batted."""
    cards = [c for _, c in plays]
    winner = resolve(cards, led, spot.trump, table.keys).winner
    if winner is None:
        return None, -1, None
    return plays[winner][0], strength(cards[winner], led, spot.trump), winner


class Odds:
    """Chances that a later seat beats a given strength, for one trick (memoised)."""

    def __init__(self, table: Table, led: str | None, trump: str | None, batting: bool) -> None:
        self.table, self.led, self.trump, self.batting = table, led, trump, batting
        self.cats: dict[str, list[int]] = {"led": [], "trump": [], "other": []}
        for card, count in table.unseen.items():
            if not card.is_joker:
                self.cats[self._cat(card)].extend([strength(card, led, trump)] * count)
        for values in self.cats.values():
            values.sort()
        self.jokers = table.unseen[JOKER]
        self.joker_power = strength(JOKER, led, trump)
        self.memo: dict[tuple[int, int], tuple[float, float]] = {}
        self.known: dict[int, list[tuple[str, int]]] = {}
        self.bats: dict[tuple[int, object], float] = {}

    def _cat(self, card: Card) -> str:
        if self.led is not None and card.suit == self.led:
            return "led"
        return "trump" if card.suit == self.trump else "other"

    def _has(self, seat: int, cat: str, above: int) -> float:
        values = self.cats[cat]
        count = len(values) - bisect_right(values, above)
        known = any(kind == cat and power > above for kind, power in self._known(seat))
        return self.table.has(seat, count, known)

    def _known(self, seat: int) -> list[tuple[str, int]]:
        """(category, strength) of the cards the bot knows `seat` holds, Jokers aside."""
        if seat not in self.known:
            self.known[seat] = [(self._cat(c), strength(c, self.led, self.trump))
                                for c in self.table.held[seat] if not c.is_joker]
        return self.known[seat]

    def _ratio(self, cat: str, above: int) -> float:
        values = self.cats[cat]
        return (len(values) - bisect_right(values, above)) / len(values) if values else 0.0

    def beat(self, seat: int, power: int) -> tuple[float, float]:
        """(can, forced): chance `seat` can beat `power`, and that its rules force it to."""
        key = (seat, power)
        if key not in self.memo:
            can, forced = self._beat(seat, power)
            if (self.jokers or JOKER in self.table.held[seat]) and self.joker_power > power:
                joker = self.table.has(seat, self.jokers, JOKER in self.table.held[seat])
                can = 1 - (1 - can) * (1 - joker)
            if self.batting:
                forced = max(forced, ROUTINE * can)
            self.memo[key] = (min(1.0, can), min(1.0, forced))
        return self.memo[key]

    def _beat(self, seat: int, power: int) -> tuple[float, float]:
        if self.led is None:
            can = self._has(seat, "other", power)
            return can, can * self._ratio("other", power) ** max(1, self.table.slots[seat])
        follow, up = self._has(seat, "led", -1), self._has(seat, "led", power)
        void = 1 - follow
        if self.trump is None or self.trump == self.led:
            if power >= LED:
                return up, up * self._ratio("led", power)
            return follow + void * self._has(seat, "other", power), follow
        ruff, over = self._has(seat, "trump", -1), self._has(seat, "trump", power)
        if power >= TRUMP:
            return void * over, void * over * self._ratio("trump", power)
        if power >= LED:
            return up + void * ruff, up * self._ratio("led", power) + void * ruff
        return follow + void * ruff, follow + void * ruff

    def bat(self, seat: int, card: Card) -> float:
        """Chance that `seat` holds a card that bats `card` (the same batting key)."""
        key = self.table.keys[card]
        if (seat, key) not in self.bats:
            held = any(self.table.keys[c] == key for c in self.table.held[seat])
            self.bats[seat, key] = self.table.has(seat, self.table.twins[key], held)
        return self.bats[seat, key]

    def next_power(self, power: int) -> int:
        """The strength of the cheapest unseen following card above `power`."""
        for cat in ("led", "trump"):
            values = self.cats[cat]
            index = bisect_right(values, power)
            if index < len(values):
                return values[index]
        return power + 1


class Bat(NamedTuple):
    """The real winning card after the bot's play, and who would win if it were batted."""

    card: Card
    runner: int | None
    power: int


_States = dict[tuple[int | None, bool], list[float]]
"""(winning seat, whether its card is the real one) -> [chance, chance × strength]."""


def outcome(table: Table, spot: Spot, plays: tuple[tuple[int, Card], ...], led: str | None,
            odds: Odds) -> dict[int | None, float]:
    """Chance of each seat winning the trick once the later seats have played."""
    winner, power, index = standing(table, spot, plays, led)
    bat = None
    if index is not None and spot.later:
        runner, runner_power, _ = standing(table, spot, plays[:index] + plays[index + 1:], led)
        bat = Bat(plays[index][1], runner, runner_power)
    states: _States = {(winner, True): [1.0, float(power)]}
    for seat in spot.later:
        after: _States = {}
        for (who, real), (chance, powers) in states.items():
            for state, share, new_power in _react(table, spot, odds, seat, who,
                                                   round(powers / chance), bat if real else None):
                _add(after, state, chance * share, new_power)
        states = after
    result: dict[int | None, float] = {}
    for (who, _), (chance, _) in states.items():
        result[who] = result.get(who, 0.0) + chance
    return result


def _react(table: Table, spot: Spot, odds: Odds, seat: int, who: int | None, power: int,
           bat: Bat | None) -> list[tuple[tuple[int | None, bool], float, int]]:
    """How `seat` answers `who` winning at `power`: (new state, chance, new strength) for
    passing, overtaking and batting, best for its team first; must-play rules can force a take."""
    worth = spot.worth[table.units[seat]]
    can, forced = odds.beat(seat, power)
    taken: tuple[tuple[int | None, bool], int] = ((seat, False), odds.next_power(power))
    choices = [(worth[who] if who is not None else 0.0, None, 1.0),
               (worth[seat], taken, can)]
    if bat is not None:
        odd = odds.bat(seat, bat.card)
        choices.append((worth[bat.runner] if bat.runner is not None else 0.0,
                        ((bat.runner, False), bat.power), odd))
    choices.sort(key=lambda choice: -choice[0])
    result, left = [], 1.0
    for _, move, odd in choices:
        if move is None:
            result.append(((who, bat is not None), left * (1 - forced), power))
            result.append((taken[0], left * forced, taken[1]))
            break
        result.append((move[0], left * odd, move[1]))
        left *= 1 - odd
    return result


def _add(states: _States, state: tuple[int | None, bool], chance: float, power: int) -> None:
    if chance > 1e-3:
        entry = states.setdefault(state, [0.0, 0.0])
        entry[0] += chance
        entry[1] += chance * power


def card_cost(table: Table, card: Card) -> float:
    """What playing `card` now gives up for the deal's later tricks."""
    view = table.view
    if view.trick_no >= view.tricks - 1:
        return 0.0
    return CARD_COST * (rank_value(card) - 2) / 12


def expected(table: Table, spot: Spot, odds: Odds, card: Card, led: str | None) -> float:
    """The bot's team's expected gain from playing `card` into the trick."""
    view = table.view
    chances = outcome(table, spot, (*spot.plays, (view.seat, card)), led, odds)
    worth = spot.worth[table.units[view.seat]]
    gain = sum(p * worth[w] for w, p in chances.items() if w is not None)
    return gain - card_cost(table, card)


# Decisions


class BasicBot:
    """Plays for its role and team with the heuristics of this module's docstring."""

    needs_view = True

    def choose(self, view: FamiliaView, legal: Sequence[Action], rng: random.Random) -> Action:
        """Pick the legal action with the best expected outcome for the bot's team."""
        if len(legal) == 1:
            return legal[0]
        table = Table.of(view)
        if view.phase == "pile":
            return choose_pile(table, legal)
        return choose_card(table, legal)


def choose_card(table: Table, legal: Sequence[Action]) -> Action:
    """The play with the best expected gain (first on a tie)."""
    view = table.view
    plays = tuple((seat, card) for seat, card, _ in view.plays)
    assert view.face_card is not None
    spot = make_spot(table, view.face_card, view.trump, plays)
    best, best_value = legal[0], float("-inf")
    for action in _worth_weighing(legal, view.trump):
        assert isinstance(action, PlayCard)
        led = view.led if view.stock_trick or plays else action.declared or action.card.suit
        value = expected(table, spot, table.odds(led, view.trump), action.card, led)
        if value > best_value:
            best, best_value = action, value
    return best


def _worth_weighing(legal: Sequence[Action], trump: str | None) -> Sequence[Action]:
    """The legal plays, but a led Joker only ever names the trump suit when it may: then only
    the trump A beats it [R-F15a]."""
    if trump is None or PlayCard(JOKER, trump) not in legal:
        return legal
    return [a for a in legal if not isinstance(a, PlayCard) or a.declared in (None, trump)]


def choose_pile(table: Table, legal: Sequence[Action]) -> Action:
    """The colour whose remaining face cards promise the most for the bot's team."""
    values: dict[Action, float] = {}
    for action in legal:
        assert isinstance(action, ChoosePile)
        pile = Counter(table.view.unrevealed[action.colour])
        total = sum(pile.values()) or 1
        values[action] = sum(n * face_prospect(table, face) for face, n in pile.items()) / total
    return max(legal, key=lambda action: values[action])


def face_prospect(table: Table, face: Card) -> float:
    """The expected gain of the leader's natural play under `face`: a strong card when the
    card is worth taking for its team, else a weak one."""
    view = table.view
    suit = None if face.is_joker else face.suit
    trump = None if view.stock_count else suit
    spot = make_spot(table, face, trump, ())
    wanted = spot.worth[table.units[view.seat]][view.seat] > 0
    card = _lead(view.hand, suit, strong=wanted, follow=trump is None)
    led = suit if trump is None else (suit or "S") if card.is_joker else card.suit
    return expected(table, spot, table.odds(led, trump), card, led)


def _lead(hand: Sequence[Card], suit: str | None, strong: bool, follow: bool) -> Card:
    """The leader's strong play for `suit` (its best card of the suit, a Joker, or its best
    card) or its weak one (its lowest card of the suit when it must `follow`, else its lowest
    card of another suit)."""
    plain = sorted((c for c in hand if not c.is_joker), key=rank_value)
    if not plain:
        return JOKER
    suited = [c for c in plain if c.suit == suit]
    if strong:
        return suited[-1] if suited else JOKER if JOKER in hand else plain[-1]
    if follow:
        return (suited or plain)[0]
    return next((c for c in plain if c.suit != suit), plain[0])


__all__ = ["BasicBot", "face_values", "utilities"]
