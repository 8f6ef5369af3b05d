"""A game's options in words, as the setup and rules screens show them to players.

An option's name is the message `opt.<game>.<field>`; its value is written by type:

- a switch (bool): `optval.<game>.<field>.true` / `.false` where the option has its own words,
  else the common `optval.on` / `optval.off`;
- a value from a fixed list (a `Literal`): `optval.<game>.<field>.<value>`;
- an unset value that means something (a seat drawn at random): `optval.<game>.<field>.none`,
  else `optval.none` (—);
- a seat number: `optval.seat` (seats count from 1 on screen, from 0 in presets);
- a number: the number, or its own words where it means something (`optval.<game>.<field>.0`:
  off); a list: its items, each in words;
- a seat, a list with one value per deal, or an option shown elsewhere: as its field declares
  (`json_schema_extra=shown_as(...)`, see `core.presets.Shown`);
- a nested model with a `words(lang)` method (Familia's match): the sentence it writes.

A message missing in Japanese falls back to English, and one missing everywhere to the value as
the preset writes it, so nothing ever crashes for want of a label
(tests/tui/test_option_labels.py checks that every value has its words in both languages).
The preset keys themselves are for preset files: `familia-tui presets show GAME/PRESET`.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from familia_tui.core.cards import CardError, format_card, parse_card
from familia_tui.core.presets import option_shown
from familia_tui.i18n import CATALOGUES, translate


def message(key: str, lang: str) -> str | None:
    """The message `key` in `lang`, else in English, else None."""
    return CATALOGUES.get(lang, {}).get(key) or CATALOGUES["en"].get(key)


def option_label(key: str, lang: str, game: str) -> str:
    """The name players read for a game's option: `opt.<game>.<key>` in `lang`, else in
    English, else the key itself."""
    return message(f"opt.{game}.{key}", lang) or key


def option_value(game: str, key: str, value: object, lang: str, glyphs: str = "letters",
                 shown: str | None = None) -> str:
    """An option's value in words (`value` as `model_dump(mode="json")` gives it; `shown` as
    the option's field declares it, `core.presets.Shown`)."""
    if isinstance(value, (list, tuple)):
        return _list_text(game, key, value, lang, glyphs, shown)
    return _scalar_text(game, key, value, lang, glyphs, shown)


def option_rows(options: BaseModel, game: str, lang: str, glyphs: str = "letters") -> list[tuple[str, str, str]]:
    """(key, name, value in words) for every resolved option but those shown elsewhere. A
    nested options model that writes itself in words (`words(lang)`, Familia's match) is one
    sentence."""
    resolve = getattr(options, "resolved", None)
    resolved = resolve() if resolve else options
    rows = []
    for key, value in resolved.model_dump(mode="json").items():
        shown = option_shown(type(resolved), key)
        if shown == "hidden":
            continue
        nested = getattr(resolved, key)
        words = nested.words(lang) if callable(getattr(nested, "words", None)) else \
            option_value(game, key, value, lang, glyphs, shown)
        rows.append((key, option_label(key, lang, game), words))
    return rows


def _scalar_text(game: str, key: str, value: object, lang: str, glyphs: str, shown: str | None) -> str:
    prefix = f"optval.{game}.{key}"
    if isinstance(value, bool):
        word = "true" if value else "false"
        return message(f"{prefix}.{word}", lang) or translate(f"optval.{'on' if value else 'off'}", lang)
    if value is None:
        return message(f"{prefix}.none", lang) or translate("optval.none", lang)
    if isinstance(value, int) and shown == "seat":
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


def _list_text(game: str, key: str, values: Sequence[object], lang: str, glyphs: str, shown: str | None) -> str:
    if not values:
        return message(f"optval.{game}.{key}.empty", lang) or translate("optval.none", lang)
    words = [_scalar_text(game, key, value, lang, glyphs, shown) for value in values]
    if shown == "per_deal":
        words = [translate("optval.per_deal", lang, deal=deal, value=word)
                 for deal, word in enumerate(words, start=1)]
    return translate("optval.list_separator", lang).join(words)
