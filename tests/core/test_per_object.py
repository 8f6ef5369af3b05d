"""`per_object`: a table worked out once per object, found by identity (the games' options and
seats tables)."""

from __future__ import annotations

from collections.abc import Callable

from familia_tui.core.table import PER_OBJECT_ENTRIES, per_object


class Options:
    def __init__(self, size: int) -> None:
        self.size = size


def counting() -> tuple[list[int], Callable[[Options], tuple[int, ...]]]:
    calls: list[int] = []

    @per_object
    def table(options: Options) -> tuple[int, ...]:
        """The table of some options."""
        calls.append(options.size)
        return tuple(range(options.size))

    return calls, table


def test_the_same_object_is_worked_out_once() -> None:
    calls, table = counting()
    options = Options(3)
    assert table(options) == table(options) == (0, 1, 2)
    assert calls == [3]
    assert table.__doc__ == "The table of some options."


def test_an_equal_object_is_another_key_and_a_freed_one_never_answers_for_a_new_one() -> None:
    calls, table = counting()
    for size in range(3 * PER_OBJECT_ENTRIES):  # objects made and dropped: ids come round again
        assert table(Options(size % 7)) == tuple(range(size % 7))
    assert len(calls) == 3 * PER_OBJECT_ENTRIES
