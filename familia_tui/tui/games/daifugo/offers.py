"""The hand's multi-card selection at the Daifugō table: the ticked cards and the offers.

A play is picked card by card: its parts are the hand cards it uses, a joker being the joker
part whatever it stands for (`play_parts`), so two jokers are two parts. `PlayIndex` asks
`core.picks.ActionPicks` over the legal plays of one decision which cards may still join the
ticked ones (`may_add`) and which plays use all of them (`offers`); what a joker stands for is
chosen among the offers (a `Form` groups the plays that differ only in their jokers' suits, and
its plays open after it). `Selection` turns the hand and the index into choices; it never
chooses a play itself: Enter plays the one offer only when it adds no joker to the picked cards.
`HandDecision` holds one decision's selection and builds the screen's choices from it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from familia_tui.core.cards import JOKER, Card
from familia_tui.core.picks import ActionPicks
from familia_tui.games.daifugo.actions import CALL, DECLINE, PASS, Action, Play, make_play
from familia_tui.games.daifugo.deck import POS_OF_RANK, RANK_OF_POS, sort_key
from familia_tui.games.daifugo.view import DaifugoView
from familia_tui.tui.games.daifugo.widgets import form_markup, play_markup
from familia_tui.tui.glyphs import card_markup, glyph_safe
from familia_tui.tui.markup import escape
from familia_tui.tui.widgets.choices import Choice

Translate = Callable[..., str]

UNO = "uno"
"""The value of the strict-ウノ toggle chip."""


def play_parts(play: Play) -> list[Card]:
    """The hand cards a play uses: its natural cards and one `JOKER` per joker."""
    return [*play.naturals, *[JOKER] * len(play.jokers)]


def hand_parts(cards: Iterable[Card]) -> list[Card]:
    """Hand cards as parts (a joker of the hand is the joker part)."""
    return [JOKER if card.is_joker else card for card in cards]


@dataclass(frozen=True)
class Form:
    """One offer: legal plays that differ only in the suits their jokers are declared as."""

    plays: tuple[Play, ...]

    @property
    def play(self) -> Play:
        return self.plays[0]


class PlayIndex:
    """The legal plays of one decision as picks (`ActionPicks`, parts from `play_parts`), with
    the answers already worked out kept (the cursor comes back to the same cards). Built once
    per decision: a hand with two jokers may have a few hundred legal plays."""

    def __init__(self, legal: Sequence[Action]) -> None:
        plays = [a for a in legal if type(a) is Play]
        self.picks: ActionPicks[Card, Play] = ActionPicks(plays, parts=play_parts)
        self.listed = tuple(plays)
        """The legal plays in the engine's order."""
        self.plays = frozenset(plays)
        self.passing = PASS in legal
        self.strict_uno = any(play.uno for play in plays)
        self._forms: dict[tuple[frozenset[tuple[Card, int]], bool], list[Form]] = {}
        self._may_add: dict[tuple[frozenset[tuple[Card, int]], Card], bool] = {}

    def may_add(self, picked: Sequence[Card], card: Card) -> bool:
        """Whether some legal play uses the picked parts and `card` too."""
        key = (frozenset(Counter(picked).items()), card)
        known = self._may_add.get(key)
        if known is None:
            known = self._may_add[key] = self.picks.may_add(picked, card)
        return known

    def forms(self, picked: Sequence[Card], uno: bool) -> list[Form]:
        """The offers for picked parts: every legal play that uses all of them, natural plays
        first, then those that need jokers, fewest first (`form_order`). Strict ウノ: of a play
        with and without ウノ, the one that matches `uno`."""
        key = (frozenset(Counter(picked).items()), uno)
        known = self._forms.get(key)
        if known is not None:
            return known
        grouped: dict[tuple[object, ...], list[Play]] = {}
        for play in self.picks.offers(picked) if picked else ():
            if play.uno != uno and play._replace(uno=uno) in self.plays:
                continue
            shape = (play.naturals, tuple(0 if j.is_joker else j.rank for j in play.jokers), play.uno)
            grouped.setdefault(shape, []).append(play)
        forms = self._forms[key] = sorted((Form(tuple(plays)) for plays in grouped.values()), key=form_order)
        return forms

    def __contains__(self, play: object) -> bool:
        return play in self.plays


def form_order(form: Form) -> tuple[int, int, int, int]:
    """Natural sets and sequences first, then joker completions with fewest jokers; declared
    jokers before top jokers; smaller plays first, then the weaker."""
    play = form.play
    top = all(j.is_joker for j in play.jokers) and not play.naturals
    low = min((POS_OF_RANK[c.rank] for c in play.cards if not c.is_joker), default=99)
    return (len(play.jokers), int(top), play.size, low)


def closest_play(naturals: Sequence[Card], jokers: int) -> Play:
    """The play a selection most likely means, to explain why it is not legal: jokers stand for
    the rank of a same-rank selection or fill a same-suit run; otherwise they are top jokers."""
    naturals = sorted(naturals, key=sort_key)
    if not naturals or not jokers:
        return make_play(naturals, [JOKER] * jokers)
    ranks, suits = {c.rank for c in naturals}, {c.suit for c in naturals}
    if len(ranks) == 1:
        rank = naturals[0].rank
        free = [s for s in "SHDC" if s not in suits] + list("SHDC")
        return make_play(naturals, [Card(rank, free[i % len(free)]) for i in range(jokers)])
    if len(suits) == 1:
        suit = naturals[0].suit
        held = {POS_OF_RANK[c.rank] for c in naturals}
        low = min(held)
        gaps = [p for p in range(low, 13) if p not in held][:jokers]
        if len(gaps) == jokers:
            return make_play(naturals, [Card(RANK_OF_POS[p], suit) for p in gaps])
    return make_play(naturals, [JOKER] * jokers)


@dataclass(frozen=True)
class HandCard:
    """A card chip's value: its place in the hand (jokers are alike, so the place tells them
    apart) and the card."""

    index: int
    card: Card


@dataclass(eq=False)
class Selection:
    """One decision's multi-card selection: the ticked cards, the card whose plays are offered
    when none is ticked, the offer whose jokers' cards are being chosen, and strict ウノ. It turns
    the hand and the `PlayIndex` into choices; it never chooses a play itself."""

    ticked: set[int] = field(default_factory=set)
    """Places in the hand of the ticked cards."""
    focus: int = 0
    """The place in the hand of the card last under the cursor: with nothing ticked, the offers
    are its plays."""
    form: Form | None = None
    uno: bool = False

    @property
    def chosen(self) -> set[int]:
        """The cards the offers use: the ticked ones, else the card in focus."""
        return self.ticked or {self.focus}

    def toggle_tick(self, place: int) -> None:
        self.form = None
        self.ticked ^= {place}

    def toggle_uno(self) -> None:
        self.uno, self.form = not self.uno, None

    def toggle_form(self, form: Form) -> None:
        """Open the joker's cards of an offer after it, or close them again."""
        self.form = None if form == self.form else form

    def cards(self, hand: Sequence[Card], places: Iterable[int] | None = None) -> tuple[frozenset[Card], int]:
        """(the natural cards, how many jokers) at these places (default: the ticked ones)."""
        cards = [hand[i] for i in (self.ticked if places is None else places) if i < len(hand)]
        return frozenset(c for c in cards if not c.is_joker), sum(c.is_joker for c in cards)

    def parts(self, hand: Sequence[Card], places: Iterable[int]) -> list[Card]:
        """The picks of the cards at these places."""
        return hand_parts(hand[i] for i in sorted(places) if i < len(hand))

    def forms(self, hand: Sequence[Card], index: PlayIndex) -> list[Form]:
        """The offers: the legal plays that use every chosen card."""
        return index.forms(self.parts(hand, self.chosen), self.uno)

    def sole_play(self, hand: Sequence[Card], index: PlayIndex) -> Play | None:
        """The one legal play that uses the chosen cards, when there is exactly one and it adds
        no joker to them (Enter may play it; otherwise the player chooses among the offers)."""
        forms = self.forms(hand, index)
        if len(forms) != 1 or len(forms[0].plays) != 1:
            return None
        play = forms[0].play
        return play if len(play.jokers) == self.cards(hand, self.chosen)[1] else None

    def hand_choices(self, hand: Sequence[Card], index: PlayIndex, glyphs: str) -> list[Choice]:
        """A chip per card: ticked ones marked (the chip adds `*`), the ones no legal play adds
        dimmed."""
        picked = self.parts(hand, self.ticked)
        return [Choice(card_markup(card, glyphs), i in self.ticked or index.may_add(picked, part),
                       HandCard(i, card), marked=i in self.ticked)
                for i, (card, part) in enumerate(zip(hand, hand_parts(hand), strict=True))]

    def offer_choices(self, hand: Sequence[Card], index: PlayIndex, t: Translate,
                      glyphs: str) -> list[Choice]:
        """The ウノ toggle (strict), the plays of the chosen cards (natural ones first, then those
        with jokers), then Pass (when following); the play whose joker's card is being chosen
        stays in place, marked, its cards right after it."""
        offers = []
        if index.strict_uno:
            offers.append(Choice(f"{escape('[x]' if self.uno else '[ ]')} {t('dfg.ui.uno_chip')}",
                                 True, UNO, marked=self.uno))
        for form in self.forms(hand, index):
            open_ = form == self.form
            offers.append(Choice(form_markup(form.play, glyphs, len(form.plays) > 1), True, form,
                                 marked=open_))
            if open_:
                offers += [Choice(play_markup(p, glyphs), True, p) for p in form.plays]
        if index.passing:
            offers.append(Choice(t("dfg.ui.pass"), True, PASS))
        return offers

    def note(self, hand: Sequence[Card], index: PlayIndex, t: Translate, glyphs: str) -> str:
        """What Enter does with the chosen cards, or how to play."""
        cards = " ".join(card_markup(hand[i], glyphs) for i in sorted(self.chosen) if i < len(hand))
        forms = self.forms(hand, index)
        sole = self.sole_play(hand, index)
        if self.form is not None:
            note = t("dfg.ui.choose_declared")
        elif not forms:  # (ticked cards are always part of a play: a card is ticked only then)
            note = t("dfg.ui.help_follow" if index.passing else "dfg.ui.help_lead")
        elif sole is not None and self.ticked and sole.size == len(self.ticked):
            note = t("dfg.ui.ticked", cards=cards)
        elif sole is not None:
            note = t("dfg.ui.enter_plays", play=play_markup(sole, glyphs), cards=cards)
        elif len(forms) == 1 and len(forms[0].plays) > 1:
            note = t("dfg.ui.choose_form", cards=cards)
        elif len(forms) == 1:
            note = t("dfg.ui.joker_play", cards=cards, play=play_markup(forms[0].play, glyphs))
        else:
            note = t("dfg.ui.choose_play", cards=cards, count=len(forms))
        if index.strict_uno:
            note += " " + t("dfg.ui.uno_on" if self.uno else "dfg.ui.uno_off")
        return note


class HandDecision:
    """The choices of one human decision at the table: the hand's chips, then the offers (or a
    call and its refusal), the selection they come from and the note that says what Enter does.
    A new decision (another number of actions so far) starts a new selection."""

    def __init__(self) -> None:
        self.selection = Selection()
        self.note = ""
        """The line under the choices when no refusal is shown."""
        self.fresh = True
        """The selection is new: the cursor goes to an enabled choice when the decision shows."""
        self.hand_chips = 0
        """`choices[:hand_chips]` are the hand's cards, the rest the offers."""
        self.version = -1
        """The decision (number of actions so far) the selection belongs to."""
        self.indexed: tuple[int, PlayIndex] | None = None

    def begin(self, version: int) -> None:
        """The decision on screen now: a new one starts afresh."""
        if version != self.version:
            self.version = version
            self.reset()

    def reset(self) -> None:
        self.selection, self.note, self.fresh = Selection(), "", True

    def index(self, version: int, legal: Callable[[], Sequence[Action]]) -> PlayIndex:
        """The legal plays as picks, built once per decision."""
        if self.indexed is None or self.indexed[0] != version:
            self.indexed = (version, PlayIndex(legal()))
        return self.indexed[1]

    def choices(self, view: DaifugoView, index: PlayIndex, t: Translate, glyphs: str, lang: str) -> list[Choice]:
        """The call and declining it (ドボン, チョンボ), or the hand's chips and the offers (their
        texts through the glyph mode's pipeline, `glyph_safe`)."""
        self.hand_chips = 0
        if view.decision is not None:
            self.note = t(f"dfg.ui.{view.decision}_why", value=view.last_value,
                          target=escape(view.seats[view.call_target or 0].name))
            return [Choice(t(f"dfg.ui.call_{view.decision}"), True, CALL[view.decision]),
                    Choice(t("dfg.ui.decline"), True, DECLINE)]
        selection = self.selection
        hand = selection.hand_choices(view.hand, index, glyphs)
        self.hand_chips = len(hand)
        offers = selection.offer_choices(view.hand, index, t, glyphs)
        self.note = glyph_safe(selection.note(view.hand, index, t, glyphs), glyphs, lang)
        return hand + [Choice(glyph_safe(o.label, glyphs, lang), o.enabled, o.value, o.marked) for o in offers]

    def place(self, cursor: int, choices: Sequence[Choice]) -> int:
        """Where the cursor goes on new choices: where it was, on the last choice if they are
        fewer; a new selection, or offers, put it on an enabled choice (a dimmed card may be
        looked at)."""
        cursor = min(cursor, max(len(choices) - 1, 0))
        if choices and not choices[cursor].enabled and (self.fresh or cursor >= self.hand_chips):
            cursor = next((i for i, c in enumerate(choices) if c.enabled), 0)
        self.fresh = self.fresh and not choices
        return cursor

    def first_play(self, choices: Sequence[Choice]) -> int:
        """The first play on offer (after the ウノ toggle), else the first offer."""
        offers = range(self.hand_chips, len(choices))
        return next((i for i in offers if isinstance(choices[i].value, (Form, Play))),
                    next((i for i in offers if choices[i].enabled), self.hand_chips))

    def row(self, cursor: int, step: int, columns: int, choices: Sequence[Choice]) -> int:
        """Where ↓ (step 1) or ↑ (-1) takes the cursor: a row down in the hand, then to the
        offers; from the offers back to the card whose plays they are."""
        cards = self.hand_chips
        if cursor < cards:
            target = cursor + step * columns
            if 0 <= target < cards:
                return target
            return self.first_play(choices) if step > 0 and len(choices) > cards else cursor
        return min(self.selection.focus, cards - 1) if step < 0 and cards else cursor

    def key_works(self, action: str, choices: Sequence[Choice], strict_uno: Callable[[], bool]) -> bool | None:
        """Whether a key of the decision does something now (None: not one of its keys)."""
        if action in ("tick", "row", "uno"):
            return self.hand_chips > 0 and (action != "uno" or strict_uno())
        if action == "pass_turn":
            return any(c.value == PASS for c in choices)
        if action == "back":
            return self.selection.form is not None or bool(self.selection.ticked)
        return bool(choices) if action in ("choose", "cursor", "pick") else None

    def back(self, choices: Sequence[Choice]) -> int | None:
        """Esc: close the joker's cards (the cursor back on their play: its place), else untick
        every card (the cursor on the first)."""
        form = self.selection.form
        if form is None:
            self.reset()
            return 0
        self.selection.form = None
        return next((i for i, c in enumerate(choices) if c.value == form), None)

    def word_on(self, choice: Choice, t: Translate) -> str:
        """The line under an enabled choice: how many plays an offer stands for while its
        joker's cards are closed, else the note."""
        value = choice.value
        if isinstance(value, Form) and len(value.plays) > 1 and value != self.selection.form:
            return t("dfg.ui.ways", count=len(value.plays))
        return self.note

    def meant(self, value: object, hand: Sequence[Card]) -> object:
        """The action a choice stands for, to explain a refusal: for a dimmed card, the play it
        and the ticked cards most likely mean (`closest_play`)."""
        if not isinstance(value, HandCard):
            return value
        naturals, jokers = self.selection.cards(hand)
        card = value.card
        return closest_play([*naturals] + ([] if card.is_joker else [card]), jokers + card.is_joker)
