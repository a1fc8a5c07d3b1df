"""A list written where it changed (``kit.view.kept``): the splices it gives turn the children
shown into the children wanted, whatever was added, removed or kept, and a runtime that writes a
list so gives the same page as one that writes it whole."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from kit.view import Node, kept

POOL = tuple(Node("li", str(n)) for n in range(12))
EQUAL = Node("li", "0")  # equal to POOL[0], another object


def _applied(before: list[Node], plan: list[tuple[int, int, tuple[Node, ...]]]) -> list[Node]:
    children = list(before)
    for start, remove, added in plan:
        assert 0 <= start <= len(children) and remove >= 0
        del children[start : start + remove]
        children[start:start] = added
    return children


lists = st.lists(st.sampled_from((*POOL, EQUAL)), max_size=10)


@given(lists, lists)
def test_the_splices_turn_what_is_shown_into_what_is_wanted(before: list[Node], after: list[Node]) -> None:
    plan = kept(tuple(before), tuple(after))
    if plan is not None:
        assert _applied(before, plan) == after


@given(lists, st.integers(0, 3), st.integers(0, 3))
def test_a_list_that_moved_on_writes_only_its_new_children(base: list[Node], new: int, gone: int) -> None:
    """New entries on top, the oldest gone (a roll with the list open), or a next page: only the
    new nodes are written."""
    fresh = [Node("li", f"new {n}") for n in range(new)]
    after = [*fresh, *base[: max(0, len(base) - gone)]]
    plan = kept(tuple(base), tuple(after))
    if base and len(base) > gone:
        assert plan is not None and sum(len(added) for _, _, added in plan) == new
    more = [*base, *fresh]
    plan = kept(tuple(base), tuple(more))
    if base:
        assert plan is not None and sum(len(added) for _, _, added in plan) == new


def test_a_text_beside_a_child_writes_the_list_whole() -> None:
    a, b = POOL[:2]
    assert kept((a,), (a, Node("li", "c", tail=" "))) is None
    assert kept((a, b), (b,)) == [(0, 1, ())]
