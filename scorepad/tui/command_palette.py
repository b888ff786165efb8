"""Textual's command palette, whose keys cannot end the app.

PageUp / PageDown reached the palette's list while options were added but not yet laid
out, and Textual 8's OptionList raised ``KeyError: 0`` looking up the highlighted
option's line: the app ended on its crash page (an attack run's random keys, three times
in six minutes, during bursts). There is nothing to page through then: the key does
nothing, as it does on an empty list."""

from __future__ import annotations

from textual.command import CommandPalette


class SafeCommandPalette(CommandPalette):
    """The palette, its list's actions guarded against Textual's unlaid-out list."""

    def _action_command_list(self, action: str) -> None:
        try:
            super()._action_command_list(action)
        except KeyError:  # the list's options not laid out yet: nothing to move over
            pass


class GuardedPalette:
    """Mixed into the App: every command palette it opens is a ``SafeCommandPalette``
    (the commands', and those Textual opens from them: the themes', a list of commands)."""

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
