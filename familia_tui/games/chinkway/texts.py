"""Chinkway messages, English (`EN`) and Japanese (`JA`), with the same keys.

- `cw.<rule>`: explanation clauses of `familia_tui.games.chinkway.explain`. Their parameters
  are notation: `suit` a suit letter, `card`/`cards` cards, `trump` a suit letter or `NT`,
  `category`/`categories` quest categories (S H D C, P = pictures), `phase`/`wanted` phase
  words; a screen may render them with the name keys below.
- `cw.phase.<word>`, `cw.category.<letter>`, `cw.trump.<letter>`: names.
- `cw.event.<kind>`: log lines for the engine's events (`{seat}` is a seat name).
"""

from __future__ import annotations

EN: dict[str, str] = {
    # ----- the options' checks (setup screen, preset files) -----
    'cw.optcheck.eleven_deals': 'deals 11 needs final_reseat: the 11th deal is the re-seated one (10 deals play with plain rotation) [CW-5a]',
    # ----- explanations -----
    "cw.game_over": "the game is over",
    "cw.wrong_phase": "this is the {phase} step of the deal, not the {wanted} step: the dealer discards, then names trumps, then the quest is turned and the tricks are played",
    "cw.not_in_hand": "{card} is not in this hand",
    "cw.discard_out_of_play": "the dealer lays aside {cards}: out of play, they count for nothing",
    "cw.trump_before_quest": "the dealer names trumps ({trump}) before the quest is turned",
    "cw.lead_free": "the leader may lead any card",
    "cw.follows": "{suit} was led and this card follows suit: one of {allowed}",
    "cw.must_follow": "{suit} was led and this hand holds {suit}: it must follow with one of {allowed}",
    "cw.void_any_card": "this hand holds no {suit}: any card may be played, and there is no duty to trump",
    "cw.take_not_in_trick": "the trick holds no {category} card: take one of {allowed}",
    "cw.take_not_needed": "your side does not need {category}: take one of {allowed}",
    "cw.take_ok": "one card of a category your side still needs is taken ({categories} here); its rank does not matter",
    # ----- names -----
    "cw.phase.discard": "discard",
    "cw.phase.trump": "trumps",
    "cw.phase.play": "play",
    "cw.phase.pick": "quest pick",
    "cw.phase.over": "over",
    "cw.category.S": "spades (A–10)",
    "cw.category.H": "hearts (A–10)",
    "cw.category.D": "diamonds (A–10)",
    "cw.category.C": "clubs (A–10)",
    "cw.category.P": "pictures (J, Q, K)",
    "cw.trump.S": "spades",
    "cw.trump.H": "hearts",
    "cw.trump.D": "diamonds",
    "cw.trump.C": "clubs",
    "cw.trump.NT": "No Trump",
    # ----- events -----
    "cw.event.dealt": "Deal {deal}: {seat} deals",
    "cw.event.discarded": "{seat} lays aside two cards",
    "cw.event.trump_named": "{seat} names trumps: {trump}",
    "cw.event.quest_revealed": "The quest: {cards}",
    "cw.event.quest_reshuffled": "The quest pack is reshuffled",
    "cw.event.quest_taken": "{seat} takes {card} for the quest",
    "cw.event.reseated": "Final deal: {seat} (3rd) deals; the others are re-seated by standings",
    "cw.event.deal_scored": "Deal {deal} scored",
    # ----- options -----
    "opt.chinkway.players": "Players",
    "opt.chinkway.deals": "Deals in the game",
    "opt.chinkway.final_reseat": "Last deal re-seated by standings",
    "opt.chinkway.first_dealer": "First dealer",
    "optval.chinkway.first_dealer.none": "drawn at random",
    # ----- statistics (core.stats: `stat_figures` of the game's spec) -----
    "cw.stat.tricks": "Tricks won",
    "cw.stat.quest_cards": "Quest cards taken",
    "cw.stat.quests": "Whole quests (side)",
    "cw.stat.dealt": "Deals dealt",
    "cw.stat.dealer_points": "Points as dealer",
}

JA: dict[str, str] = {
    # ----- the options' checks (setup screen, preset files) -----
    'cw.optcheck.eleven_deals': '11ディールには「最後のディールは順位で席替え」が要ります：11ディール目が席替えしたディールです（10ディールはそのまま回します）[CW-5a]',
    "cw.game_over": "ゲームは終了しています",
    "cw.wrong_phase": "いまは{phase}の段階で、{wanted}の段階ではありません：ディーラーが捨て札し、切札を決め、クエストを表にしてからトリックをプレイします",
    "cw.not_in_hand": "{card}は手札にありません",
    "cw.discard_out_of_play": "ディーラーは{cards}を裏向きに捨てます：プレイに使われず、得点にもなりません",
    "cw.trump_before_quest": "ディーラーはクエストを表にする前に切札（{trump}）を決めます",
    "cw.lead_free": "リードはどのカードでもかまいません",
    "cw.follows": "{suit}がリードされ、このカードはスートに従っています：{allowed}のどれか",
    "cw.must_follow": "{suit}がリードされ、手札に{suit}があります：{allowed}のどれかを出さなければなりません",
    "cw.void_any_card": "手札に{suit}がありません：どのカードでも出せます。切札を出す義務はありません",
    "cw.take_not_in_trick": "トリックに{category}のカードはありません：{allowed}のどれかを取ります",
    "cw.take_not_needed": "あなたの側は{category}を必要としていません：{allowed}のどれかを取ります",
    "cw.take_ok": "あなたの側がまだ必要とする種類のカードを1枚取ります（ここでは{categories}）。カードの強さは関係ありません",
    "cw.phase.discard": "捨て札",
    "cw.phase.trump": "切札",
    "cw.phase.play": "プレイ",
    "cw.phase.pick": "クエストの取得",
    "cw.phase.over": "終了",
    "cw.category.S": "スペード（A〜10）",
    "cw.category.H": "ハート（A〜10）",
    "cw.category.D": "ダイヤ（A〜10）",
    "cw.category.C": "クラブ（A〜10）",
    "cw.category.P": "絵札（J・Q・K）",
    "cw.trump.S": "スペード",
    "cw.trump.H": "ハート",
    "cw.trump.D": "ダイヤ",
    "cw.trump.C": "クラブ",
    "cw.trump.NT": "ノートランプ",
    "cw.event.dealt": "第{deal}ディール：{seat}がディーラー",
    "cw.event.discarded": "{seat}が2枚を捨て札しました",
    "cw.event.trump_named": "{seat}が切札を決めました：{trump}",
    "cw.event.quest_revealed": "クエスト：{cards}",
    "cw.event.quest_reshuffled": "クエストパックをシャッフルしなおしました",
    "cw.event.quest_taken": "{seat}がクエストのために{card}を取りました",
    "cw.event.reseated": "最後のディール：3位の{seat}がディーラー、ほかは順位によって席替え",
    "cw.event.deal_scored": "第{deal}ディールの得点",
    "opt.chinkway.players": "人数",
    "opt.chinkway.deals": "ディール数",
    "opt.chinkway.final_reseat": "最後のディールは順位で席替え",
    "opt.chinkway.first_dealer": "最初のディーラー",
    "optval.chinkway.first_dealer.none": "ランダム",
    # ----- statistics (core.stats: `stat_figures` of the game's spec) -----
    "cw.stat.tricks": "獲得トリック",
    "cw.stat.quest_cards": "取ったクエストカード",
    "cw.stat.quests": "クエスト完成（サイド）",
    "cw.stat.dealt": "ディーラーを務めた回数",
    "cw.stat.dealer_points": "ディーラーでの得点",
}

ASCII_TERMS: dict[str, str] = {
    "ファーファリア": "Farfalia",
}
"""The Japanese terms the texts keep (the Japanese page's name, the subtitle of the game's
Japanese name and of its English rules), in romaji for ascii mode."""
