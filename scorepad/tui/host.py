"""What a screen may ask of the app, typed: the open game and the ways to open one.

Screens reach the App through ``host(self)`` only, never ``self.app.<our method>``
(a test checks): the whole seam is this one Protocol, so what the screens depend on
is written down, and the App is checked against it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ContextManager, Protocol, cast, runtime_checkable

from textual.dom import DOMNode

if TYPE_CHECKING:
    from ..rules.models import Sheet
    from ..storage.live_sheet import LiveSheet


@runtime_checkable
class Host(Protocol):
    """The App as the screens see it."""

    live: LiveSheet | None  # the open game, or None on Home before one is opened

    def new_game(self) -> None:
        """Show a blank Setup form."""

    def start_game(self, sheet: Sheet, path: Path | None = None) -> None:
        """Create a new game's file and open it."""

    def open_path(self, path: Path, read_only: bool = False) -> None:
        """Open a saved sheet."""

    def back_to_game(self) -> None:
        """From Home, the game left open there, on the screen it was left on."""

    def open_demo(self) -> None:
        """Open the bundled finished game, read-only."""

    def open_replay(self, path: Path) -> None:
        """Step through a saved sheet's history."""

    def holding_keys(self) -> ContextManager[None]:
        """Keep the next key waiting while a screen is being built."""

    def store_typing(self) -> bool:
        """Store what the focused table holds typed; False when it was refused."""

    @property
    def save_state(self) -> str:
        """Words for the title bar: saved, not saved, read-only."""


def host(node: DOMNode) -> Host:
    """The App of this screen or widget, as a ``Host``."""
    return cast(Host, node.app)
