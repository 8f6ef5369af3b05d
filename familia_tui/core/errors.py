"""The root of the project's error tree, in a module that imports nothing, so that the command
line can catch every error the user can fix without importing pydantic (`familia-tui --help`)."""


class FamiliaTuiError(Exception):
    """Root of the project's error tree."""
