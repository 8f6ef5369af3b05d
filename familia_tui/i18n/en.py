"""English messages."""

MESSAGES: dict[str, str] = {
}
