"""Words said in more than one place, kept in one (the app and the open game both say
them; nothing here may import the rules or Textual: the app's start-up reads it)."""

from __future__ import annotations

import re

# C0 and C1 controls (escape sequences: a shared file could clear the terminal it is
# shown in, retitle its window or fake lines of output), DEL, and the bidirectional
# overrides and isolates, which show text in another order than it is stored
CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def shown(text: str) -> str:
    """``text`` with what a terminal would act on (``CONTROLS``) written as escapes
    (``\\x1b``): a file's name, or a value in a file refused, is shown, never obeyed."""
    return CONTROLS.sub(lambda found: found.group().encode("unicode_escape").decode("ascii"), text)


# why a change is refused, and why a key that would change the sheet is dimmed
READ_ONLY = "This sheet is open read-only: nothing can change."


def counted(count: int, noun: str) -> str:
    """``1 Seal``, ``2 Seals``: a count and its noun, singular for one."""
    return f"{count} {noun}{'' if count == 1 else 's'}"
