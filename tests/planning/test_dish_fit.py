"""Every dish a plan names passes through the party's diet (issue 12): a vegetarian plan of 西安
said 「不吃辣：点肉夹馍、凉皮」 and 「推荐：臊子面、灌汤包」, its English food list named pork
dishes; a no-pork plan of 桂林 recommended 崇善米粉's 卤菜粉. A dish not known to fit is not
recommended, and a place with none says so."""

from __future__ import annotations

import re

from engine.domain.itinerary import ItemKind, Itinerary
from engine.domain.request import Avoid, FoodWish
from engine.guide.food_list import food_section
from engine.knowledge.schema import Restaurant
from engine.planning.dish_fit import fits, meats
from engine.planning.spice import hot_dish
from tests.helpers.plans import KB, plan

VEGETARIAN = FoodWish(cuisine="vegetarian", said="吃素")


def _place(place_id: str) -> Restaurant:
    place = KB.restaurant(place_id)
    assert isinstance(place, Restaurant)
    return place


def _hinted(p: Itinerary) -> list[str]:
    """Every dish the plan's meal notes and food list name as one to order (「推荐：a、b」,
    「不吃辣：点a、b，」, "try: a, b", "order a, b;"), in the plan's language."""
    zh = p.lang == "zh"
    notes = [i.note or "" for d in p.days for i in d.items
             if i.kind == ItemKind.MEAL and i.meal != "breakfast" and i.poi_id
             and KB.restaurant(i.poi_id) is not None]  # fmt: skip  # a free meal names no dish
    lists = []
    for note in notes:
        lists += re.findall(r"推荐：([^；]+)|不吃辣：点([^，]+)，", note) if zh else []
        lists += re.findall(r"try: ([^;]+)|no spice: order ([^;]+);", note) if not zh else []
    section = food_section(p, KB, zh=zh)
    lists += [(m, "") for m in re.findall(r"^- \*\*.+?\*\*[：:] ?(.+?)[（(](?:人均|about)", section,
                                            flags=re.M)]  # fmt: skip
    sep = "、" if zh else ", "
    said = ("吃素：", "vegetarian:", "招牌菜", "no signature", "这家")  # what to order, no dish
    return [dish.strip() for pair in lists for part in pair if part and not part.startswith(said)
            for dish in part.split(sep)]  # fmt: skip


def _dish(p: Itinerary, dish: str) -> tuple[str, str]:
    """The (zh, en) names of the signature dish named `dish` at one of the plan's places."""
    for item in (i for d in p.days for i in d.items if i.poi_id):
        place = KB.restaurant(item.poi_id or "")
        if place is None:
            continue
        names = place.signature_dishes_zh if p.lang == "zh" else place.signature_dishes_en
        if dish in names:
            k = names.index(dish)
            return place.signature_dishes_zh[k], place.signature_dishes_en[k]
    raise AssertionError(f"{dish!r} is no dish of the plan's places")


def test_a_vegetarian_xian_plan_hints_no_meat_dish() -> None:
    """西安, 吃素 and 不吃辣, zh and en: every dish the meal notes and the food list name to order
    is known meatless and not hot — no 肉夹馍, 臊子面, 灌汤包, "Roujiamo" or pork, no
    biangbiang面 (chili oil)."""
    for lang in ("zh", "en"):
        p = plan(destinations=("xian",), days=3, departure="beijing", lang=lang,
                 food=(VEGETARIAN,), avoid=Avoid(cuisines=("spicy",)))  # fmt: skip
        hinted = _hinted(p)
        assert hinted, p.lang
        for dish in hinted:
            zh, en = _dish(p, dish)
            assert meats(zh) == frozenset(), (lang, dish, zh)
            assert not hot_dish(zh, en), (lang, dish)
        text = " ".join(hinted).lower()
        for meat in ("肉夹馍", "臊子", "灌汤包", "roujiamo", "pork", "saozi"):
            assert meat not in text, (lang, meat)


def test_a_no_pork_plan_recommends_no_pork_dish() -> None:
    """桂林, 不吃猪肉: no dish named to order holds pork (卤菜粉's 卤菜 are braised pork); a place
    none of whose dishes is known free of pork says to ask."""
    p = plan(destinations=("guilin",), days=3, departure="guangzhou",
             avoid=Avoid(cuisines=("pork",)))  # fmt: skip
    hinted = _hinted(p)
    assert hinted
    for dish in hinted:
        held = meats(dish)
        assert held is not None and not held & {"pork", "meat"}, dish
    assert "卤菜粉" not in hinted
    notes = [i.note or "" for d in p.days for i in d.items
             if i.kind == ItemKind.MEAL and i.meal != "breakfast" and i.poi_id
             and KB.restaurant(i.poi_id) is not None]  # fmt: skip  # a free meal names no dish
    for note in notes:
        assert "推荐：" in note or "招牌菜里没有确定不含猪肉的" in note or "估算" in note, note


def test_a_dish_fits_only_when_known_to() -> None:
    noodles = _place("guilin-chongshan-mifen")
    assert not fits("卤菜粉", noodles, frozenset({"pork"}))
    assert not fits("桂林米粉", noodles, frozenset({"pork"}))  # not known: toppings unnamed
    halal = _place("xian-huimin-food-street")
    assert "halal" in halal.cuisines
    assert fits("肉夹馍", halal, frozenset({"pork"}))  # a halal place's 肉 is beef or mutton
    assert not fits("肉夹馍", halal, frozenset({"beef"}))
    area = _place("xian-dayanta-food-area")
    assert not fits("肉夹馍", area, frozenset({"pork"}))  # elsewhere 肉 alone is pork
    assert not fits("肉夹馍", area, frozenset({"vegetarian"}))
    assert fits("凉皮", area, frozenset({"vegetarian"}))
    assert meats("素扣肉") == frozenset() and meats("豆沙包") == frozenset()
    assert meats("饺子") is None and meats("土豆饺子") is None
    assert meats("臊子面") == {"pork"} and meats("灌汤包") == {"pork"}
    assert meats("它似蜜") == {"lamb"}  # (mutton in honey sauce: no 蜜 of a dessert)
    assert meats("牛肉面") == {"beef"} and meats("烧肉粽") == {"pork", "seafood"}  # (虾米 inside)


def test_a_no_spice_food_list_names_no_hot_dish() -> None:
    """成都, 不吃辣: the food list named 锦里's 伤心凉粉 (chili oil) beside its mild snacks."""
    p = plan(destinations=("chengdu",), days=3, departure=None, avoid=Avoid(cuisines=("spicy",)))
    section = food_section(p, KB, zh=True)
    listed = re.findall(r"^- \*\*.+?\*\*：(.+?)（人均", section, flags=re.M)
    dishes = [d for line in listed if not line.startswith("点菜") for d in line.split("、")]
    assert dishes, section
    assert not [d for d in dishes if hot_dish(*_dish(p, d))], section
