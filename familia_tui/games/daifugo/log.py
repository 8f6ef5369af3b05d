"""One line of text per event, for the game log: a screen needs no rule knowledge to show them.

Event kinds and their info (every event also has `seat` and `cards`):

| kind | seat | info |
|---|---|---|
| `rule_card` | — | `game`, `families`, `ability_ranks`, `revolution` (the ◆ start, DF-3: shown with |
| | | `dfg.ev.rule_card.revolution`); cards: the card, or () for none |
| `dealt` | first leader (♥3) | `counts`, `leader` |
| `tenho`, `nokoshi` | the player | `family` (`shina` … or `union`); cards: the hand shown |
| `went_out` | the player | `place`, `how` (`empty`, `tenho`, `nokoshi`) |
| `played` | the player | `play` (the action), `kind` (`group`, `sequence`, `top`), `spade3`; cards as played |
| `passed` | the player | — |
| `trick_won` | the next leader | `why` (`passes`, `eight`, `spade3`) |
| `suit_lock` | the player | `suits` (letters) |
| `number_lock` | the player | `rank` (the rank that set it) |
| `revolution` | the player | `on`, `coup` |
| `trick_reverse` | the player | `on` |
| `uno`, `uno_missed` | the player | — |
| `dobon` | the caller | `target`, `value`, `automatic`; cards: the caller's hand |
| `dobon_gaeshi` | the target | `caller`, `value`; cards: the target's hand |
| `nasuritsuke` | the caller | `target` |
| `chombo` | the offender | `why` (`stuck`, `uno`), `caller` (for `uno`) |
| `stuck` | the stuck leader (pass-on option) | — |
| `declined` | the seat | `call` (`dobon`, `chombo`) |
| `game_scored` | ビリ | `reason`, `record` (a `GameRecord`) |
| `game_over` | — | `biri` (counts), `standings` |
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from familia_tui.core.cards import Card, format_card
from familia_tui.core.engine import Event
from familia_tui.i18n import translate


def event_text(event: Event, names: Sequence[str], lang: str = "en",
               card_text: Callable[[Card], str] = format_card) -> str:
    """The log line of `event`; `names` are the seats' names, `card_text` shows a card."""
    key, params = _key(event), dict(event.info)
    params.update(name=names[event.seat] if event.seat is not None else "",
                  cards=" ".join(card_text(c) if not c.is_joker and c.suit != "*"
                                 else str(c) for c in event.cards))
    for role in ("target", "caller"):
        if isinstance(params.get(role), int):
            params[role] = names[params[role]]
    if "families" in params:
        params["families"] = ", ".join(translate(f"dfg.family.{f}", lang) for f in params["families"])
    if "family" in params:
        params["family"] = translate(f"dfg.family.{params['family']}", lang)
    if "reason" in params:
        params["reason"] = translate(f"dfg.reason.{params['reason']}", lang)
    return translate(key, lang, **params)


def _key(event: Event) -> str:
    """The message key of an event, with its variant."""
    kind = event.kind
    if kind == "rule_card":
        if not event.cards:
            return "dfg.ev.rule_card.none"
        return "dfg.ev.rule_card" if event.get("families") else "dfg.ev.rule_card.plain"
    if kind == "played" and event.get("spade3"):
        return "dfg.ev.played.spade3"
    if kind == "trick_won":
        return f"dfg.ev.trick_won.{event.get('why')}"
    if kind == "revolution":
        return "dfg.ev.revolution.coup" if event.get("coup") else (
            "dfg.ev.revolution.on" if event.get("on") else "dfg.ev.revolution.off")
    if kind == "trick_reverse":
        return "dfg.ev.trick_reverse.on" if event.get("on") else "dfg.ev.trick_reverse.off"
    if kind == "chombo":
        return f"dfg.ev.chombo.{event.get('why')}"
    return f"dfg.ev.{kind}"
