"""The rules core and the command line stay free of Textual (docs/architecture.md)."""

from __future__ import annotations

import ast
import os
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
        "import scorepad.rules, scorepad.rules.pinax, scorepad.rules.endgame, scorepad.storage.document,"
        " scorepad.storage.live_sheet\n"
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
    assert "Leading so far: Ana" in proc.stdout


def test_models_are_built_without_pydantics_plugin_search():
    """Reading a sheet builds validators without pydantic's plugin search: no
    ``importlib.metadata`` (1.4 MiB, issue 15), and pydantic still asks the loader
    scorepad answers (a pydantic that asked elsewhere would fail this)."""
    from .conftest import DATA

    proc = subprocess.run([sys.executable, "-c", (
        "import sys\n"
        "from pathlib import Path\n"
        "from scorepad.storage.files import read_sheet\n"
        "from scorepad.rules import no_plugins\n"
        f"loaded = read_sheet(Path(r'{DATA / 'friday.json'}'))\n"
        "print(len(loaded.sheet.players), 'importlib.metadata' in sys.modules,"
        " sys.modules['pydantic.plugin._loader'].get_plugins is no_plugins.get_plugins)"
    )], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    players, metadata_loaded, ours = proc.stdout.split()
    assert int(players) > 0
    assert (metadata_loaded, ours) == ("False", "True")



def test_a_pydantic_that_asks_its_plugin_loader_for_more_gets_the_real_one():
    """Should a pydantic version ask its loader for more than ``get_plugins``, it gets
    its own loader's answer, not an ImportError on the first sheet read."""
    code = "\n".join([
        "import sys",
        "from scorepad.rules import no_plugins",
        "no_plugins.skip_plugin_search()",
        "from pydantic.plugin._loader import _loading_plugins, get_plugins",
        "print(_loading_plugins, 'importlib.metadata' in sys.modules, get_plugins is no_plugins.get_plugins)",
    ])
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["False", "True", "True"]  # the rest from pydantic's own


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


def test_the_scorepad_command_draws_home_without_the_sheet_models_and_loads_them_for_a_game(tmp_path):
    """Issue 15: ``scorepad`` went through the command line, which built every pydantic
    model of the file format before the app started (1.5x a bare app; the benchmark
    started the app module directly, 1.05x). Home's first frame needs none of them; a
    sheet opened from the command line does. Once Home is drawn they load in a thread,
    so that opening a game from Home does not wait for them (340-440 ms -> 150-200 ms)."""
    from .conftest import DATA

    code = (
        "import sys, threading\nfrom textual.app import App\nrun = App.run\nseen = []\n"
        "def loaded():\n"
        "    return sorted({m.split('.')[0] if m.startswith('pydantic') else m for m in sys.modules\n"
        "                   if m.startswith(('pydantic', 'scorepad.rules.models', 'scorepad.storage.session'))})\n"
        "def note_first_frame(app):\n"
        "    display = app._display\n"
        "    def noted(screen, renderable):\n"
        "        display(screen, renderable)\n"
        "        if renderable is not None and not seen:\n"
        "            seen.append(loaded())\n"
        "    app._display = noted\n"
        "async def look(pilot):\n    await pilot.pause()\n"
        "    for thread in threading.enumerate():\n"
        "        if thread.name == 'scorepad-load-ahead':\n            thread.join()\n"
        "    print(seen[0], loaded())\n"
        "    pilot.app.exit()\n"
        "def headless(self, **options):\n"
        "    note_first_frame(self)\n"
        "    return run(self, headless=True, auto_pilot=look)\n"
        "App.run = headless\n"
        "from scorepad.cli import main\nmain(sys.argv[1:])\n")
    env = {**os.environ, "SCOREPAD_HOME": str(tmp_path)}
    everything = "['pydantic', 'pydantic_core', 'scorepad.rules.models', 'scorepad.storage.session']"
    home = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert home.returncode == 0, home.stderr
    assert home.stdout.strip() == f"[] {everything}"
    game = subprocess.run([sys.executable, "-c", code, "open", str(DATA / "friday.json")],
                          capture_output=True, text=True, env=env)
    assert game.returncode == 0, game.stderr
    assert game.stdout.strip() == f"{everything} {everything}"


@pytest.mark.parametrize("command", ["history", "stats"])
def test_history_and_stats_over_indexed_games_load_no_sheet_models(tmp_path, command):
    """Issue 15: ``scorepad history`` over 10,000 indexed games took 1.1 s, a third of it
    importing pydantic and building the sheet's models that the index makes needless.
    A game not yet indexed is read (its models load then); once indexed, none do."""
    import shutil

    from .conftest import DATA

    games = tmp_path / "games"
    games.mkdir()
    shutil.copy(DATA / "friday.json", games / "friday.json")
    code = (f"import sys\nfrom scorepad.cli import main\nmain([{command!r}])\n"
            "print(sorted({m.split('.')[0] if m.startswith('pydantic') else m for m in sys.modules\n"
            "              if m.startswith(('pydantic', 'scorepad.rules.models', 'scorepad.storage.document'))}))\n")
    env = {**os.environ, "SCOREPAD_HOME": str(tmp_path)}
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env) for _ in "12"]
    assert [run.returncode for run in runs] == [0, 0], runs[0].stderr + runs[1].stderr
    first, second = (run.stdout.splitlines() for run in runs)
    assert "'pydantic'" in first[-1]  # the game was read, not yet indexed
    assert second[-1] == "[]"
    assert first[:-1] == second[:-1]  # the same text, from the index
    assert {"history": "Friday at Ana's", "stats": "1 unfinished game"}[command] in "\n".join(second)

# -- one typed seam between the screens and the open game (issue 13) ----------------------

def our_app_names() -> set[str]:
    """Every name the scorepad App and its mixins add to Textual's App."""
    from textual.app import App

    from scorepad.tui.app import ScorepadApp

    ours = set()
    for cls in ScorepadApp.__mro__:
        if cls.__module__.startswith("scorepad."):
            ours |= set(vars(cls))
    return ours - set(dir(App))


def app_calls_by_name(source: str) -> list[str]:
    """Where this code reaches for ``<anything>.app.<name>``, as ``line: name``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute) and node.value.attr == "app":
            found.append((node.lineno, node.attr))
    return found


def test_no_screen_or_widget_calls_our_app_by_name_only_through_the_typed_host():
    ours = our_app_names()
    assert {"live", "open_path", "start_game", "holding_keys", "sheet_moved"} <= ours  # the check can see them
    found = {}
    for path in sorted((SCORE_PAD / "tui").glob("*/*.py")):  # screens/ and widgets/
        calls = [f"{line}: {name}" for line, name in app_calls_by_name(path.read_text(encoding="utf-8"))
                 if name in ours]
        if calls:
            found[str(path.relative_to(SCORE_PAD))] = calls
    assert found == {}


def test_the_app_check_finds_a_call_by_name():
    assert app_calls_by_name("def f(self):\n    self.app.send(entry)\n    self.app.exit()") == \
        [(2, "send"), (3, "exit")]


def test_the_app_is_what_the_screens_take_it_for():
    from scorepad.tui.app import ScorepadApp
    from scorepad.tui.host import Host

    assert isinstance(ScorepadApp(), Host)


def test_the_app_module_stays_wiring():
    assert len((SCORE_PAD / "tui" / "app.py").read_text(encoding="utf-8").splitlines()) < 200


def import_graph() -> dict[str, set[str]]:
    """Which scorepad modules each module imports, at the top or inside a function."""
    graph: dict[str, set[str]] = {}
    for path in sorted(SCORE_PAD.rglob("*.py")):
        parts = list(path.relative_to(SCORE_PAD.parent).with_suffix("").parts)
        package = parts[:-1]
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found = graph.setdefault(name, set())
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = package[: len(package) - node.level + 1] if node.level else []
                target = ".".join([*base, *(node.module.split(".") if node.module else [])])
                for alias in node.names:  # ``from . import x`` imports the module x
                    child = f"{target}.{alias.name}"
                    found.add(child if (SCORE_PAD.parent / (child.replace(".", "/") + ".py")).exists() else target)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
    return {name: {t for t in targets if t.startswith("scorepad") and t != name} for name, targets in graph.items()}


def import_cycles(graph: dict[str, set[str]], within: str) -> list[list[str]]:
    """Every import circle among the modules under ``within`` (a package's own
    ``__init__`` importing its modules is not a circle of theirs)."""
    nodes = {n for n in graph if n.startswith(within + ".")}
    cycles, done = [], set()

    def walk(node: str, path: list[str]) -> None:
        for target in sorted(graph.get(node, ()) & nodes):
            if target in path:
                cycles.append(path[path.index(target):] + [target])
            elif target not in done:
                walk(target, path + [target])
        done.add(node)

    for node in sorted(nodes):
        walk(node, [node])
    return cycles


@pytest.mark.parametrize("package", ["scorepad.rules", "scorepad.storage", "scorepad.tui"])
def test_no_import_circles(package):
    assert import_cycles(import_graph(), package) == []


def test_the_circle_check_finds_a_circle():
    graph = {"p.a": {"p.b"}, "p.b": {"p.c"}, "p.c": {"p.a"}, "p.d": {"p.a"}}
    assert import_cycles(graph, "p") == [["p.a", "p.b", "p.c", "p.a"]]


def test_the_apps_methods_take_what_the_screens_pass_them():
    """The Protocol's names are checked by isinstance; their parameters are not (no
    type checker runs here): compare each signature with the App's."""
    import inspect

    from scorepad.tui.app import ScorepadApp
    from scorepad.tui.host import Host

    checked = 0
    for name, member in vars(Host).items():
        if name.startswith("_"):
            continue  # what Protocol itself adds
        app_member = inspect.getattr_static(ScorepadApp, name, None)
        if isinstance(member, property):  # a property there is a property here
            assert isinstance(app_member, property), name
            checked += 1
        elif inspect.isfunction(member):
            assert inspect.isfunction(app_member), name
            assert list(inspect.signature(app_member).parameters) == list(inspect.signature(member).parameters), name
            checked += 1
    assert checked >= 8


def test_a_sheet_opened_from_the_command_line_is_read_once_and_a_missing_one_makes_nothing(tmp_path, monkeypatch):
    """``scorepad open`` read the file to check it, then the app read it again (issue 15:
    twice the parse and the validation on the way to the first screen)."""
    import shutil

    from scorepad.cli import main
    from scorepad.storage import files, sheet_file
    from scorepad.storage.lock import lock_path
    from scorepad.tui.app import ScorepadApp

    from .conftest import DATA

    sheet = tmp_path / "friday.json"
    shutil.copy(DATA / "friday.json", sheet)
    parsed, real = [], sheet_file.parse_document
    for module in (files, sheet_file):
        monkeypatch.setattr(module, "parse_document", lambda *a, **k: parsed.append(a[1]) or real(*a, **k))
    ran = []
    monkeypatch.setattr(ScorepadApp, "run", lambda self, **options: ran.append(self.session))
    assert main(["open", str(sheet)]) == 0
    assert parsed == [str(sheet)] and ran and not lock_path(sheet).exists()
    assert main(["open", str(tmp_path / "nowhere" / "x.json")]) == 2
    assert not (tmp_path / "nowhere").exists()
