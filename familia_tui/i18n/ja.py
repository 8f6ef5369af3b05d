"""日本語のメッセージ。"""

MESSAGES: dict[str, str] = {
}
