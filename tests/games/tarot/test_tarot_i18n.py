"""Every Tarot message exists in English and Japanese, and every key the engine uses is there."""

from __future__ import annotations

import re
from pathlib import Path

from familia_tui.games.tarot.actions import Contract, Kind
from familia_tui.games.tarot.rules import Phase
from familia_tui.games.tarot.texts import EN
from familia_tui.i18n import translate

PACKAGE = Path(__file__).resolve().parents[3] / "familia_tui" / "games" / "tarot"


def test_every_clause_key_of_the_engine_has_a_message() -> None:
    source = (PACKAGE / "explain.py").read_text(encoding="utf-8")
    keys = set(re.findall(r'"(tarot\.[\w.-]+)"', source))
    keys |= {f"tarot.{kind}_{verdict}" for kind in ("misere-faces", "misere-trumps")
             for verdict in ("ok", "not_held")}
    assert keys and keys <= EN.keys(), sorted(keys - EN.keys())


def test_names_of_contracts_declarations_phases_and_event_kinds() -> None:
    for contract in Contract:
        assert f"tarot.contract.{contract}" in EN
    for kind in Kind:
        assert f"tarot.kind.{kind}" in EN
    for phase in Phase:
        assert f"tarot.phase.{phase}" in EN
    rules = (PACKAGE / "rules.py").read_text(encoding="utf-8")
    for event in set(re.findall(r'Event\("(\w+)"', rules)):
        assert any(k.startswith(f"tarot.event.{event}") for k in EN), event
    assert translate("tarot.contract.garde-sans", "ja") == "ガルド・サン"
    assert translate("tarot.must_follow", "ja", suit="H").startswith("Hがリード")
