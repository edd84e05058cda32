"""A wish to hear or see a performance (「想听评弹」) plans a real venue at its show time and says
so: 苏州 was ✅ with an evening walk on 平江路, whose description merely mentions 评弹茶馆."""

from __future__ import annotations

from engine.domain.itinerary import ItemKind, clock_minutes
from engine.knowledge.hours import place_windows
from engine.planning import plan_trip
from engine.understanding import parse_request
from engine.understanding.activities import resolve_activity
from tests.helpers.plans import KB, SATURDAY


def test_pingtan_wished_is_heard_at_the_venue_during_its_show_hours() -> None:
    said = parse_request("苏州玩两天，想听评弹", KB, today=SATURDAY)
    assert said.request is not None, said.message()
    request = said.request.model_copy(update={"start_date": SATURDAY})
    p = plan_trip(request, KB)
    venue = KB.attraction("suzhou-pingtan-museum")
    assert venue is not None and "performance" in venue.tags
    visits = [(d, i) for d in p.days for i in d.items
              if i.poi_id == venue.id and i.kind is ItemKind.ATTRACTION]  # fmt: skip
    assert len(visits) == 1, [i.name for d in p.days for i in d.items]
    day, item = visits[0]
    (opens, closes), *_ = place_windows(venue, day.date)
    assert opens <= clock_minutes(item.start) and clock_minutes(item.end) <= closes, item
    assert p.feasibility is not None
    row = next(w for w in p.feasibility.wishes if "评弹" in w.said)
    assert row.status == "honoured" and venue.name_zh in row.message, row
    assert row.message.endswith(f"在{venue.name_zh}看演出"), row  # a show is seen, not 游览


def test_a_show_is_not_offered_by_a_sight_that_only_mentions_it() -> None:
    """A street with 「评弹茶馆」 in its description, a museum with shadow puppets in a case, a
    theme park with a kung-fu-panda land put on no show: the wish stays to be answered ❌."""
    assert resolve_activity("pingtan", KB, ["suzhou"], "评弹") == "suzhou-pingtan-museum"
    assert resolve_activity("shadow-puppets", KB, ["chengdu"], "皮影戏") is None
    # not 环球影城's kung-fu-panda land: the stage show at 红剧场 (a record since mine3)
    assert (
        resolve_activity("kungfu-show", KB, ["beijing"], "功夫表演") == "beijing-red-theatre-kungfu"
    )
    # a sight that puts on performances is still found by its description (宋城's 歌舞 show)
    assert resolve_activity("ethnic-dance", KB, ["hangzhou"], "歌舞表演") == "hangzhou-songcheng"
    # 昆曲: the Sunday matinee at the 昆曲 museum, no longer 网师园 by day (its 夜花园 is seasonal)
    assert resolve_activity("kunqu", KB, ["suzhou"], "昆曲") == "suzhou-kunqu-sunday-show"
