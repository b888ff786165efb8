"""Textual's command palette: every screen and action of the app in it, and keys that
cannot end the app.

Its keys: PageUp / PageDown reached the palette's list while options were added but not yet laid
out, and Textual 8's OptionList raised ``KeyError: 0`` looking up the highlighted
option's line: the app ended on its crash page (an attack run's random keys, three times
in six minutes, during bursts). There is nothing to page through then: the key does
nothing, as it does on an empty list."""

from __future__ import annotations

from textual.app import SystemCommand
from textual.command import CommandPalette

from .kept_screens import GAME_SCREENS


class SafeCommandPalette(CommandPalette):
    """The palette, its list's actions guarded against Textual's unlaid-out list."""

    def _action_command_list(self, action: str) -> None:
        try:
            super()._action_command_list(action)
        except KeyError:  # the list's options not laid out yet: nothing to move over
            pass


class GuardedPalette:
    """Mixed into the App: the palette's commands, and every command palette it opens is
    a ``SafeCommandPalette`` (the commands', and those Textual opens from them: the
    themes', a list of commands)."""

    def get_system_commands(self, screen):
        """Textual's commands, then every game screen, and every action a key does
        somewhere (a screen's own key, run from any screen, shows that screen first)."""
        yield from super().get_system_commands(screen)
        for name, (label, _) in GAME_SCREENS.items():
            yield SystemCommand(f"Go to {label}", f"Show the {label} screen", lambda n=name: self.action_go(n))
        yield SystemCommand("Undo", "Take back the last change", self.action_undo)
        yield SystemCommand("Redo", "Apply again what was undone", self.action_redo)
        yield SystemCommand("Help", "Keys and easy-to-miss rules", self.action_help)
        yield SystemCommand("Home", "New game, continue, open, history", self.action_home)
        yield SystemCommand("New game", "Set up a new game", self.new_game)
        yield SystemCommand("Demo game", "Open the bundled finished game", self.open_demo)
        yield from self.save_commands()
        if self.session is not None:
            # each screen's own keys, from anywhere: it shows that screen and does it there
            for title, help_text, name, action in (
                ("Record an Event", "E1: on Game progress (ctrl+r there)", "progress", "action_event"),
                ("Take back the last timeline mark", "On Game progress (ctrl+t there)", "progress", "action_take_back"),
                ("Start or pause the game timer", "On Game progress (ctrl+g there)", "progress", "action_timer"),
                ("Stop the game timer", "Records the play's end and duration", "progress", "action_stop"),
                ("Play record", "When, where, who started, notes (ctrl+e on Game progress)", "progress",
                 "action_record"),
                ("Finished or not", "Counted in statistics or not (ctrl+f on Results)", "results", "action_finished"),
            ):
                yield SystemCommand(title, help_text, lambda n=name, a=action: self.on_game_screen(n, a))
            yield SystemCommand("Replay this game", "Step through its history",
                                lambda: self.open_replay(self.session.path))
            from .screens.results import EXPORT_NAMES

            for kind, name in EXPORT_NAMES.items():
                yield SystemCommand(f"Export {name}", f"Write a {name} export to the exports folder",
                                    lambda k=kind: self.on_game_screen("results", "export", k))

    def on_game_screen(self, name: str, method: str, *args) -> None:
        """Show the game screen ``name``, then call its ``method``: a palette command for
        what a screen's own key does there. The swap ``action_go`` queues runs first, to
        the end (a screen composed then has mounted): run after a refresh only, Finished
        or not met a Results screen with no widgets yet. A value refused on the screen
        showing keeps it there, and nothing is done."""
        self.action_go(name)

        def there() -> None:
            if self.current_game_screen() == name:
                getattr(self.screen, method)(*args)

        self.call_next(there)

    def action_command_palette(self) -> None:
        """Show the command palette (Textual's, its page keys guarded)."""
        if self.use_command_palette and not SafeCommandPalette.is_open(self):
            self.push_screen(SafeCommandPalette(id="--command-palette"))

    def search_themes(self) -> None:
        """The themes to choose from, as Textual lists them (its palette's "Theme")."""
        from textual.theme import ThemeProvider

        self.push_screen(SafeCommandPalette(providers=[ThemeProvider], placeholder="Search for themes…"))

    def search_commands(self, commands, placeholder: str = "Search for commands…"):
        """These commands to choose from, as Textual lists them."""
        from textual.command import SimpleProvider

        return self.push_screen(SafeCommandPalette(providers=[SimpleProvider(self.screen, commands)],
                                                   placeholder=placeholder))
