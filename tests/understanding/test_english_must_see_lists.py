"""English lists after "want to see": never half a word, and "and have/eat X" is a food wish, not
a sight (a fresh user saw ❌ “have duc” beside ✅ “have duck blood soup”)."""

from __future__ import annotations

import pytest

from engine.understanding import parse_request
from tests.helpers.plans import KB, SATURDAY


def _must_said(text: str) -> list[str]:
    request = parse_request(text, KB, today=SATURDAY).request
    assert request is not None
    return [w.said for w in request.wishes if w.kind == "must_see"]


@pytest.mark.parametrize(
    ("text", "dish"),
    [
        ("2 days in Nanjing, I want to see the Qinhuai river at night and have duck blood soup",
         "duck"),
        ("3 days in Beijing from Shanghai, want to see the Great Wall and eat Peking duck", "duck"),
        ("Xi'an for 3 days, we'd like to visit the Terracotta Army and try biangbiang noodles",
         "noodles"),
    ],
)  # fmt: skip
def test_a_second_verb_is_not_a_sight(text: str, dish: str) -> None:
    said = _must_said(text)
    assert said
    assert not any(dish in s or s.endswith(("duc", "nood")) for s in said), said


def test_a_long_list_of_sights_is_read_to_its_end_in_whole_words() -> None:
    text = "3 days in Beijing, I want to see the Forbidden City and the Summer Palace and the Temple of Heaven"
    request = parse_request(text, KB, today=SATURDAY).request
    assert request is not None
    assert {"beijing-forbidden-city", "beijing-summer-palace", "beijing-temple-of-heaven"} <= set(
        request.must_see
    )
    assert "Summer Palac" not in _must_said(text)
