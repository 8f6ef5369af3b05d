"""Dealing the cards a seat cannot see, consistently with what it knows (DESIGN.md §8).

A game's sampler works out, from one seat's view only, which cards that seat has not seen, how
many cards each unseen place holds (another seat's hand, the chien, a stock, a discard …) and
where each unseen card may be (a seat that failed to follow a suit holds none of it; a card shown
by a seat is in its hand). `deal_unseen` then deals them at random under those constraints.

Every deal that agrees with the constraints can come out (each card goes to a random place among
those that still leave the rest dealable), so the true deal is always among the possible
samples; the deals are not exactly equally likely, which a search does not need.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import TypeVar

C = TypeVar("C", bound=Hashable)


class SamplingError(ValueError):
    """No deal agrees with the constraints: the view or the game's sampler is inconsistent."""


def deal_unseen(cards: Sequence[C], room: Sequence[int], may_hold: Sequence[frozenset[int]] | None,
                rng: random.Random, spare: bool = False) -> list[list[C]]:
    """Deal `cards` to places 0 … len(room)-1, place p receiving exactly `room[p]` cards and card i
    going only to a place in `may_hold[i]` (None: any place). Returns each place's cards.

    With `spare`, cards beyond the places' room are left out at random: a position set up with
    part of a pack (a practice puzzle, a guided game) has cards that are nowhere, and the seat
    cannot tell which. A game's own deal never has any (its sampler tests say so)."""
    if spare and len(cards) > sum(room):
        out = len(room)  # (a place for the cards left out, dropped from the deal)
        anywhere = None if may_hold is None else [allowed | {out} for allowed in may_hold]
        return deal_unseen(cards, [*room, len(cards) - sum(room)], anywhere, rng)[:out]
    if sum(room) != len(cards):
        raise SamplingError(f"{len(cards)} unseen cards for {sum(room)} places")
    if may_hold is None:
        return _deal_free(list(cards), list(room), rng)
    left = list(room)
    pinned: list[list[C]] = [[] for _ in room]  # the cards that may be in one place only
    free: list[C] = []
    constraints: list[frozenset[int]] = []
    for card, allowed in zip(cards, may_hold, strict=True):
        if len(allowed) == 1:
            (place,) = allowed
            pinned[place].append(card)
            left[place] -= 1
        else:
            free.append(card)
            constraints.append(allowed)
    if min(left, default=0) < 0:
        raise SamplingError("no deal of the unseen cards agrees with what the seat knows")
    if all(len(allowed) == len(room) for allowed in constraints):
        dealt = _deal_free(free, left, rng)
    else:
        dealt = _deal_constrained(free, left, constraints, rng)
    for place, cards_there in enumerate(pinned):
        if cards_there:  # in a random order among the place's others (a stock's order matters)
            dealt[place] += cards_there
            rng.shuffle(dealt[place])
    return dealt


def _deal_free(cards: list[C], room: list[int], rng: random.Random) -> list[list[C]]:
    """The cards shuffled and dealt in turn, each place its room: no card is constrained."""
    rng.shuffle(cards)
    dealt, start = [], 0
    for size in room:
        dealt.append(cards[start:start + size])
        start += size
    return dealt


def _deal_constrained(cards: list[C], room: list[int], may_hold: list[frozenset[int]],
                      rng: random.Random) -> list[list[C]]:
    """The constrained deal: a flow of card counts from groups of cards (those that may go to the
    same places) to the places is kept feasible; each card (in random order) goes to a random
    place among its group's, the flow rerouted along one alternating path when needed."""
    group_of: dict[frozenset[int], int] = {}
    groups: list[list[int]] = []  # each group's places
    for allowed in may_hold:
        if allowed not in group_of:
            group_of[allowed] = len(groups)
            groups.append(sorted(allowed))
    card_groups = [group_of[allowed] for allowed in may_hold]  # by index: two equal cards
    need = [0] * len(groups)  # (a pair of jokers) may be bound to different places
    for group in card_groups:
        need[group] += 1
    flow = [[0] * len(room) for _ in groups]
    free = list(room)
    for group, count in enumerate(need):
        for _ in range(count):
            if not _route(group, None, groups, flow, free):
                raise SamplingError("no deal of the unseen cards agrees with what the seat knows")
    dealt: list[list[C]] = [[] for _ in room]
    order = list(range(len(cards)))
    rng.shuffle(order)
    for index in order:
        group = card_groups[index]
        places = [p for p in groups[group] if room[p] > 0]
        rng.shuffle(places)
        for place in places:
            if _take(group, place, groups, flow, free):
                room[place] -= 1
                dealt[place].append(cards[index])
                break
        else:  # the flow was feasible before this card, so one of its places keeps it feasible
            raise SamplingError("the unseen cards could not be dealt")  # pragma: no cover
    return dealt


def _take(group: int, place: int, groups: list[list[int]], flow: list[list[int]], free: list[int]) -> bool:
    """Deal one card of `group` to `place` and keep the rest's flow feasible; False (and nothing
    changed) when no feasible flow remains."""
    if flow[group][place]:
        flow[group][place] -= 1
        return True
    elsewhere = next(p for p, cards in enumerate(flow[group]) if cards)
    bumped = next(g for g, row in enumerate(flow) if row[place])
    flow[group][elsewhere] -= 1
    flow[bumped][place] -= 1
    free[elsewhere] += 1  # the room this card no longer takes there
    if _route(bumped, elsewhere, groups, flow, free):
        return True
    flow[group][elsewhere] += 1
    flow[bumped][place] += 1
    free[elsewhere] -= 1
    return False


def _route(start: int, target: int | None, groups: list[list[int]], flow: list[list[int]],
           free: list[int]) -> bool:
    """Send one more card of group `start` to a place with free room (`target`, or any), moving
    other groups' cards along an alternating path (breadth first); False if there is none."""
    came_from: dict[int, int] = {}  # place → the group whose card would move in
    left_from: dict[int, int] = {start: -1}  # group → the place its card would leave
    frontier = [start]
    end = None
    while frontier and end is None:
        following = []
        for group in frontier:
            for place in groups[group]:
                if place in came_from:
                    continue
                came_from[place] = group
                if free[place] > 0 and (target is None or place == target):
                    end = place
                    break
                for other, row in enumerate(flow):
                    if row[place] and other not in left_from:
                        left_from[other] = place
                        following.append(other)
            if end is not None:
                break
        frontier = following
    if end is None:
        return False
    free[end] -= 1
    place = end
    while True:
        group = came_from[place]
        flow[group][place] += 1
        place = left_from[group]
        if place < 0:
            return True
        flow[group][place] -= 1
