"""English names are the ones English sources use, not word-for-word renderings: 大唐不夜城 is
"Datang Everbright City" (the Xi'an government's English site, People's Daily), and the
travel sites' "Great Tang All-Day Mall" still finds it."""

from __future__ import annotations

from tests.helpers.plans import KB


def test_datang_everbright_city_is_named_as_xian_names_it() -> None:
    place = KB.attraction("xian-datang-everbright")
    assert place is not None and place.name_en == "Datang Everbright City"
    assert "Great Tang All-Day Mall" in place.aliases  # the older name still finds it
    named = [a.name_en for d in KB.destinations.values() for a in d.attractions]
    named += [r.name_en for d in KB.destinations.values() for r in d.restaurants]
    assert not [n for n in named if "All-Day Mall" in n]


def test_the_pagoda_next_to_it_says_the_same_name() -> None:
    pagoda = KB.attraction("xian-big-wild-goose-pagoda")
    assert pagoda is not None and "Datang Everbright City" in (pagoda.description_en or "")
    assert "All-Day Mall" not in (pagoda.description_en or "")
