"""Start the app (imported only when a UI is opened, so the CLI stays light)."""

from __future__ import annotations

from pathlib import Path


def launch(path: Path | None = None, replay: Path | None = None, demo: bool = False) -> int:
    """Run the app until it quits; its exit code."""
    from .app import ScorepadApp

    app = ScorepadApp(path=path, replay_path=replay, demo=demo)
    app.run()
    return app.return_code or 0
