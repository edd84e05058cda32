"""Access needs planned and answered: places reached only by steps (`Attraction.step_free`) left
out for a wheelchair, a pushchair or limited mobility and said; a place's own access facts on
its visit and in the report; a walking limit; a summit's sunset point too far a walk."""

from __future__ import annotations

import datetime as dt

import pydantic
import pytest

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import Avoid, Party
from engine.planning import plan_trip
from engine.planning.candidates import SHORT_WALK_MINUTES
from engine.understanding import parse_request
from tests.helpers import plans
from tests.helpers.plans import KB, SATURDAY


def plan(**fields: object) -> Itinerary:
    return plans.plan(**{"departure": None, **fields})


def access_row(p: Itinerary):  # type: ignore[no-untyped-def]
    assert p.feasibility is not None
    (row,) = [w for w in p.feasibility.wishes if w.kind == "access"]
    return row


def sights(p: Itinerary) -> list[str]:
    return [i.poi_id or "" for d in p.days for i in d.items if i.kind is ItemKind.ATTRACTION]


def test_a_wheelchair_leaves_out_a_summit_reached_only_by_steps_and_says_so() -> None:
    party = Party(adults=1, seniors=1)
    no_wall = Avoid(
        places=tuple(a.id for a in KB.destinations["beijing"].attractions if "hiking" in a.tags)
    )  # what a wheelchair rules out anyway
    usual = plan(destinations=("beijing",), days=4, party=party, avoid=no_wall)
    assert "beijing-jingshan-park" in sights(usual)  # the trip goes up 景山 otherwise
    p = plan(destinations=("beijing",), days=4, party=party, access=("wheelchair",))
    for poi in sights(p):
        place = KB.attraction(poi)
        assert place is None or place.step_free != "no", place.name_zh
    row = access_row(p)
    assert "景山公园" in row.message and "台阶" in row.message


def test_a_summit_named_with_a_wheelchair_is_not_honoured_and_its_steps_are_said() -> None:
    p = plan(destinations=("beijing",), days=1, access=("wheelchair",),
             must_see=("beijing-jingshan-park",))  # fmt: skip
    assert "beijing-jingshan-park" in sights(p)
    row = access_row(p)
    assert row.status == "not" and "景山公园" in row.message
    assert row.reason and "您点名要去" in row.reason and "石阶" in row.reason


def test_a_place_partly_step_free_carries_its_facts_on_the_visit_and_in_the_report() -> None:
    p = plan(destinations=("hangzhou",), days=1, lang="en", access=("wheelchair",),
             must_see=("hangzhou-lingyin-temple",))  # fmt: skip
    visit = next(i for d in p.days for i in d.items
                 if i.kind is ItemKind.ATTRACTION and i.poi_id == "hangzhou-lingyin-temple")  # fmt: skip
    assert "step-free passage" in visit.note and "Main Hall" in visit.note
    row = access_row(p)
    assert row.status == "partly"
    assert row.reason and "Lingyin" in row.reason and "step-free passage" in row.reason


def test_no_stairs_leaves_out_the_mausoleum_steps_and_names_it() -> None:
    usual = plan(destinations=("nanjing",), days=2, lang="en")
    assert "nanjing-sun-yat-sen-mausoleum" in sights(usual)
    p = plan(destinations=("nanjing",), days=2, lang="en", access=("limited-mobility",))
    assert "nanjing-sun-yat-sen-mausoleum" not in sights(p)
    assert "Sun Yat-sen Mausoleum" in access_row(p).message


def test_step_free_facts_need_both_notes_and_a_source() -> None:
    record = KB.attraction("beijing-jingshan-park")
    assert record is not None and record.step_free == "no"
    data = record.model_dump()
    with pytest.raises(pydantic.ValidationError, match="access_source"):
        type(record).model_validate({**data, "access_source": ""})
    with pytest.raises(pydantic.ValidationError, match="access_note"):
        type(record).model_validate({**data, "access_note_en": ""})


def test_a_walking_limit_cuts_long_visits_and_rides_up_mountains_and_says_which() -> None:
    kids = Party(adults=2, children=2, child_ages=(7, 9))
    p = plan(destinations=("shanghai",), days=2, party=kids, access=("short-walks",),
             must_see=("shanghai-disneyland",))  # fmt: skip
    disney = KB.attraction("shanghai-disneyland")
    assert disney is not None and disney.visit_minutes > SHORT_WALK_MINUTES
    for d in p.days:
        for i in d.items:
            if i.kind is ItemKind.ATTRACTION:
                assert i.minutes <= SHORT_WALK_MINUTES + 90, i.name  # a lunch inside at most
    row = access_row(p)
    assert row.status == "partly" and "上海迪士尼乐园" in row.message and "11小时" in row.message
    hills = plan(destinations=("zhangjiajie",), days=2, lang="en", party=kids,
                 access=("short-walks",))  # fmt: skip
    park = next(i for d in hills.days for i in d.items if i.poi_id == "zhangjiajie-forest-park"
                and i.kind is ItemKind.ATTRACTION)  # fmt: skip
    assert "up and down by" in park.note and "cable car up and down" in access_row(hills).message


def test_bad_knees_on_a_summit_night_skip_the_far_sunset_point_and_say_why() -> None:
    text = "黄山两天住山上，带爸妈看日出日落，老人腿脚不好"
    parsed = parse_request(text, KB, today=SATURDAY - dt.timedelta(days=3))
    assert parsed.request is not None and "limited-mobility" in parsed.request.access
    p = plan_trip(parsed.request, KB)
    names = [i.name for d in p.days for i in d.items]
    assert not any("排云亭" in n for n in names), names  # 2 km of mountain path each way at dusk
    assert p.feasibility is not None
    (sunset,) = [w for w in p.feasibility.wishes if w.kind == "experience" and w.value == "sunset"]
    assert sunset.status == "not" and sunset.reason and "排云亭" in sunset.reason
    able = plan_trip(
        parse_request(
            text.replace("，老人腿脚不好", ""), KB, today=SATURDAY - dt.timedelta(days=3)
        ).request,
        KB,
    )  # type: ignore[arg-type]
    assert any("排云亭" in i.name for d in able.days for i in d.items)  # walked to otherwise


def test_free_time_suggests_no_place_the_access_needs_rule_out() -> None:
    p = plan(destinations=("lhasa",), days=3, lang="en", party=Party(adults=1, seniors=1),
             access=("limited-mobility",))  # fmt: skip
    assert "lhasa-potala" not in sights(p)
    free = [i for d in p.days for i in d.items if i.kind is ItemKind.FREE]
    assert free and not any("Potala Palace" in i.note for i in free), [i.note for i in free]


def test_a_wheelchair_plan_of_beijing_does_not_climb_the_tiananmen_gate_tower() -> None:
    """天安门城楼 is climbed by stairs (up the west passage, down the east one; no lift for
    visitors found): a wheelchair plan visits the square below it and says why not the tower."""
    party = Party(adults=1, seniors=1)
    no_wall = Avoid(
        places=tuple(a.id for a in KB.destinations["beijing"].attractions if "hiking" in a.tags)
    )  # what a wheelchair rules out anyway
    usual = plan(destinations=("beijing",), days=4, party=party, avoid=no_wall)
    assert "beijing-tiananmen-rostrum" in sights(usual)  # the trip climbs it otherwise
    p = plan(destinations=("beijing",), days=4, party=party, access=("wheelchair",))
    assert "beijing-tiananmen-rostrum" not in sights(p)
    row = access_row(p)
    assert "天安门城楼" in row.message and "楼梯" in row.message
    tower = KB.attraction("beijing-tiananmen-rostrum")
    assert tower is not None and tower.step_free == "no"


def test_a_wheelchair_sees_the_big_buddha_from_the_plaza_not_up_its_steps() -> None:
    """Tester F4.2: a wheelchair user was sent on a 4-hour visit up the Big Buddha's 268 steps;
    the record now says what is step-free (the cable car, the plaza at the foot of the steps)."""
    buddha = KB.attraction("hongkong-ngong-ping-big-buddha")
    assert buddha is not None
    party = Party(adults=2, seniors=1)
    p = plan(destinations=("hongkong",), days=2, lang="en", party=party, access=("wheelchair",),
             must_see=("hongkong-ngong-ping-big-buddha",))  # fmt: skip
    (visit,) = [i for d in p.days for i in d.items
                if i.kind is ItemKind.ATTRACTION and i.poi_id == buddha.id]  # fmt: skip
    assert visit.minutes < buddha.visit_minutes  # the step-free part only, not the climb
    assert "foot of the Buddha" in visit.note and "268 steps" in visit.note
    row = access_row(p)
    assert row.status == "partly"
    assert "only the step-free part of Ngong Ping 360 and the Big Buddha" in row.message


def test_skip_anything_with_steps_is_an_access_need_not_a_place() -> None:
    """Tester F4.3: 「skip anything with steps」 was looked up as a place ("I could not find")."""
    from engine.understanding.revision import parse_revision

    usual = plan(destinations=("macau",), days=2, lang="en")
    revision = parse_revision("my mum can't climb any stairs, skip anything with steps",
                              usual.request, KB, "en")  # fmt: skip
    assert revision is not None
    assert "limited-mobility" in revision.request.access
    assert not any("could not find" in p for p in revision.problems), revision.problems


def test_a_wheelchair_sees_the_step_free_stretch_of_badaling_not_no_great_wall() -> None:
    """八达岭 is a climb (``hiking``), so a wheelchair left the Great Wall out; its record now says
    a ramp and two lifts reach a level stretch up to about the third tower (``partly``)."""
    wall = KB.attraction("beijing-badaling")
    assert wall is not None and "hiking" in wall.tags and wall.step_free == "partly"
    p = plan(destinations=("beijing",), days=4, party=Party(adults=1, seniors=1),
             access=("wheelchair",))  # fmt: skip
    (visit,) = [i for d in p.days for i in d.items
                if i.kind is ItemKind.ATTRACTION and i.poi_id == wall.id]  # fmt: skip
    assert visit.minutes < wall.visit_minutes and "无障碍电梯" in visit.note
    row = access_row(p)
    assert "八达岭长城" in row.message and "只游不用上台阶的一段" in row.message
