"""A sight inside a paid park is visited with the park's ticket (issue 13).

张家界's 十里画廊 lies behind the Wulingyuan ticket gate: a plan that showed it as a free sight of
its own cost nothing for a visit that needs the Forest Park ticket. It is a highlight of the
park's record, and the park answers to its name, so a wish for it is a visit priced by date.
"""

from __future__ import annotations

import datetime as dt
import re

from engine.knowledge.base import load_curated
from engine.knowledge.prices import adult_price
from engine.knowledge.schema import Attraction

KB = load_curated()


def test_ten_mile_gallery_is_visited_with_the_forest_park_ticket() -> None:
    zhangjiajie = KB.destinations["zhangjiajie"]
    named = [a for a in zhangjiajie.attractions if "十里画廊" in (a.name_zh, *a.aliases)]
    assert [a.id for a in named] == ["zhangjiajie-forest-park"]
    park = named[0]
    assert any(h.name_zh == "十里画廊" for h in park.highlights)
    assert adult_price(park, dt.date(2027, 7, 1)) == 225
    assert adult_price(park, dt.date(2027, 12, 12)) == 147


#: A ticket note that says a sight is entered on another record's ticket: 「含在九华山门票内」,
#: 「含在古城联票（100元）内」, 「在通票内」, 「凭泸沽湖景区门票」, 「需普陀山进山门票」, "In the
#: Jiuhuashan ticket", "covered by the Lugu Lake ticket".
ON_ANOTHER_TICKET = re.compile(
    r"含在.{0,30}?(门票|通票|联票|套票|线路票|票)(（[^）]*）)?内|(在|于)(通票|联票|套票).{0,8}内"
    r"|凭.{0,16}(门票|通票|联票|凭证)|需.{0,16}(门票|通票|联票)"
)
ON_ANOTHER_TICKET_EN = re.compile(
    r"\b(in|within|covered by|included in)\b the .{0,60}?\b(ticket|pass)\b"
    r"|\bneeds the .{0,40}\b(ticket|pass)\b",
    re.I,
)
#: … unless it says the opposite or that the sight itself is free to walk into (「古镇免费开放；
#: 展馆凭联票参观」, 「不含在峨眉山大门票内」, 「通常免费或含在肇兴票内」: unresolved, estimated).
NOT_ON_ANOTHER = re.compile(
    r"不含在|不在.{0,20}内|不需|无需|免费或|或单独|^[^；。]{0,12}免费[（，；。、]|免费开放|免费进入"
    r"|免费参观票|免费门票"
)


def _says_on_another_ticket(a: Attraction) -> bool:
    zh, en = a.ticket_note_zh, a.ticket_note_en
    if NOT_ON_ANOTHER.search(zh):
        return False
    return bool(ON_ANOTHER_TICKET.search(zh) or ON_ANOTHER_TICKET_EN.search(en))


def test_every_sight_entered_on_another_ticket_names_the_park() -> None:
    """A sight with no ticket of its own whose note says it is entered on a park's ticket has
    `inside`, naming a ticketed attraction of the same destination (the schema checks the
    destination); one with `inside` says so in its note."""
    missing, wrong = [], []
    for destination in KB.destinations.values():
        parks = {a.id: a for a in destination.attractions}
        for a in destination.attractions:
            own = a.ticket_cny or a.seasons
            if a.inside is None and not own and _says_on_another_ticket(a):
                missing.append(a.id)
            if a.inside is not None:
                park = parks[a.inside]
                if not (park.ticket_cny or park.seasons) or not _says_on_another_ticket(a):
                    wrong.append(a.id)
    assert not missing, f"entered on another record's ticket, with no `inside`: {missing}"
    assert not wrong, f"`inside` a park without a ticket, or the note does not say so: {wrong}"
    assert sum(a.inside is not None for d in KB.destinations.values() for a in d.attractions) >= 90


def test_the_notes_test_reads_the_usual_wordings() -> None:
    """The pattern above catches the wordings the records use and lets the others pass."""
    baisui = KB.attraction("jiuhuashan-baisui-palace")
    dayuan = KB.attraction("jiuhuashan-dayuan-park")
    baoguo = KB.attraction("emeishan-baoguo-temple")
    assert baisui is not None and dayuan is not None and baoguo is not None
    assert _says_on_another_ticket(baisui)  # 「含在九华山门票内」
    assert not _says_on_another_ticket(dayuan)  # 「免费（…不需九华山门票）」
    assert not _says_on_another_ticket(baoguo)  # 「门票8元（不含在峨眉山大门票内）」
    plain = baisui.model_copy(update={"inside": None})
    assert _says_on_another_ticket(plain) and not (plain.ticket_cny or plain.seasons)


def test_a_park_whose_ticket_is_valid_for_days_says_so() -> None:
    forest = KB.attraction("zhangjiajie-forest-park")
    assert forest is not None and forest.ticket_valid_days == 4
    lugu = KB.attraction("lugu-lake-lige")
    assert lugu is not None and lugu.ticket_valid_days == 3
