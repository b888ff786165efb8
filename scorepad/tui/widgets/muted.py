"""Text that reads as unavailable and still reads: a key that cannot work now.

Rich's ``dim`` (half way to the background) and the theme's ``$text-muted`` drew such
keys at 2.2:1 in the solarized themes; a fixed share of the text colour, ``$text 85%``,
kept 3:1 there but drew them darker than the keys that work in catppuccin-latte, whose
descriptions are muted already. Here the colour of the words beside a working key moves
toward the background, as far as Rich's dim goes, but no further than text still reads
(WCAG's 3:1, for large or bold text). The colours all come from the theme.
"""

from __future__ import annotations

from rich.color import ColorType
from rich.style import Style
from textual.color import Color

READABLE = 3.0  # WCAG contrast for large or bold text
FURTHEST = 0.5  # Rich's dim: half way to the background
STEPS = 10


def luminance(colour: Color) -> float:
    """WCAG relative luminance."""
    def linear(value: float) -> float:
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4
    red, green, blue = (linear(value / 255) for value in colour.rgb)
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(fore: Color, back: Color) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    light, dark = sorted((luminance(fore), luminance(back)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def muted(style: Style) -> Style:
    """``style``, its text moved toward its background as far as it still reads; Rich's
    dim where the terminal picks the colours (the ANSI themes: only it knows them)."""
    fore, back = style.color, style.bgcolor
    if fore is None or back is None or not fore.type == back.type == ColorType.TRUECOLOR:
        return style + Style(dim=True)
    text, ground = Color.from_rich_color(fore), Color.from_rich_color(back)
    for step in range(STEPS, 0, -1):
        moved = text.blend(ground, FURTHEST * step / STEPS)
        if contrast(moved, ground) >= READABLE + 0.2:  # a margin: the terminal rounds colours
            return style + Style(color=moved.rich_color)
    return style


BLACK, WHITE = Color(0, 0, 0), Color(255, 255, 255)


def clearest_on(style: Style) -> Style:
    """``style``, its words in black or white, whichever reads better on its background
    (WCAG contrast). Textual's ``auto`` goes by brightness: white on catppuccin-latte's
    green read at 3.3:1, 2.8:1 as a 256-colour terminal draws it; this one is at least
    4.6:1 in every built-in theme. Left as it is where the terminal picks the colours."""
    back = style.bgcolor
    if back is None or back.type != ColorType.TRUECOLOR:
        return style
    ground = Color.from_rich_color(back)
    best = max((BLACK, WHITE), key=lambda text: contrast(text, ground))
    return style + Style(color=best.rich_color)
