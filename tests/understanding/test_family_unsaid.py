"""A family said with no count (issue 12): 「全家吃素」 was read as one adult. 全家, 我们一家,
"the whole family" are at least two adults: planned for two, and the party wish carries that
the count was assumed (`PARTY_ASSUMED`), so the report can say it."""

from __future__ import annotations

import pytest

from engine.domain.request import PARTY_ASSUMED
from engine.understanding.party import family_count_unsaid
from tests.helpers.reading import Read, read_trip, wish_of


@pytest.mark.parametrize(
    ("text", "party", "assumed"),
    [
        ("全家吃素，从北京去西安三天", (2, 0, 0), True),
        ("我们一家从北京去西安三天", (2, 0, 0), True),
        ("全家带5岁孩子从北京去西安三天", (2, 1, 0), True),
        ("3 days in Xi'an from Beijing with the whole family", (2, 0, 0), True),
        # a count said is read as said, and nothing is assumed
        ("一家三口从北京去西安三天", (2, 1, 0), False),
        ("我们全家四个人从北京去西安三天", (4, 0, 0), False),
        ("全家出游，我和老婆带两个孩子从北京去西安三天", (2, 2, 0), False),
    ],
)
def test_a_family_with_no_count_is_two_adults_said_as_assumed(
    read: Read, text: str, party: tuple[int, int, int], assumed: bool
) -> None:
    request = read_trip(read, text)
    p = request.party
    assert (p.adults, p.children, p.seniors) == party
    wish = wish_of(request, "party")
    assert wish.value.endswith(PARTY_ASSUMED) is assumed, wish


def test_family_words_that_name_no_travellers_are_not_a_family() -> None:
    assert not family_count_unsaid("全家福")
    assert family_count_unsaid("全家")
    assert not family_count_unsaid("全家 2大1小")
