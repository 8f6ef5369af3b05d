"""Toy whist's messages, English and Japanese."""

EN: dict[str, str] = {
    "toy.game_over": "the game is over",
    "toy.trump_first": "the first team chooses the trump suit before the first trick",
    "toy.trump_now": "the first team chooses the trump suit now: one of {allowed}",
    "toy.not_in_hand": "{card} is not in this hand",
    "toy.must_follow": "{suit} led, and this hand holds {suit} → must follow: one of {allowed}",
    "toy.any_card": "the lead, or no card of the led suit → any card",
    "toy.event.trump": "{team} chose {suit} as trumps",
    "toy.event.played": "{name} played {card}",
    "toy.event.trick": "{name} won the trick",
    "toy.ui.trump": "Trumps: {suit}",
    "toy.ui.team_turn": "{names}: choose the trump suit together",
    "toy.ui.tricks": "Tricks: {scores}",
    "toy.ui.hand": "{name}'s hand: {cards}",
    "toy.ui.result": "{team} wins {count} {count:trick|tricks} to {other}",
    "opt.toy.players": "Players",
    "opt.toy.tricks": "Tricks",
}

JA: dict[str, str] = {
    "toy.game_over": "ゲームは終わりました",
    "toy.trump_first": "最初のトリックの前に、第一チームが切り札のスートを選びます",
    "toy.trump_now": "第一チームが切り札のスートを選びます：{allowed}のどれか",
    "toy.not_in_hand": "{card}はこの手札にありません",
    "toy.must_follow": "{suit}が出され、この手札に{suit}がある → フォロー必須：{allowed}のどれか",
    "toy.any_card": "リード、または出されたスートがない → どのカードでも可",
    "toy.event.trump": "{team}が切り札を{suit}にしました",
    "toy.event.played": "{name}が{card}を出しました",
    "toy.event.trick": "{name}がトリックを取りました",
    "toy.ui.trump": "切り札：{suit}",
    "toy.ui.team_turn": "{names}：相談して切り札のスートを選んでください",
    "toy.ui.tricks": "トリック：{scores}",
    "toy.ui.hand": "{name}の手札：{cards}",
    "toy.ui.result": "{team}が{count}トリック対{other}で勝ち",
    "opt.toy.players": "人数",
    "opt.toy.tricks": "トリック数",
}
