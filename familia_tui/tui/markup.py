"""Players' own text (seat names) inside markup, drawn exactly as written.

Screens put names into markup that Textual parses (banners, panels) and into markup that Rich
parses (tables, the log). Rich's `escape` only escapes complete tags, so a name ending in `[/`
or `[b` is completed into a tag by the text after it (`Aki[/: play a card [/]`) and crashes the
screen. `escape` writes every `[` as `\\[`, which both parsers draw as `[`, and keeps a
backslash that ends the name or stands before a `[` from escaping what follows by putting a
zero-width space after it.
"""

from __future__ import annotations

import re

ZERO_WIDTH_SPACE = "\u200b"
_ESCAPING_BACKSLASH = re.compile(r"\\(?=\[|$)")


def escape(text: str) -> str:
    """`text` for markup: drawn as written by Textual and by Rich, never read as a tag."""
    return _ESCAPING_BACKSLASH.sub("\\\\" + ZERO_WIDTH_SPACE, text).replace("[", "\\[")
