"""The rules core and the command line stay free of Textual (DESIGN.md)."""

from __future__ import annotations

import subprocess
import sys

BLOCK_TEXTUAL = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name == "textual" or name.startswith("textual."):
            raise ImportError("textual is blocked in this test")
sys.meta_path.insert(0, Block())
"""


def run_without_textual(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", BLOCK_TEXTUAL + code], capture_output=True, text=True)


def test_rules_core_imports_without_textual():
    proc = run_without_textual(
        "import scorepad.rules, scorepad.rules.pinax, scorepad.rules.endgame, scorepad.storage.document\n"
        "print('textual' in sys.modules)"
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "False"


def test_score_command_runs_without_textual(tmp_path):
    from .conftest import DATA

    proc = run_without_textual(
        f"from scorepad.cli import main\nraise SystemExit(main(['score', r'{DATA / 'friday.json'}']))"
    )
    assert proc.returncode == 0, proc.stderr
    assert "Winner: Ana" in proc.stdout
