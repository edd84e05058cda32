"""The party row of a family said with no count (issue 12): 「全家」 is planned for two adults,
and the row says that was assumed and how to give the number — never one adult silently."""

from __future__ import annotations

from engine.domain.request import PARTY_ASSUMED, Party, Wish
from engine.planning.wish_party import party as party_row
from tests.helpers.itineraries import small_itinerary
from tests.helpers.plans import KB


def _two_adults():  # type: ignore[no-untyped-def]
    plan = small_itinerary()
    request = plan.request.model_copy(update={"party": Party(adults=2)})
    return plan.model_copy(update={"request": request})


def test_a_family_with_no_count_is_said_as_assumed() -> None:
    plan = _two_adults()
    row = party_row(Wish(kind="party", value="2+0" + PARTY_ASSUMED, said="全家"), plan, KB)
    assert row.status == "honoured"
    assert "按2位成人安排" in row.message and "没说几口人" in row.message, row.message
    told = party_row(Wish(kind="party", value="2+0", said="我们俩"), plan, KB)
    assert "没说几口人" not in told.message, told.message


def test_a_family_changed_later_is_answered_as_changed() -> None:
    plan = _two_adults()
    request = plan.request.model_copy(update={"party": Party(adults=2, children=1)})
    later = plan.model_copy(update={"request": request})
    row = party_row(Wish(kind="party", value="2+0" + PARTY_ASSUMED, said="全家"), later, KB)
    assert row.message.startswith("人数后来改了"), row.message
    assert "没说几口人" not in row.message


def test_an_age_said_roughly_is_no_rough_count_of_people() -> None:
    """「带两位七十多岁的老人」 was planned for 1 adult and 1 senior and said 「人数是约数」: the
    「多」 of the age is not the count's; 「十几个同事」 still is."""
    plan = _two_adults()
    aged = party_row(Wish(kind="party", value="2+0", said="带两位七十多岁的老人"), plan, KB)
    assert "约数" not in aged.message, aged.message
    rough = party_row(Wish(kind="party", value="2+0", said="十几个同事"), plan, KB)
    assert "人数是约数" in rough.message, rough.message
