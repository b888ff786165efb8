"""The command line's output under a hostile world: a pipe closed early, a full disk, a
terminal that shows ASCII only. No traceback, ever (issue 12's command-line findings)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorepad import __version__

from .conftest import examples

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "scorepad" / "data" / "demo.json"


def scorepad(*args: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "scorepad", *args], cwd=ROOT, capture_output=True,
                          timeout=60, **kwargs)


def test_version_and_python_dash_m_work():
    done = scorepad("--version")
    assert done.returncode == 0 and done.stdout.decode().strip() == f"scorepad {__version__}"


def test_output_into_a_pipe_closed_early_ends_quietly():
    done = subprocess.run(f"'{sys.executable}' -m scorepad schema | head -1", shell=True, cwd=ROOT,
                          capture_output=True, timeout=60)
    assert done.stdout.decode().strip() == "{" and b"Traceback" not in done.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_output_to_a_full_disk_is_one_line_not_a_traceback():
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "scorepad", "score", str(DEMO)], cwd=ROOT,
                              stdout=full, stderr=subprocess.PIPE, timeout=60)
    assert done.returncode == 1 and b"Traceback" not in done.stderr
    assert done.stderr.decode().startswith("scorepad: cannot write the output")


@pytest.mark.parametrize("command", [["export", str(DEMO), "--to", "bgstats"], ["replay", str(DEMO), "--print"],
                                     ["score", str(DEMO), "--json"]])
def test_output_cut_short_by_a_file_size_limit_is_said_and_exits_1(command, tmp_path):
    """``ulimit -f 1`` then ``export ... > out``: the first 1,024 bytes were written, the
    rest dropped, and the command exited 0 without a word (attack run): a short write of
    standard output was taken as the whole."""
    import resource

    def limited() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (1024, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))

    whole = subprocess.run([sys.executable, "-m", "scorepad", *command], cwd=ROOT, capture_output=True, timeout=60)
    assert whole.returncode == 0
    with open(tmp_path / "out", "wb") as out:
        done = subprocess.run([sys.executable, "-m", "scorepad", *command], cwd=ROOT, stdout=out,
                              stderr=subprocess.PIPE, timeout=60, preexec_fn=limited)
    assert len(whole.stdout) > 1024  # past the limit, or the case tests nothing
    assert done.returncode == 1 and done.stderr.decode() == "scorepad: cannot write the output: File too large\n"


def test_an_ascii_only_terminal_gets_escapes_not_a_traceback():
    done = scorepad("score", str(DEMO), env={"PYTHONIOENCODING": "ascii", "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    assert b"Chlo\\xe9" in done.stdout  # the name escaped, still readable


@pytest.mark.parametrize("command", ["open", "demo", "score", "export", "replay", "history", "schema"])
def test_every_command_has_help_with_a_description_and_an_example(command, capsys):
    from scorepad.cli import COMMANDS, main

    with pytest.raises(SystemExit) as done:
        main([command, "--help"])
    out = capsys.readouterr().out
    assert done.value.code == 0
    assert COMMANDS[command][1].split(".")[0] in " ".join(out.split())
    assert f"example: scorepad {command}" in out


@given(st.one_of(st.just([]), st.just(["demo"]), st.lists(st.text(min_size=1), min_size=1, max_size=3)
                 .map(lambda words: ["open", *words]), st.lists(st.sampled_from(
                     ["open", "demo", "score", "--json", "-h", "--version", "x.json", "--", "-"]), max_size=3)))
@settings(max_examples=examples(300), deadline=None)
def test_the_app_starts_without_argparse_on_what_argparse_would_read_the_same(argv):
    """Issue 15: ``scorepad``, ``scorepad open FILE`` and ``scorepad demo`` skip argparse
    (a tenth of a MiB short of the memory budget); what they start with is what argparse
    makes of them, and every other command line still goes through it."""
    from scorepad.cli import app_arguments, build_parser

    quick = app_arguments(argv)
    if quick is None:
        return
    assert vars(quick) == vars(build_parser().parse_args(argv))


def test_the_app_command_lines_load_no_argparse(tmp_path):
    """The same, seen from outside: the module is never imported on the way to Home."""
    code = ("import sys\nfrom scorepad import cli\n"
            "print(cli.app_arguments(sys.argv[1:]) is not None, 'argparse' in sys.modules)\n")
    for argv, quick in (([], True), (["demo"], True), (["open", "a.json"], True), (["score", "a.json"], False)):
        run = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True)
        assert run.stdout.split() == [str(quick), "False"], run.stderr


def test_a_sheet_named_alone_opens_it_and_a_command_stays_a_command(tmp_path):
    """``scorepad friday.json`` was refused ("invalid choice"): the first thing a new
    user tries with a saved game."""
    from scorepad.cli import build_parser, with_command

    saved = tmp_path / "friday"  # a file without the .json suffix too
    saved.write_text("{}")
    assert with_command(["friday.json"]) == ["open", "friday.json"]
    assert with_command([str(saved)]) == ["open", str(saved)]
    for argv in (["score", "friday.json"], ["demo"], ["--version"], [], ["nothing-here"], ["x" * 300]):
        assert with_command(argv) == argv
    args = build_parser().parse_args(with_command(["friday.json"]))
    assert (args.command, args.file) == ("open", "friday.json")
