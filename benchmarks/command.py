"""The ``scorepad`` command as users type it, run headless: it quits once its first
screen is drawn (or, given a screen's name, once that game screen is), and prints its
peak RSS in KiB. Only Textual's App is imported before the command, so the process
loads what the command loads, in its order:

    python -m benchmarks.command [--screen NAME] [scorepad's arguments ...]
"""

from __future__ import annotations

import resource
import sys
from pathlib import Path

from textual.app import App


def peak_rss_kib() -> int:
    """This process's peak RSS. VmHWM, because ru_maxrss carries the parent's peak over
    fork and exec on Linux."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def quitting_when_drawn(screens: tuple[str, ...]):
    """An auto-pilot: wait for the first screen, show each of ``screens`` in turn (game
    screens of the open sheet), then quit."""

    async def pilot_run(pilot) -> None:
        await pilot.pause()
        for name in screens:
            pilot.app.action_go(name)
            await pilot.pause()
        pilot.app.exit()

    return pilot_run


def headless(screens: tuple[str, ...]) -> None:
    """Make ``App.run`` run headless with that auto-pilot, whoever calls it."""
    run = App.run

    def run_headless(self, **options):
        return run(self, **{**options, "headless": True, "auto_pilot": quitting_when_drawn(screens)})

    App.run = run_headless


def main(argv: list[str]) -> int:
    """Run the command (its arguments after an optional ``--screen NAME``, repeatable)."""
    screens = []
    while argv[:1] == ["--screen"]:
        screens.append(argv[1])
        argv = argv[2:]
    headless(tuple(screens))
    from scorepad.cli import main as scorepad

    code = scorepad(argv)
    print(peak_rss_kib())
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
