"""Data packs: storage, merge precedence, own-place files, attribution, the ChinaTravel import."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest

from engine.domain.request import TripRequest
from engine.guide import write_guide
from engine.knowledge.base import (
    KnowledgeBase,
    default_knowledge,
    knowledge_generation,
    load_curated,
)
from engine.knowledge.geo import haversine_m, to_wgs84
from engine.knowledge.pack_merge import merge_pack
from engine.knowledge.packs import (
    Pack,
    PackError,
    installed_packs,
    load_pack,
    merge_installed_packs,
    packs_dir,
    reload_knowledge,
    remove_pack,
    save_pack,
)
from engine.knowledge.schema import Attraction, Destination, Hub, IntercityLink
from engine.knowledge.userplaces import import_places
from engine.knowledge.userplaces_read import ImportFailed
from engine.planning import plan_trip

PROV: dict[str, Any] = {"as_of": dt.date(2026, 1, 1), "source": "test", "confidence": "estimated"}


def sight(pid: str, zh: str, lat: float, lon: float, **kw: Any) -> Attraction:
    fields: dict[str, Any] = {
        "name_en": pid, "hours": "Mo-Su 08:00-18:00", "visit_minutes": 90, "ticket_cny": 10,
        "tags": ("culture",), "popularity": 3, "description_zh": "测试景点。",
        "description_en": "A test sight.", **PROV, **kw,
    }  # fmt: skip
    return Attraction(id=pid, name_zh=zh, lat=lat, lon=lon, **fields)


def hub(pid: str, zh: str, lat: float, lon: float) -> Hub:
    return Hub(id=pid, name_zh=zh, name_en=pid, lat=lat, lon=lon, kind="rail", **PROV)


def city(dest_id: str, lat: float, lon: float, **places: Any) -> Destination:
    return Destination(id=dest_id, name_zh=dest_id, name_en=dest_id, province="测试省",
                       adcode="330100", lat=lat, lon=lon, radius_km=20, **PROV, **places)  # fmt: skip


def link(a: str, b: str, a_hub: str, b_hub: str, mode: str = "hsr") -> IntercityLink:
    return IntercityLink(a=a, b=b, a_hub=a_hub, b_hub=b_hub, mode=mode, duration_minutes=60,
                         fare_cny=50, **PROV)  # fmt: skip


def pack(name: str = "demo", *dests: Destination, links: tuple[IntercityLink, ...] = ()) -> Pack:
    return Pack(name=name, kind="csv", title="Demo", licence="CC BY 4.0", attribution="Demo authors",
                imported_at=dt.datetime(2026, 1, 1, tzinfo=dt.UTC), destinations=dests, links=links)  # fmt: skip


def curated() -> KnowledgeBase:
    kb = KnowledgeBase()
    kb.add(city("alpha", 30.0, 120.0,
                attractions=(sight("alpha-temple", "古寺", 30.0, 120.0, aliases=("古寺景区",)),),
                hubs=(hub("alpha-station", "甲站", 30.01, 120.0),)))  # fmt: skip
    kb.add(city("beta", 31.0, 121.0, hubs=(hub("beta-station", "乙站", 31.0, 121.0),)))
    kb.links.append(link("alpha", "beta", "alpha-station", "beta-station"))
    return kb


def test_curated_wins_on_id_and_near_duplicate_names_and_keeps_its_record() -> None:
    kb = curated()
    incoming = city(
        "alpha", 30.5, 120.5,  # a different centre: the curated record is kept
        attractions=(
            sight("alpha-temple", "别的名字", 30.2, 120.2),  # same id
            sight("demo-1", "古寺风景区", 30.001, 120.001),  # same name after normalising, 150 m
            sight("demo-2", "古寺茶园", 30.0015, 120.0),  # contains the curated name, 170 m away
            sight("demo-3", "新景点", 30.02, 120.02),  # new
            sight("demo-4", "远处景点", 30.5, 120.5),  # outside alpha's 20 km
        ),
        hubs=(hub("demo-h1", "甲站", 30.0105, 120.0),),
    )  # fmt: skip
    newcity = city("gamma", 32.0, 122.0, hubs=(hub("demo-h2", "丙站", 32.0, 122.0),))
    links = (link("alpha", "gamma", "demo-h1", "demo-h2"), link("alpha", "beta", "demo-h1", "beta-station"),
             link("alpha", "beta", "demo-h1", "beta-station", mode="flight"))  # fmt: skip
    stats = merge_pack(kb, pack("demo", incoming, newcity, links=links))
    alpha = kb.destinations["alpha"]
    assert (alpha.lat, alpha.lon) == (30.0, 120.0)
    assert [a.id for a in alpha.attractions] == ["alpha-temple", "demo-3"]
    assert kb.attraction("alpha-temple").name_zh == "古寺"  # type: ignore[union-attr]
    assert stats.duplicates == 4 and stats.outside == 1 and stats.new_destinations == ["gamma"]
    assert kb.pack_places == {"demo-3": "demo", "demo-h2": "demo"}
    # The pack's 甲站 duplicates the curated hub: its links use the curated id; the curated hsr
    # link between alpha and beta wins over the pack's, the pack's flight is new.
    by_pair = {(lk.a, lk.b, lk.mode): lk for lk in kb.links}
    assert by_pair[("alpha", "gamma", "hsr")].a_hub == "alpha-station"
    assert by_pair[("alpha", "beta", "hsr")].source == "test" and len(kb.links) == 3
    assert by_pair[("alpha", "beta", "flight")].a_hub == "alpha-station"
    assert kb.packs == ["demo"] and "Demo authors" in kb.pack_credits["demo"]


def test_install_list_load_remove_and_the_cached_knowledge_follows(lvtu_home: Path) -> None:
    reload_knowledge()
    curated_count = len(default_knowledge().destinations)
    assert installed_packs() == [] and "demo" not in default_knowledge().packs
    info = save_pack(pack("demo", city("zz-new-town", 30.0, 120.0,
                                       attractions=(sight("demo-1", "新景点", 30.0, 120.0),))))  # fmt: skip
    assert info.path.parent == lvtu_home / "packs" and info.counts["attractions"] == 1
    assert [(p.name, p.licence, p.attribution) for p in installed_packs()] == [
        ("demo", "CC BY 4.0", "Demo authors")
    ]
    assert load_pack("demo").destinations[0].attractions[0].id == "demo-1"
    kb = default_knowledge()  # save_pack cleared the per-process cache
    assert "zz-new-town" in kb.destinations and len(kb.destinations) == curated_count + 1
    assert remove_pack("demo") and not remove_pack("demo")
    assert "demo" not in default_knowledge().packs and installed_packs() == []
    with pytest.raises(PackError):
        load_pack("demo")


def test_a_pack_saved_or_removed_tells_worker_processes_at_once(lvtu_home: Path) -> None:
    """A host whose plans all run in worker processes may never load its own knowledge base
    again: the generation the workers compare with changes when a pack is saved or removed,
    not only when this process loads anew."""
    default_knowledge()
    before = knowledge_generation()
    save_pack(pack("demo", city("zz-new-town", 30.0, 120.0,
                                attractions=(sight("demo-1", "新景点", 30.0, 120.0),))))  # fmt: skip
    saved = knowledge_generation()
    assert saved != before
    assert remove_pack("demo") and knowledge_generation() != saved


def test_a_damaged_pack_is_skipped_not_fatal(lvtu_home: Path) -> None:
    save_pack(pack("demo", city("zz-new-town", 30.0, 120.0)))
    (packs_dir() / "demo" / "places.json").write_text("{broken", encoding="utf-8")
    kb = load_curated()
    assert merge_installed_packs(kb) == [] and "demo" not in kb.packs


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_csv_places_convert_their_datum_and_find_their_destination(tmp_path: Path) -> None:
    csv_text = (
        "name,lat,lon,kind,datum,tags,price,hours\n"
        "观景台,30.0,120.0,attraction,GCJ-02,night-view;photography,0,24/7\n"
        "面馆,31.001,121.001,restaurant,,noodles,25,\n"
    )
    result = import_places(write(tmp_path, "mine.csv", csv_text), "csv", name="mine", kb=curated())
    alpha, beta = result.destinations
    viewpoint, noodles = alpha.attractions[0], beta.restaurants[0]
    assert (viewpoint.lat, viewpoint.lon) == pytest.approx(to_wgs84(30.0, 120.0, "GCJ-02"))
    assert viewpoint.id == "mine-1" and "GCJ-02" in viewpoint.source
    assert noodles.cuisines == ("noodles",) and noodles.hours == "Mo-Su 10:00-21:00"


def test_bad_csv_names_every_bad_line_and_imports_nothing(tmp_path: Path) -> None:
    csv_text = (
        "name,lat,lon,kind,tags\n"
        "好地方,30.0,120.0,attraction,culture\n"
        "坏坐标,abc,120.0,attraction,culture\n"
        "\n"
        "怪标签,30.0,120.0,attraction,wierd\n"
        "远方,45.0,90.0,attraction,culture\n"
    )
    with pytest.raises(ImportFailed) as caught:
        import_places(write(tmp_path, "bad.csv", csv_text), "csv", name="bad", kb=curated())
    assert [p.position for p in caught.value.problems] == [3, 5, 6]
    message = caught.value.message("en")
    assert "nothing was imported" in message and "line 3: lat must be a number" in message
    assert "第5行：未知标签：wierd" in caught.value.message("zh")
    assert not (packs_dir() / "bad").exists()


def test_geojson_points_and_gpx_waypoints(tmp_path: Path) -> None:
    features = [
        {"type": "Feature", "geometry": {"type": "Point", "coordinates": [120.0, 30.0]},
         "properties": {"name": "点一", "kind": "attraction"}},
        {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[120, 30], [121, 31]]},
         "properties": {"name": "线"}},
    ]  # fmt: skip
    geo = write(
        tmp_path, "p.geojson", json.dumps({"type": "FeatureCollection", "features": features})
    )
    with pytest.raises(ImportFailed) as caught:
        import_places(geo, "geojson", name="geo", kb=curated())
    assert caught.value.message("en").endswith("feature 2: only Point geometries are supported")
    gpx = write(tmp_path, "p.gpx", (
        '<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">'
        '<wpt lat="30.001" lon="120.002"><name>山顶</name><desc>看日出的好地方</desc></wpt>'
        '<wpt lat="31.0" lon="121.0"><name>小馆</name><type>restaurant</type></wpt></gpx>'
    ))  # fmt: skip
    result = import_places(gpx, "gpx", name="walk", kb=curated(), destination=None)
    alpha, beta = result.destinations
    assert (
        alpha.attractions[0].description_zh == "看日出的好地方"
        and beta.restaurants[0].name_zh == "小馆"
    )
    with pytest.raises(ImportFailed) as caught:
        import_places(write(tmp_path, "x.gpx", "<gpx><wpt"), "gpx", name="walk", kb=curated())
    assert "line 1" in caught.value.message("en")


def test_an_explicit_destination_must_hold_the_point(tmp_path: Path) -> None:
    path = write(tmp_path, "p.csv", "name,lat,lon\n甲,30.0,120.0\n")
    with pytest.raises(ImportFailed) as caught:
        import_places(path, "csv", name="p", kb=curated(), destination="beta")
    assert "line 2:" in caught.value.message("en") and "outside its 20 km radius" in str(
        caught.value.message("en")
    )
    with pytest.raises(ImportFailed):
        import_places(path, "csv", name="p", kb=curated(), destination="nowhere")


def test_the_guide_credits_a_pack_whose_places_the_plan_uses() -> None:
    kb = load_curated()
    hangzhou = kb.destinations["hangzhou"]
    extra = sight("demo-1", "测试新景点", hangzhou.lat + 0.01, hangzhou.lon + 0.01, popularity=5)
    merge_pack(
        kb, pack("demo", hangzhou.model_copy(update={"attractions": (extra,), "headline": ()}))
    )
    request = TripRequest(destinations=("hangzhou",), days=1, must_see=("demo-1",),
                          start_date=dt.date(2026, 5, 6))  # fmt: skip
    itinerary = plan_trip(request, kb)
    assert "demo-1" in {i.poi_id for d in itinerary.days for i in d.items}
    guide = write_guide(itinerary, kb).markdown
    assert "数据来源" in guide and "Demo authors — CC BY 4.0" in guide
    plain = plan_trip(request.model_copy(update={"must_see": ()}), load_curated())
    assert "数据来源" not in write_guide(plain, load_curated()).markdown


def test_a_slice_of_the_real_chinatravel_data_plans_with_a_pack_only_place(
    shared_data: Path,
) -> None:
    from engine.knowledge.chinatravel import ATTRIBUTION, import_chinatravel

    root = shared_data / "chinatravel"
    if not root.is_dir():
        pytest.skip(f"ChinaTravel sandbox absent: {root.resolve()}")
    sandbox = import_chinatravel(root, cities=["hangzhou"], limit=40, today=dt.date(2026, 1, 1))
    (hangzhou,) = sandbox.destinations
    # 西湖 is listed early; its BD-09 position converted lands near our curated WGS-84 one.
    west_lake = next(a for a in hangzhou.attractions if a.name_zh.startswith("西湖"))
    assert "BD-09" in west_lake.source and west_lake.as_of == dt.date(2026, 1, 1)
    ours = load_curated().destinations["hangzhou"]
    nearest = min(haversine_m(a.lat, a.lon, west_lake.lat, west_lake.lon) for a in ours.attractions)
    assert nearest < 1500
    save_pack(sandbox)
    kb = default_knowledge()
    assert kb.packs == ["chinatravel"]
    pack_only = [a for a in kb.destinations["hangzhou"].attractions if a.id in kb.pack_places]
    assert pack_only and all(kb.attraction(a.id) is a for a in pack_only)
    target = max(pack_only, key=lambda a: (a.popularity, a.id))
    request = TripRequest(destinations=("hangzhou",), days=2, must_see=(target.id,),
                          start_date=dt.date(2026, 5, 6))  # fmt: skip
    itinerary = plan_trip(request, kb)
    assert target.id in {i.poi_id for d in itinerary.days for i in d.items}
    assert ATTRIBUTION in write_guide(itinerary, kb).markdown


def test_a_pack_timetable_is_added_beside_a_curated_link_of_the_same_mode() -> None:
    kb = curated()
    night = link("alpha", "beta", "alpha-station", "beta-station").model_copy(
        update={"service": "Z9", "first_departure": "21:00", "last_departure": "21:00"}
    )
    typical = link("alpha", "beta", "alpha-station", "beta-station")  # loses to the curated one
    stats = merge_pack(kb, pack("demo", links=(typical, night)))
    assert stats.links == 1 and [lk.service for lk in kb.links_between("beta", "alpha")] == [
        "",
        "Z9",
    ]


def test_timetable_keeps_each_service_one_way_at_its_cheapest_fare() -> None:
    from engine.knowledge.chinatravel_transport import links, timetable

    hubs = {"甲站": ("alpha", "alpha-station"), "乙站": ("beta", "beta-station")}
    rows = [
        {"TrainID": "G1", "From": "甲站", "To": "乙站", "BeginTime": "08:00", "Duration": 5.0,
         "Cost": 600.0, "mode": "hsr"},
        {"TrainID": "D9", "From": "甲站", "To": "乙站", "BeginTime": "21:10", "Duration": 12.4,
         "Cost": 330.0, "mode": "hsr"},
        {"TrainID": "D9", "From": "甲站", "To": "乙站", "BeginTime": "21:10", "Duration": 12.4,
         "Cost": 321.0, "mode": "hsr"},  # another seat class of the same service
        {"TrainID": "D10", "From": "乙站", "To": "甲站", "BeginTime": "21:05", "Duration": 12.3,
         "Cost": 340.0, "mode": "hsr"},
        {"TrainID": "K1", "From": "甲站", "To": "远站", "BeginTime": "10:00", "Duration": 3.0,
         "Cost": 50.0, "mode": "train"},  # a station outside the pack's hubs
    ]  # fmt: skip
    services = {(s["service"], s["a"], s["b"]): s for s in timetable(rows, hubs)}
    assert set(services) == {
        ("G1", "alpha", "beta"),
        ("D9", "alpha", "beta"),
        ("D10", "beta", "alpha"),
    }
    d9 = services[("D9", "alpha", "beta")]
    assert d9["fare_cny"] == 321.0 and d9["first_departure"] == d9["last_departure"] == "21:10"
    assert d9["duration_minutes"] == 744
    typical = links(rows, hubs)
    assert len(typical) == 1  # one pooled hsr link: the fastest time at a quick service's fare
    assert typical[0]["duration_minutes"] == 300 and typical[0]["fare_cny"] == 600.0


def test_a_service_runs_to_its_timetabled_arrival_not_the_rounded_duration() -> None:
    from engine.knowledge.chinatravel_transport import timetable

    hubs = {"甲站": ("alpha", "alpha-station"), "乙站": ("beta", "beta-station")}
    rows = [
        {"TrainID": "D12", "From": "甲站", "To": "乙站", "BeginTime": "21:13", "EndTime": "09:40",
         "Duration": 12.4, "Cost": 321.0, "mode": "hsr"},  # 12 h 27 min, not 12 h 24 min
        {"TrainID": "K1", "From": "甲站", "To": "乙站", "BeginTime": "11:53", "EndTime": "19:17",
         "Duration": 31.4, "Cost": 251.0, "mode": "train"},  # the next day but one
        {"TrainID": "T9", "From": "甲站", "To": "乙站", "BeginTime": "08:00", "Duration": 3.0,
         "Cost": 50.0, "mode": "train"},  # no arrival time: the duration
    ]  # fmt: skip
    minutes = {s["service"]: s["duration_minutes"] for s in timetable(rows, hubs)}
    assert minutes == {"D12": 12 * 60 + 27, "K1": 31 * 60 + 24, "T9": 180}


@pytest.mark.parametrize(
    ("name", "city", "english"),
    [("上海松江站", "上海", "Shanghai Songjiang Station"), ("北京南站", "北京", "Beijing South Station"),
     ("成都天府国际机场", "成都", "Chengdu Tianfu International Airport"),
     ("虹桥火车站", "上海", "Hongqiao Railway Station")],
)  # fmt: skip
def test_pack_hubs_get_readable_english_names(name: str, city: str, english: str) -> None:
    from engine.knowledge.chinatravel_fields import hub_english

    city_en = {"上海": "Shanghai", "北京": "Beijing", "成都": "Chengdu"}[city]
    assert hub_english(name, city, city_en) == english


def test_a_women_only_hostel_is_not_imported() -> None:
    from engine.knowledge import chinatravel_fields as f
    from engine.knowledge.chinatravel_records import _hotel

    row = {
        "name": "东方巴黎女生青年旅舍",
        "lat": "30.66",
        "lon": "104.06",
        "single_room_price": "80",
    }
    prov = f.provenance(dt.date(2026, 1, 1), "accommodations/x.csv", "GCJ-02")
    with pytest.raises(f.RowError):
        _hotel(row, "p1", prov)
    assert _hotel({**row, "name": "东方巴黎青年旅舍"}, "p2", prov).name_zh == "东方巴黎青年旅舍"
