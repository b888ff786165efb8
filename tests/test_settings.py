"""The settings file, without the app: where it lives, what a broken one says (and
that it never stops anything), and which theme names are taken."""

from __future__ import annotations

import os
import sys

import pytest

from scorepad.storage.copies import rescue_dir
from scorepad.storage.settings import MAX_SETTINGS_BYTES, load_settings, save_setting, settings_path, theme_setting


def test_settings_live_in_scorepad_home_when_it_is_set(scorepad_home):
    assert settings_path() == scorepad_home / "settings.json"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG folders are Linux's")
def test_otherwise_in_the_platforms_config_folder_and_rescues_in_its_state_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("SCOREPAD_HOME")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    assert settings_path() == tmp_path / "config" / "scorepad" / "settings.json"
    assert rescue_dir() == tmp_path / "state" / "scorepad" / "rescue"


def test_rescues_live_in_scorepad_home_when_it_is_set(scorepad_home):
    assert rescue_dir() == scorepad_home / "rescue"


def said(path, content: bytes | None = None) -> tuple[dict, str]:
    if content is not None:
        path.write_bytes(content)
    return load_settings(path)


def test_a_settings_file_that_cannot_be_used_says_why_and_gives_the_defaults(tmp_path):
    path = tmp_path / "settings.json"
    assert said(path) == ({}, "")  # none yet: nothing to say
    assert said(path, b'{"theme": "nord"}') == ({"theme": "nord"}, "")
    assert said(path, b"{nope") == ({}, f"Settings not read: {path} is not JSON.")
    assert said(path, b"[1, 2]") == ({}, f"Settings not read: {path} is not a JSON object.")
    # the last of two silently won (attack run): which was meant? a sheet refuses them too
    assert said(path, b'{"theme": "nord", "theme": "gruvbox"}') == ({}, f"Settings not read: {path} names 'theme' twice.")
    assert said(path, b" " * MAX_SETTINGS_BYTES + b"{}") == ({}, f"Settings not read: {path} is larger than a settings file can be.")
    assert said(path, b"{}" + b" " * (MAX_SETTINGS_BYTES - 2)) == ({}, "")  # just at the limit
    folder = tmp_path / "folder.json"
    folder.mkdir()
    assert said(folder) == ({}, f"Settings not read: {folder} is a folder.")
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    assert said(pipe) == ({}, f"Settings not read: {pipe} is not a regular file.")  # and it did not block


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_settings_file_says_so(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("{}")
    path.chmod(0)
    assert said(path) == ({}, f"Settings not read: {path} cannot be read: Permission denied.")


def test_a_broken_file_is_left_as_it_is_and_the_setting_not_remembered(tmp_path):
    path = tmp_path / "settings.json"
    path.write_bytes(b"{nope")
    assert save_setting("theme", "nord", path) == (
        f"Settings not read: {path} is not JSON. It is left as it is; the setting is not remembered.")
    assert path.read_bytes() == b"{nope"
    path.unlink()
    assert save_setting("theme", "nord", path) == "" and load_settings(path) == ({"theme": "nord"}, "")


@pytest.mark.parametrize("settings, theme", [
    ({"theme": "nord"}, "nord"), ({"theme": "x" * 100}, "x" * 100), ({"theme": "x" * 101}, None),
    ({"theme": ""}, None), ({"theme": "a"}, "a"), ({"theme": 3}, None), ({}, None), ({"Theme": "nord"}, None),
])
def test_a_theme_name_is_taken_when_it_is_a_short_string(settings, theme):
    assert theme_setting(settings) == theme
