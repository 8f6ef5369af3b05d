"""English messages."""

MESSAGES: dict[str, str] = {
    # Familia rule clauses (explain)
    "fam.game_over": "the game is over",
    "fam.choose_pile_first": "the leader first chooses the colour of the face pile",
    "fam.pile_not_now": "a face pile is chosen only before a trick starts",
    "fam.pile_empty": "the {colour} face pile is empty, so the other pile must be used",
    "fam.pile_choice": "the leader chooses a colour; the card within it is blind",
    "fam.not_in_hand": "{card} is not in this hand",
    "fam.joker_names_suit": "a Joker led in a trump trick must name its suit",
    "fam.joker_no_declare": "only a Joker that leads a trump trick names a suit",
    "fam.joker_free": "a hand Joker may be played at any time, with no follow obligation",
    "fam.joker_led": "the Joker leads {suit}: it is the A-minus of {suit}",
    "fam.lead_free": "the leader of a trump trick leads any card",
    "fam.no_lead": "a face Joker in a stock trick means no lead: any card",
    "fam.must_follow_face": "the face card leads {suit}, and this hand holds {suit} → must follow",
    "fam.must_follow": "{suit} led, and this hand holds {suit} → must follow",
    "fam.must_ruff": "no {suit} in this hand, but trumps ({trump}) → must ruff",
    "fam.any_card": "no card of the led suit and no trump → any card",
    "fam.must_win_nothing_yet": "must-win applies only once a hand card is in the trick",
    "fam.must_win": "batting Familia: {best} is the strongest so far and {cards} can beat it → must play one of them",
    "fam.cannot_win": "batting Familia: nothing allowed beats {best}, so the follow rule alone stands",
    "fam.bats": "{card} bats {other} → allowed whatever the other rules say",
    "fam.must_play_one_of": "so the card must be one of {cards}",
}
