"""The rules core and the command line stay free of Textual (DESIGN.md)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

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


# -- colours come from the theme (issue 12: every theme, light ones too) -----------------

SCORE_PAD = Path(__file__).resolve().parent.parent / "scorepad"
LITERAL_COLOUR = re.compile(r"#[0-9a-fA-F]{3,8}\b|\b(?:rgba?|hsla?)\s*\(", re.IGNORECASE)
# a property that takes a colour; scrollbar-size and scrollbar-gutter take none
COLOUR_PROPERTY = re.compile(r"color|background|border|outline|tint|^scrollbar-(?!size|gutter)")
NOT_A_COLOUR = {"transparent", "auto", "inherit", "initial", "none"}  # allowed where a colour may go


def css_sources() -> dict[str, str]:
    """The app's stylesheet and every ``DEFAULT_CSS`` / ``CSS`` string in the package, by
    where they are (read from the source: nothing is imported)."""
    sources = {"scorepad/tui/scorepad.tcss": (SCORE_PAD / "tui" / "scorepad.tcss").read_text(encoding="utf-8")}
    for path in sorted(SCORE_PAD.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) \
                    and isinstance(node.value.value, str) \
                    and any(isinstance(t, ast.Name) and t.id in ("DEFAULT_CSS", "CSS") for t in node.targets):
                sources[f"{path.relative_to(SCORE_PAD.parent)}:{node.lineno}"] = node.value.value
    return sources


def literal_colours(css: str) -> list[str]:
    """The declarations of this CSS that name a colour other than by a theme variable."""
    from textual._color_constants import COLOR_NAME_TO_RGB

    named = set(COLOR_NAME_TO_RGB) - NOT_A_COLOUR
    found = []
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.DOTALL)
    for prop, value in re.findall(r"([a-z-]+)\s*:\s*([^;{}]+);", css):
        words = set(re.findall(r"[a-z_]+", re.sub(r"\$[\w-]+", "", value.lower())))
        if LITERAL_COLOUR.search(value) or (COLOUR_PROPERTY.search(prop) and words & named):
            found.append(f"{prop}: {value.strip()}")
    return found


def test_no_widget_css_names_a_literal_colour():
    sources = css_sources()
    assert "scorepad/tui/scorepad.tcss" in sources and len(sources["scorepad/tui/scorepad.tcss"]) > 1000
    assert {where: found for where, css in sources.items() if (found := literal_colours(css))} == {}


@pytest.mark.parametrize("css, found", [
    ("A { color: #ff0000; }", ["color: #ff0000"]),
    ("A { background: $panel 30%; border: round #abc; }", ["border: round #abc"]),
    ("A { tint: rgb(10, 20, 30) 20%; }", ["tint: rgb(10, 20, 30) 20%"]),
    ("A { color: white; background: ansi_red; }", ["color: white", "background: ansi_red"]),
    ("/* red */ #id.a { color: $text-muted; background: transparent; border: hkey $panel-lighten-2; }", []),
    ("A { text-align: right; align: center middle; scrollbar-size-vertical: 1; }", []),
])
def test_the_literal_colour_check_finds_what_it_should(css, found):
    assert literal_colours(css) == found


def test_the_app_module_loads_no_rules_storage_format_or_pydantic():
    """The first screen does not wait for the sheet format's models: they load on first
    use (the settings read at start-up once pulled them in, start-up 1.1x -> 1.5x)."""
    proc = subprocess.run([sys.executable, "-c", (
        "import sys, scorepad.tui.app, scorepad.tui.theme_memory, scorepad.storage.settings\n"
        "print(sorted(m for m in ('pydantic', 'scorepad.rules', 'scorepad.storage.document') if m in sys.modules))")],
        capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "[]"
