"""Integrated Daifugō (大富豪統合ルール).

A climbing game for 3–8 players with a 56-card deck (four jokers): a rule card drawn each game
activates rule families (しなふごう, かなふごう, J富豪; ししふごう and the ◆ start as options)
whose ability cards reverse the order, and 8切り, 革命, クーデター, スペ3, locks, 天和, ○○残し, ウノ,
ドボン and チョンボ decide who is ビリ. The rules are in `rules.py` (the state machine), `legal.py`
(legal plays), `shapes.py` (combinations and strength), `families.py` (the rule card); the
bots in `bots.py` (basic) and `search.py` (the search bot's sampler, value and playouts).

Notation (actions.py): `play 7S 7H`, `play 5S JK=6S 7S`, `play JK JK`, `play 8S JK=8*`,
`play 4S uno`, `pass`, `call dobon`, `call chombo`, `decline`.

Queries for scenarios (queries.py): `phase` (lead, follow, dobon, chombo, over), `to_act`,
`game`, `leader`, `hands` {seat: [cards]}, `counts` {seat: n}, `rule_card`, `families`,
`ability_ranks`, `top` {seat, play, kind, size, rank}, `trick_plays` [[seat, play], …],
`passed`, `suit_lock` [suits] or null, `number_lock`, `next_rank`, `revolution`,
`trick_reverse`, `order` (ranks weakest first), `value` (ドボン value of the top), `places`,
`kept`, `uno_missed`, `biri`, `reason`, `final_places` (of the last finished game), `session`
{seat: ビリ count}, `first_places`, `games_played`, `over`, `last_events` (event kinds of the
last action).
"""

from familia_tui.core.registry import GameEntry

ENTRY = GameEntry(
    id="daifugo",
    names={"en": "Daifugō (integrated rules)", "ja": "大富豪（統合ルール）"},
    players=(3, 8),
    spec="familia_tui.games.daifugo.game:GAME",
    options="familia_tui.games.daifugo.options:OPTIONS_MODEL",
    prefix="dfg",
    texts=("familia_tui.games.daifugo.texts", "familia_tui.tui.games.daifugo.texts"),
    ui="familia_tui.tui.games.daifugo",
    order=50,
)
