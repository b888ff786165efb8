"""An error scorepad did not expect (a bug): its details go to a file under the data
folder, and the user reads two lines, never a traceback. Nothing here may fail: a
report that cannot be written is said as such."""

from __future__ import annotations

import platform
import sys
import traceback
from datetime import datetime

from .. import __version__
from ..messages import shown
from .paths import data_home

EXIT_CODE = 70  # EX_SOFTWARE: an internal error (sysexits.h)


def crash_folder():
    """Where the reports go (not created until one is written)."""
    return data_home() / "crash-reports"


def report_text(error: BaseException, doing: str) -> str:
    """What a report holds: versions, what scorepad was doing, and the traceback."""
    try:
        from importlib.metadata import version

        textual = version("textual")
    except Exception:
        textual = "?"
    lines = [f"scorepad {__version__}, Python {platform.python_version()}, textual {textual}, {platform.platform()}",
             f"when: {datetime.now().isoformat(timespec='seconds')}", f"doing: {doing}", ""]
    return "\n".join(lines) + "".join(traceback.format_exception(error))


def report_crash(error: BaseException, doing: str) -> str:
    """Write the report of ``error``; the words to tell the user (a report that could
    not be written is said, with why)."""
    try:
        what = shown(f"{type(error).__name__}: {error}")[:200]
    except Exception:  # an error whose words fail too: its kind is still said
        what = type(error).__name__
    said = f"scorepad stopped on an error it did not expect ({what}). This is a bug in scorepad."
    try:
        folder = crash_folder()
        folder.mkdir(parents=True, exist_ok=True)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S-%f")
        path = folder / f"crash-{stamp}.txt"
        with open(path, "x", encoding="utf-8", errors="backslashreplace") as report:
            report.write(report_text(error, doing))
    except Exception as failed:  # a read-only or full disk: the user still hears of the bug
        return f"{said}\nIts details could not be written ({shown(str(failed))[:200]})."
    return f"{said}\nIts details are in {shown(str(path))}: please send that file with your report."


def print_crash(error: BaseException, doing: str) -> None:
    """Report the crash and tell the user on stderr (never raises)."""
    try:
        print(report_crash(error, doing), file=sys.stderr)
    except Exception:  # stderr closed or broken: nothing more can be said
        pass
