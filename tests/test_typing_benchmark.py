"""The typing benchmark's batches are independent, and each screen is judged against the
echo batches run beside its own."""

from __future__ import annotations

from benchmarks.run import typing_rows
from benchmarks.typing_speed import typing


def test_a_later_batch_types_on_a_fresh_copy_of_the_sheet():
    # School types the same line at the start of every batch: on the sheet the first
    # batch left, the second changed nothing, drew nothing, and the run stopped with
    # "a commit was never shown"
    found = typing(2, rounds=2, scripts=("school",))
    school = found["school"]
    assert school["drawn"] > 0 and school["durable"] > 0
    assert school["echo"]["drawn"] > 0 and school["echo"]["durable"] > 0


def figures(drawn: float, durable: float | None, echo_drawn: float, echo_durable: float) -> dict:
    return {"drawn": drawn, "durable": durable, "echo": {"drawn": echo_drawn, "durable": echo_durable}}


def test_each_screen_is_compared_with_its_own_echo_batches():
    found = {
        "school": figures(0.010, 0.012, 0.005, 0.010),  # the machine was slow beside School: no matter
        "renown": figures(0.010, 0.030, 0.008, 0.010),
        "setup": figures(0.004, None, 0.002, 0.003),
        "school, 24 Scribes a player": figures(0.011, 0.013, 0.010, 0.010),
    }
    rows = {r["measure"]: r for r in typing_rows(found)}

    def line(name: str, kind: str) -> dict:
        return next(r for m, r in rows.items() if m.startswith(f"typing on {name}: Enter to {kind}"))

    assert (line("school", "drawn")["baseline"], line("school", "drawn")["ratio"]) == (5.0, 2.0)
    assert not line("school", "drawn")["met"]
    assert (line("renown", "drawn")["baseline"], line("renown", "drawn")["ratio"]) == (8.0, 1.25)
    assert line("renown", "drawn")["met"] and not line("renown", "durable")["met"]
    assert line("school", "durable")["ratio"] == 1.2 and line("school", "durable")["met"]
    assert not any(m.startswith("typing on setup: Enter to durable") for m in rows)  # Setup keeps no journal line
    flat = next(r for m, r in rows.items() if "24 Scribes a player vs 4" in m)
    # each over its own echo: 11 ms beside a 10 ms echo is flatter than 10 ms beside 5 ms
    assert (flat["figure"], flat["baseline"], flat["budget"]) == (5.5, 10.0, "<= 1.25x") and flat["met"]
