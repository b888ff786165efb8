"""The states of a history, kept sparsely (issue 15: memory flat in the history): they
behave as the list of every state, whatever is appended, taken back or asked for."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from scorepad.rules import states as states_module
from scorepad.rules.entries import Begin, SetCount, apply
from scorepad.rules.states import States
from scorepad.storage.session import SheetSession

from .conftest import examples, make_sheet


def every_state(history: list) -> list:
    found, state = [], None
    for entry in history:
        state = apply(state, entry)
        found.append(state)
    return found


def value(n: int) -> SetCount:
    return SetCount(player=n % 2, field="renown", value=n)


operations = st.lists(st.tuples(st.sampled_from(["append", "pop", "get", "prefix"]), st.integers(-60, 60)),
                      max_size=80)


@settings(max_examples=examples(2000))
@given(operations, st.integers(1, 5), st.integers(1, 5))
def test_sparse_states_are_the_states_of_the_history_whatever_is_done(ops, window, every):
    kept_as = states_module.WINDOW, states_module.EVERY
    states_module.WINDOW, states_module.EVERY = window, every  # small: every path is taken
    try:
        history = [Begin(sheet=make_sheet({"name": "Ana"}, {"name": "Ben"}))]
        states = States.replayed(history)
        for op, n in ops:
            if op == "append":
                history.append(value(abs(n)))
                states.append(apply(states[-1], history[-1]))
            elif op == "pop" and len(history) > 1:
                history.pop()
                states.pop()
            elif op == "get" and -len(history) <= n < len(history):
                assert states[n] == every_state(history)[n]
            elif op == "prefix" and n >= 1:  # a history read again: its first entries the same
                cut = min(n, len(history))
                copy = history[:cut] + [value(99)]
                shorter = states.prefix(cut, copy)
                shorter.append(apply(shorter[-1], copy[-1]))
                assert list(shorter) == every_state(copy)
            assert len(states) == len(history) and list(states) == every_state(history)
            # at most the window, and one in every ``every`` before it, are kept
            assert sum(s is not None for s in states._kept) <= window + len(history) // every + 1
    finally:
        states_module.WINDOW, states_module.EVERY = kept_as


def test_a_session_keeps_a_state_in_every_sixty_four_not_one_per_value(tmp_path):
    session = SheetSession.create_at(tmp_path / "long.json", make_sheet({"name": "Ana"}))
    for n in range(1000):
        session.apply(SetCount(player=0, field="renown", value=n % 300))
    kept = sum(s is not None for s in session.states._kept)
    assert kept <= states_module.WINDOW + 1000 // states_module.EVERY + 1
    for _ in range(300):  # undone far back, past the window: each state as it was
        session.undo()
    assert session.sheet.players[0].renown == 699 % 300 and len(session.states) == 701
    session.close()


def test_entries_kept_in_a_history_share_one_set_of_fields_set_and_copies_keep_it(tmp_path):
    """A set of its own per entry (216 bytes) was 40% of a typed value's memory; the
    sets say the same as before (``model_dump(exclude_unset=True)`` is unchanged)."""
    session = SheetSession.create_at(tmp_path / "g.json", make_sheet({"name": "Ana"}, {"name": "Ben"}))
    for n in range(5):
        session.apply(value(n))
    typed = session.history[1:]
    assert len({id(e.__pydantic_fields_set__) for e in typed}) == 1
    assert typed[0].model_dump(exclude_unset=True) == {"player": 0, "field": "renown", "value": 0}
    session.close()
    read = SheetSession.open(tmp_path / "g.json", read_only=True).history[1:]  # a sheet opened: the same
    assert len({id(e.__pydantic_fields_set__) for e in read}) == 1 and read == typed
    player = session.sheet.players[0]
    assert player.but(renown=3).__pydantic_fields_set__ is player.but(renown=4).__pydantic_fields_set__


def test_a_replay_makes_each_step_when_asked_and_scores_each_from_the_one_before():
    """``replay --print`` kept a sheet per step (446 MiB at 100,000 entries): the steps
    are now made one at a time from sparse states, each the step it was, and the
    standings after each are those of its sheet."""
    from scorepad.rules.describe import describe
    from scorepad.rules.player_entries import PutScholar
    from scorepad.rules.replay import replay
    from scorepad.rules.standings import standings

    history = [Begin(sheet=make_sheet({"name": "Ana"}, {"name": "Ben"}))]
    history += [value(n) if n % 7 else PutScholar(player=n % 2, scholar={"renown": 3}) for n in range(1, 300)]
    steps, naive = replay(history), every_state(history)
    assert len(steps) == 300
    assert sum(s is not None for s in steps.states._kept) <= states_module.WINDOW + 300 // states_module.EVERY + 1
    assert [(s.number, s.text, s.sheet) for s in steps] == [
        (n + 1, describe(entry, naive[n - 1] if n else None), naive[n]) for n, entry in enumerate(history)]
    assert steps[-1].sheet == naive[-1] and steps[150].text == describe(history[150], naive[149])
    assert all(table == standings(step.sheet) for step, table in steps.with_standings())
