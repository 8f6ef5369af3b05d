"""A game's options in words, as the setup and rules screens show them to players.

An option's name is the message `opt.<game>.<field>`; its value is written by type:

- a switch (bool): `optval.<game>.<field>.true` / `.false` where the option has its own words,
  else the common `optval.on` / `optval.off`;
- a value from a fixed list (a `Literal`): `optval.<game>.<field>.<value>`;
- an unset value that means something (a seat drawn at random): `optval.<game>.<field>.none`,
  else `optval.none` (—);
- a seat number: `optval.seat` (seats count from 1 on screen, from 0 in presets);
- a number: the number, or its own words where it means something (`optval.daifugo.think_timer.0`:
  off); a list: its items, each in words (a per-deal list says which deal);
- Familia's match (a nested model): one sentence from `optval.familia.match.*`.

A message missing in Japanese falls back to English, and one missing everywhere to the value as
the preset writes it, so nothing ever crashes for want of a label
(tests/tui/test_option_labels.py checks that every value has its words in both languages).
The preset keys themselves are for preset files: `familia-tui presets show GAME/PRESET`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pydantic import BaseModel

from familia_tui.core.cards import CardError, format_card, parse_card
from familia_tui.i18n import CATALOGUES, translate

HIDDEN_FIELDS = frozenset({"table"})
"""Options shown elsewhere: Familia's default seats are the setup screen's seat rows."""
SEAT_FIELDS = frozenset({"first_leader", "first_dealer"})
"""Options that name a seat (0-based in a preset, 1-based on screen)."""
PER_DEAL_FIELDS = frozenset({"style", "face_jokers"})
"""Familia options that may list one value per deal [R-F33a]."""


def message(key: str, lang: str) -> str | None:
    """The message `key` in `lang`, else in English, else None."""
    return CATALOGUES.get(lang, {}).get(key) or CATALOGUES["en"].get(key)


def option_label(key: str, lang: str, game: str) -> str:
    """The name players read for a game's option: `opt.<game>.<key>` in `lang`, else in
    English, else the key itself."""
    return message(f"opt.{game}.{key}", lang) or key


def option_value(game: str, key: str, value: object, lang: str, glyphs: str = "letters") -> str:
    """An option's value in words (`value` as `model_dump(mode="json")` gives it)."""
    if key == "match" and isinstance(value, Mapping):
        return match_text(game, value, lang)
    if isinstance(value, (list, tuple)):
        return _list_text(game, key, value, lang, glyphs)
    return _scalar_text(game, key, value, lang, glyphs)


def option_rows(options: BaseModel, game: str, lang: str, glyphs: str = "letters") -> list[tuple[str, str, str]]:
    """(key, name, value in words) for every resolved option but those shown elsewhere."""
    resolve = getattr(options, "resolved", None)
    data = (resolve() if resolve else options).model_dump(mode="json")
    return [(key, option_label(key, lang, game), option_value(game, key, value, lang, glyphs))
            for key, value in data.items() if key not in HIDDEN_FIELDS]


def _scalar_text(game: str, key: str, value: object, lang: str, glyphs: str) -> str:
    prefix = f"optval.{game}.{key}"
    if isinstance(value, bool):
        word = "true" if value else "false"
        return message(f"{prefix}.{word}", lang) or translate(f"optval.{'on' if value else 'off'}", lang)
    if value is None:
        return message(f"{prefix}.none", lang) or translate("optval.none", lang)
    if isinstance(value, int) and key in SEAT_FIELDS:
        return translate("optval.seat", lang, seat=value + 1)
    if isinstance(value, str):
        return message(f"{prefix}.{value}", lang) or _card_value(prefix, value, lang, glyphs)
    return message(f"{prefix}.{value}", lang) or str(value)  # a number; 0 may mean "off"


def _card_value(prefix: str, value: str, lang: str, glyphs: str) -> str:
    """A value that is a card (Daifugō's practice rule card), drawn in the glyph mode."""
    template = message(f"{prefix}.card", lang)
    if template is None:
        return value
    try:
        card = parse_card(value)
    except CardError:
        return value
    return translate(f"{prefix}.card", lang, card=format_card(card, glyphs))  # type: ignore[arg-type]


def _list_text(game: str, key: str, values: Sequence[object], lang: str, glyphs: str) -> str:
    if not values:
        return message(f"optval.{game}.{key}.empty", lang) or translate("optval.none", lang)
    words = [_scalar_text(game, key, value, lang, glyphs) for value in values]
    if key in PER_DEAL_FIELDS:
        words = [translate("optval.per_deal", lang, deal=deal, value=word)
                 for deal, word in enumerate(words, start=1)]
    return translate("optval.list_separator", lang).join(words)


def match_text(game: str, match: Mapping[str, object], lang: str) -> str:
    """Familia's match in one sentence: how it ends, then what a game adds to the totals."""
    prefix = f"optval.{game}.match"
    fmt = str(match.get("format"))
    win_at, lose_at = match.get("win_at"), match.get("lose_at")
    ends = "both" if win_at is not None and lose_at is not None else "win" if win_at is not None else "lose"
    parts = [translate(f"{prefix}.format.{fmt}", lang, count=match.get("count"),
                       ends=translate(f"{prefix}.target.{ends}", lang, win_at=win_at, lose_at=lose_at))]
    if fmt in ("target", "wins", "last_places"):
        parts.append(translate(f"{prefix}.max_games", lang, count=match.get("max_games")))
    scoring = str(match.get("scoring"))
    parts.append(translate(f"{prefix}.scoring.{scoring}", lang))
    points = match.get("rank_points")
    if isinstance(points, list) and scoring != "melds":
        separator = translate("optval.list_separator", lang)
        parts.append(translate(f"{prefix}.rank_points", lang, points=separator.join(map(str, points))))
    return translate("optval.sentence_separator", lang).join(parts)
