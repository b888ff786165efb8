"""Kill the running app with SIGKILL at random moments while values are typed, and check
that no value shown on screen was lost and no file was left corrupt.

The app runs headless (Pilot) in a process forked from this one, so each start is
quick; it types Renown values, alternating players, and reports each value once the
frame showing it is drawn. Saves are made as often as possible (no pause before the
file is rewritten), so kills land in the middle of journal writes and of file
rewrites alike. Each trial goes on from the file the last kill left.

    python -m benchmarks.kill_app            # 200 kills
    python -m benchmarks.kill_app --kills 20
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import select
import signal
import sys
import tempfile
import time
from pathlib import Path

MAX_VALUE = 500  # the largest count a sheet takes
PATIENCE = 60.0  # seconds a kill after values shown waits for them, at most


def value(n: int) -> int:
    """The value typed as the ``n``th commit (it differs from the commit before)."""
    return 1 + n % MAX_VALUE


def type_values(path: Path, first: int, report: int, fold_after: float) -> None:
    """In the child: open the sheet in the app and type values from commit ``first`` on,
    writing ``n`` to ``report`` once the totals show commit ``n``."""
    from scorepad.tui.app import ScorepadApp
    from scorepad.tui.widgets.count_grid import CountGrid

    from .keystrokes import post_keys

    async def run() -> None:
        app = ScorepadApp(path=path)
        app.look_every, app.fold_after = random.choice((0.02, 1.0)), fold_after
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            app.action_go("renown")
            await pilot.pause()
            grid = app.screen.query_one(CountGrid)
            for n in range(first, first + 100_000):
                grid.focus()
                grid.cursor = grid.find(f"renown-{n % 2}")
                post_keys(app, "ctrl+u", *str(value(n)), "enter")  # typed as fast as keys come
                while not app.keys_settled():
                    await asyncio.sleep(0)
                drawn = asyncio.get_running_loop().create_future()
                app.screen.call_after_refresh(lambda: drawn.done() or drawn.set_result(None))
                await drawn  # the frame with the value is drawn: from here on it is on screen
                if app.session.sheet.players[n % 2].renown != value(n):  # keys lost, or a dialog took them
                    os.write(report, f"!{n} typed {value(n)}, the sheet holds "
                                     f"{app.session.sheet.players[n % 2].renown} ({type(app.screen).__name__})\n".encode())
                    return
                os.write(report, f"{n}\n".encode())

    asyncio.run(run())


def new_sheet(folder: Path) -> Path:
    """A two-player sheet to type into."""
    from scorepad.rules.models import Player, Sheet
    from scorepad.storage.session import SheetSession

    session = SheetSession.create(Sheet(players=(Player(name="Ana"), Player(name="Ben"))), folder)
    session.close()
    return session.path


def one_kill(path: Path, first: int, longest: float, after_reports: int | None) -> tuple[list[int], list[str]]:
    """Start the app and kill it: at a random time within ``longest`` seconds of its
    start, or just after it reports ``after_reports`` values shown, when a value on
    screen is most at risk, however long a busy machine takes to get there. The commits
    it reported as shown, and any value it typed that the sheet did not take."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the app
        os.close(read)
        try:
            type_values(path, first, write, random.choice((0.0, 0.3, 2.0)))
        finally:
            os._exit(0)
    os.close(write)
    # a start slowed by a busy machine (CI: four test workers on two cores) once let
    # every kill of a short run come before any value was shown
    deadline = time.monotonic() + (random.uniform(0.0, longest) if after_reports is None else PATIENCE)
    data = b""
    while time.monotonic() < deadline and (after_reports is None or data.count(b"\n") < after_reports):
        if select.select([read], [], [], max(0.0, deadline - time.monotonic()))[0]:
            data += os.read(read, 65536)
    if after_reports is not None:
        time.sleep(random.uniform(0.0, 0.003))
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    while select.select([read], [], [], 0)[0]:
        chunk = os.read(read, 65536)
        if not chunk:
            break
        data += chunk
    os.close(read)
    lines = data.decode().splitlines()  # a torn last line cannot happen: one write each
    return [int(line) for line in lines if not line.startswith("!")], [line[1:] for line in lines if line.startswith("!")]


def check(path: Path, shown: dict[int, int], in_flight: int) -> str | None:
    """What went wrong, if anything: a file that does not load, or a shown value lost
    (``shown`` then takes the values on disk: the one in flight may have landed)."""
    from scorepad.storage.files import read_sheet
    from scorepad.storage.session import SheetSession

    try:
        read_sheet(path)  # the file alone is whole
        sheet = SheetSession.open(path, read_only=True).sheet  # with its journal
    except Exception as err:  # noqa: BLE001 - any failure to load is the finding
        return f"the sheet does not load: {err}"
    for player in (0, 1):
        allowed = {shown[player], value(in_flight) if in_flight % 2 == player else None}
        if sheet.players[player].renown not in allowed:
            return f"player {player}: {sheet.players[player].renown} on disk, {shown[player]} was shown"
    shown.update({player: sheet.players[player].renown for player in (0, 1)})
    return None


def run(kills: int, longest: float = 1.5, seed: int | None = None) -> tuple[int, int, list[str]]:
    """Kill the app ``kills`` times; (kills, values shown, problems)."""
    import scorepad.tui.app  # noqa: F401 - imported once here, so each forked start is quick

    random.seed(seed)
    problems: list[str] = []
    shown_total = 0
    with tempfile.TemporaryDirectory() as home:
        os.environ["SCOREPAD_HOME"] = home
        path = new_sheet(Path(home) / "games")
        shown = {0: 0, 1: 0}
        n = 0
        for trial in range(kills):
            after_reports = random.randint(1, 8) if trial % 2 else None  # every other trial
            reported, not_taken = one_kill(path, n, longest, after_reports)
            problems += [f"a value typed was not taken: commit {line}" for line in not_taken]
            for m in reported:
                shown[m % 2] = value(m)
            shown_total += len(reported)
            n = (reported[-1] + 1) if reported else n
            problem = check(path, shown, n)
            if problem:
                problems.append(problem)
            n += 1  # never type the in-flight commit's value again: it may be on disk
    return kills, shown_total, problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--longest", type=float, default=1.5, help="longest run before a kill (s)")
    args = parser.parse_args()
    start = time.perf_counter()
    kills, shown, problems = run(args.kills, args.longest)
    print(f"{kills} SIGKILLs, {shown} values shown, {len(problems)} lost or corrupt "
          f"({time.perf_counter() - start:.0f} s)")
    for problem in problems:
        print(f"  {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
