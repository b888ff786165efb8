"""Which screen shows: Home, one game screen at a time, and what is pushed over them.

The stack is Textual's default screen, then Home or one game screen, then what is pushed
over it (a dialog, help, the games list). A sheet opened from the command line starts on
its game screen: Home is composed only when asked for. The game screens themselves are
kept while their game is open (``kept_screens.py``).
"""

from __future__ import annotations

from .kept_screens import KeptScreens, mounted, step_from
from .screens.home import HomeScreen


class ScreenStack(KeptScreens):
    """The app's part that moves between screens (mixed into the App)."""

    def store_typing(self) -> bool:
        """Store what is typed in the focused table before its screen goes: a value shown
        on screen is a value saved. False when it was refused: its screen stays, and
        says why the key did nothing."""
        store = getattr(self.focused, "store_typing", None)
        if store is None or store():
            return True
        self.notify("The value typed is refused (why is under the table): put it right, or Esc to "
                    "put it back.", severity="warning")
        return False

    def show_home(self) -> None:
        """Back to Home, letting the game screen go (not while a refused value is on it)."""
        if not self.store_typing():
            return
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if len(self.screen_stack) < 2:
            self.push_screen("home")
            self.call_after_refresh(self.start_up_drawn)
        elif not isinstance(self.screen, HomeScreen):
            self.switch_screen("home")  # the game screen stays kept for the way back

    def action_home(self) -> None:
        self.show_home()

    def show_game_screen(self, name: str, heading: int = 1) -> None:
        """Show one game screen in place of the one showing; ``heading``: the way the
        user goes (PageUp: -1), for the screen composed ahead after it."""
        current = self.current_game_screen()
        if current is None or (current != name and self.store_typing()):  # a refused value keeps its screen
            self.heading = heading
            self.call_next(self.swap_game_screen, name)

    async def swap_game_screen(self, name: str) -> None:
        """Show a game screen in place of the one showing (which is kept), or over the
        stack's base; then compose the next one ahead."""
        with self.holding_keys():
            await mounted(self.kept.get(name))  # composed ahead: it may still be mounting
            over = self.current_game_screen() is None  # Home, or nothing yet
            screen = self.game_screen(name)
            if over:
                await self.push_screen(screen)
            else:
                await self.switch_screen(screen)
        self.call_after_refresh(self.after_first_frame)

    def current_game_screen(self) -> str | None:
        """The name of the game screen showing, if one is."""
        stack = self.screen_stack  # empty once the app is ending (a tidy-up awaited till then)
        if self.game is not None and stack and self.game[1] is stack[-1]:
            return self.game[0]
        return None

    def action_next_screen(self) -> None:
        self.move_screen(1)

    def action_previous_screen(self) -> None:
        self.move_screen(-1)

    def move_screen(self, step: int) -> None:
        current = self.current_game_screen()
        if current is not None:
            if (name := step_from(current, step)) is not None:
                self.show_game_screen(name, step)
        elif self.game_behind_home():
            self.back_to_game()

    def game_behind_home(self) -> bool:
        """Whether Home shows with a game left open behind it (F2 from a game screen)."""
        return isinstance(self.screen, HomeScreen) and self.game is not None and self.live is not None

    def back_to_game(self) -> None:
        """From Home, the game left open there, on the screen it was left on. Opened
        from the command line, a sheet outside the games folder had no way back."""
        if self.game_behind_home():
            self.show_game_screen(self.game[0])

    def action_go(self, name: str) -> None:
        """Show one game screen; not over a question or a form, nor from a screen holding
        typing (from the palette): the screen went on top of a question, hidden under it,
        and left a play record or Setup typed and not kept, its typing lost (review, a
        new user's run)."""
        if self.session is None:
            self.notify("Open or start a game first.", severity="warning")
            return
        if self.screen.is_modal:
            self.notify("Answer or close this first (Esc): the game's screens are under it.", severity="warning")
            return
        if (ask := getattr(self.screen, "quit_question", None)) is not None and ask():
            # Setup with names typed: the palette left it, and its typing, without a word
            self.notify("Something is typed here: Esc leaves it (asking first), F2 goes Home.", severity="warning")
            return
        self.show_game_screen(name)
