"""A day out that ends early says its free afternoon (issue 12): 桂林 four days on a shoestring
runs out of sights, and the last day back by 12:24 says 「下午自由活动/休息（附近的景点都已安排）」
rather than leaving the afternoon blank — asserted on a whole plan."""

from __future__ import annotations

from engine.domain.itinerary import ItemKind, clock_minutes
from engine.planning.free_time import AFTERNOON_END, EARLY_END
from tests.helpers.plans import plan


def test_a_day_back_early_says_its_free_afternoon_and_why() -> None:
    """Days with no sight between lunch and dinner (桂林 on a shoestring, its sights used up)
    say their free afternoon and why, up to `AFTERNOON_END`."""
    p = plan(destinations=("guilin",), days=4, departure=None, budget_cny=1500)
    sightless = [d for d in p.days
                 if not any(i.kind is ItemKind.ATTRACTION
                            and clock_minutes(i.end) > 14 * 60
                            and clock_minutes(i.start) < EARLY_END for i in d.items)
                 and not any(i.kind is ItemKind.INTERCITY for i in d.items)]  # fmt: skip
    assert sightless, [[i.name for i in d.items] for d in p.days]
    for day in sightless:
        said = [i for i in day.items if i.kind is ItemKind.FREE
                and i.name.startswith("下午自由活动/休息（")]  # fmt: skip
        assert said, (day.index, [i.name for i in day.items])
        assert any(clock_minutes(i.end) >= AFTERNOON_END - 60 for i in said), (day.index, said)


def test_a_break_before_the_evenings_sights_says_so() -> None:
    """A full day's afternoon break before the Peak at dusk read 「下午自由活动/休息（今天的游览
    已经够满）」 — then the Peak and 庙街 came after it. The break names what it is before."""
    from pathlib import Path

    from engine.domain.itinerary import Itinerary
    from engine.planning.free_time import fill_gaps
    from tests.helpers.plans import KB

    stored = Path(__file__).parents[1] / "editing" / "data" / "hongkong-3-days.json"
    p = Itinerary.model_validate_json(stored.read_text(encoding="utf-8"))
    bare = [d.model_copy(update={"items": tuple(i for i in d.items if i.kind is not ItemKind.FREE)})
            for d in p.days]  # fmt: skip
    days = fill_gaps(bare, KB.destinations["hongkong"], p.request)
    [free] = [i for i in days[1].items if i.kind is ItemKind.FREE]
    assert free.name == "下午自由活动/休息（歇一歇，傍晚再去太平山顶）", free.name
