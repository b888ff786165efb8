"""Words said in more than one place, kept in one (the app and the open game both say
them; nothing here may import the rules or Textual: the app's start-up reads it)."""

# why a change is refused, and why a key that would change the sheet is dimmed
READ_ONLY = "This sheet is open read-only: nothing can change."


def counted(count: int, noun: str) -> str:
    """``1 Seal``, ``2 Seals``: a count and its noun, singular for one."""
    return f"{count} {noun}{'' if count == 1 else 's'}"
