"""The garbage collector's holds (``storage/collection.py``): a file read, a listing,
the Pinax search's thread and the app's start-up each hold it off; it is back on, as the
first found it, only when the last lets go."""

from __future__ import annotations

import gc
import threading

import pytest

from scorepad.storage import collection
from scorepad.storage.collection import HeldOnce, collection_paused, hold, let_go


@pytest.fixture(autouse=True)
def no_hold_left_behind():
    """Each test ends with no hold left: one left by a failing test would keep the
    collector off for the tests after it in this process."""
    yield
    left = collection._holds
    collection._holds = 0
    gc.enable()
    gc.unfreeze()
    assert left == 0


def test_two_holds_in_two_threads_keep_it_off_until_the_last_lets_go():
    """Each holding once remembered the state it found: the first to end turned the
    collector back on while the other thread still held it."""
    gc.enable()
    first_in, second_in, first_out = threading.Event(), threading.Event(), threading.Event()
    seen = []

    def second() -> None:
        first_in.wait()
        with collection_paused():
            second_in.set()
            first_out.wait()
            seen.append(gc.isenabled())

    thread = threading.Thread(target=second)
    thread.start()
    with collection_paused():
        first_in.set()
        second_in.wait()
    first_out.set()
    thread.join()
    assert seen == [False]
    assert gc.isenabled()


@pytest.mark.parametrize("was_on", [True, False])
def test_the_collector_ends_as_the_first_hold_found_it(was_on):
    (gc.enable if was_on else gc.disable)()
    hold()
    with collection_paused(freeze=True):
        assert not gc.isenabled()
    assert not gc.isenabled()
    let_go()
    assert gc.isenabled() == was_on


def test_a_hold_taken_once_is_let_go_once():
    """The app's start-up hold has two owners (the first frame, the end of the run):
    the second letting go must not undo another's hold."""
    gc.enable()
    start_up = HeldOnce()
    assert not gc.isenabled()
    with collection_paused():
        start_up.let_go()
        start_up.let_go()
        assert not gc.isenabled()  # the read still holds it
    assert gc.isenabled()


def test_letting_go_of_a_hold_never_taken_is_refused_and_changes_nothing():
    """A count gone below zero would make the next hold's end leave the collector off."""
    gc.enable()
    with pytest.raises(RuntimeError):
        let_go()
    with collection_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_hold_taken_once_let_go_from_many_threads_at_once_is_let_go_once():
    gc.enable()
    start_up = HeldOnce()
    ready = threading.Barrier(8)

    def release() -> None:
        ready.wait()
        start_up.let_go()

    threads = [threading.Thread(target=release) for _ in range(8)]
    with collection_paused():  # another holder: a second release would let go of its hold
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert not gc.isenabled() and not start_up.held
    assert gc.isenabled()


def test_every_freeze_is_counted_whoever_asks_for_it():
    """A kept game screen that lived through a freeze is never freed if let go (issue
    15): the count tells the app, where ``gc.get_freeze_count()`` falls as frozen
    objects die."""
    before = collection.freezes
    with collection_paused():
        pass
    assert collection.freezes == before
    with collection_paused(freeze=True):
        pass
    collection.freeze_all()
    assert collection.freezes == before + 2 and gc.get_freeze_count() > 0
