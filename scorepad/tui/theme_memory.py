"""The App's part that remembers the theme chosen in the command palette (Ctrl+P,
"Change theme") in the settings file, and starts in it next time."""

from __future__ import annotations

from ..storage.settings import load_settings, save_setting, theme_setting


class ThemeMemory:
    """Mixed into the App: ``recall_theme()`` once, on mount."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._remembered_theme: str | None = None  # None until recalled: no writes at start

    def recall_theme(self) -> None:
        """Start in the remembered theme; say so when the settings cannot be used."""
        settings, problem = load_settings()
        wanted = theme_setting(settings)
        if "theme" in settings and wanted is None and not problem:
            problem = (f"The theme remembered in the settings, {settings['theme']!r:.40}, is no theme's name: "
                       f"using {self.theme!r}.")
        if wanted is not None and wanted not in self.available_themes:
            problem = f"The theme {wanted!r} remembered in the settings is not available: using {self.theme!r}."
        if problem:  # once the first screen is up: a toast raised before it is not shown
            self.call_after_refresh(self.notify, problem, severity="warning", timeout=8)
        elif wanted is not None:
            self.theme = wanted
        self._remembered_theme = self.theme

    def watch_theme(self, theme: str) -> None:
        if self._remembered_theme is None or theme == self._remembered_theme:
            return  # starting up, or nothing new to remember
        self._remembered_theme = theme
        problem = save_setting("theme", theme)
        if problem:
            self.notify(problem, severity="warning", timeout=8)
