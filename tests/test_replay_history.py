"""Replay a sheet's history step by step; list saved games and players' records."""

from __future__ import annotations

import json

import pytest

from scorepad.cli import main
from scorepad.rules.entries import AddPlayer, SetCount
from scorepad.rules.record_entries import SetRecord
from scorepad.rules.replay import replay
from scorepad.storage.session import SheetSession

from .conftest import make_sheet


def played(title="Friday", finished=False, **counts):
    session = SheetSession.create(make_sheet({"name": "Ana"}, title=title))
    session.apply(AddPlayer(name="Ben"))
    for player, value in counts.items():
        session.apply(SetCount(player=["ana", "ben"].index(player), field="renown", value=value))
    if finished:
        session.apply(SetRecord(finished=True))
    session.close()
    return session.path


def test_replay_steps_have_state_and_standings_after_each_entry():
    path = played(ana=5, ben=7)
    session = SheetSession.open(path, read_only=True)
    steps = replay(session.history)
    assert [s.text for s in steps] == ["Sheet begins: Ana", "Add player Ben", "Ana: Renown in play 5",
                                       "Ben: Renown in play 7"]
    assert [s.standings.winners for s in steps] == [("Ana",), ("Ana", "Ben"), ("Ana",), ("Ben",)]


def test_replay_print_lists_every_step_with_totals(capsys):
    path = played(ana=5, ben=7)
    assert main(["replay", str(path), "--print"]) == 0
    out = capsys.readouterr().out
    assert "4. Ben: Renown in play 7\n   -> Ben 7  Ana 5" in out
    assert "Note" not in out


def test_replay_says_when_saved_totals_differ_from_todays_rules(capsys):
    path = played(ana=5)
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["totals"]["Ana"] = 99  # as if an older scorepad had computed 99
    path.write_text(json.dumps(raw), encoding="utf-8")
    main(["replay", str(path), "--print"])
    assert "saved totals differ from today's rules: Ana: saved 99, today's rules give 5" in capsys.readouterr().out


def test_replay_says_when_the_sheet_was_edited_by_hand(capsys):
    path = played(ana=5)
    raw = json.loads(path.read_text(encoding="utf-8"))
    raw["players"][0]["renown"] = 50
    path.write_text(json.dumps(raw), encoding="utf-8")
    main(["replay", str(path), "--print"])
    assert "does not lead to the saved sheet" in capsys.readouterr().out


def test_history_lists_games_and_player_records_over_finished_games_only(scorepad_home, capsys):
    played("Friday", finished=True, ana=10, ben=4)
    played("Saturday", finished=True, ana=2, ben=8)
    played("Scratch", ana=90, ben=1)  # not finished: listed apart, never averaged
    (scorepad_home / "games" / "junk.json").write_text("{", encoding="utf-8")
    assert main(["history"]) == 0
    out, err = capsys.readouterr()
    finished, scratch = out.split("Not finished (not counted): 1")
    assert "Friday" in finished and "Saturday" in finished and "won by Ana" in out and "won by Ben" in out
    assert "Scratch" in scratch and "Scratch" not in finished
    assert "leading so far: Ana" in scratch and "won by" not in scratch  # not finished: no one has won
    ana = next(line for line in out.splitlines() if line.startswith("Ana "))
    assert ana.split()[:8] == ["Ana", "2", "1", "50.0", "%", "6.0", "10", "2"]  # games wins win% average best worst
    assert "skipped:" in err and "junk.json" in err


@pytest.mark.parametrize("tile, words", [({"seals": 1}, "1 Seal"), ({"seals": 3}, "3 Seals"),
                                         ({"pattern": [[0, 0]]}, "pattern of 1 cell"),
                                         ({"pattern": [[0, 0], [0, 1]]}, "pattern of 2 cells")])
def test_a_pinax_tile_is_described_in_plain_english_singular_and_plural(tile, words):
    from scorepad.rules.describe import describe
    from scorepad.rules.entries import PutPinax

    from .conftest import make_sheet

    text = describe(PutPinax(player=0, tile=tile), make_sheet({"name": "Ana"}))
    assert text.endswith(words) or f"{words} " in text or f"{words}," in text or f"{words})" in text, text
