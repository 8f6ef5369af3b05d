"""Familia bots (the basic heuristic bot is being written; until then it plays at random)."""

from familia_tui.core.bots import RandomBot


class BasicBot(RandomBot):
    pass
