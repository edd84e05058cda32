"""Long-term memory: FTS5 search in Chinese and English, extraction, kept and applied."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import text
from sqlalchemy.engine import Engine

from engine.agent.agent import Agent
from engine.agent.memory import MemoryClosedError, MemoryStore
from engine.domain.request import Pace, TripRequest
from engine.events import ThinkingStep
from engine.storage.db import MIGRATIONS
from engine.understanding.habits import Preference, extract_preferences
from engine.understanding.remembered import apply_preferences
from tests.agent.fakes import SEED, FakePipeline


@pytest.fixture
def store(db: Engine) -> MemoryStore:
    store = MemoryStore(db)
    store.remember("avoid_cuisine", "spicy", "我不吃辣")
    store.remember("party", "seniors", "这次带着老人")
    store.remember("avoid_transport", "flight", "I don't want to fly")
    return store


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("不吃辣", ["我不吃辣"]),  # 3+ characters: the trigram index
        ("带着老人", ["这次带着老人"]),
        ("辣", ["我不吃辣"]),  # 1 character: too short for trigrams, LIKE fallback
        ("老人", ["这次带着老人"]),
        ("spicy", ["我不吃辣"]),  # matches the key column
        ("want to fly", ["I don't want to fly"]),
        ("飞机", ["I don't want to fly"]),  # a known word finds its key in the other language
        ("火星", []),
        ('"%_', []),  # quotes and LIKE wildcards are taken literally
    ],
)
def test_search(store: MemoryStore, query: str, expected: list[str]) -> None:
    assert [m.content for m in store.search(query)] == expected


def fts_hits(db: Engine, phrase: str) -> int:
    with db.connect() as connection:
        match = "SELECT count(*) FROM memories_fts WHERE memories_fts MATCH :q"
        return int(connection.execute(text(match), {"q": f'"{phrase}"'}).scalar() or 0)


def test_trigram_index_cannot_match_one_character(store: MemoryStore, db: Engine) -> None:
    """Why short queries fall back to LIKE (SQLite 3.40's trigram tokenizer)."""
    assert fts_hits(db, "不吃辣") == 1
    assert fts_hits(db, "辣") == 0


def test_index_follows_updates_and_deletes(store: MemoryStore, db: Engine) -> None:
    store.remember("avoid_cuisine", "spicy", "一点辣都不能吃")  # same preference: refreshed
    assert [m.content for m in store.search("不能吃")] == ["一点辣都不能吃"]
    assert fts_hits(db, "我不吃辣") == 0 and fts_hits(db, "都不能吃") == 1
    memory = store.search("不能吃")[0]
    assert store.forget(memory.id) and store.search("不能吃") == []
    assert fts_hits(db, "都不能吃") == 0
    assert len(store.all()) == 2
    store.close()
    with pytest.raises(MemoryClosedError):
        store.all()


def test_migration_0002_downgrades_and_upgrades(db: Engine) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with db.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0001")
        assert (
            connection.execute(
                text("SELECT count(*) FROM sqlite_master WHERE name LIKE 'memories_fts%'")
            ).scalar()
            == 0
        )
        command.upgrade(config, "head")
    MemoryStore(db).remember("pace", "relaxed", "慢节奏")
    assert [m.key for m in MemoryStore(db).search("节奏")] == ["relaxed"]


@pytest.mark.parametrize(
    ("said", "found"),
    [
        ("我不吃辣", [("avoid_cuisine", "spicy")]),
        ("带着老人，不想坐飞机", [("party", "seniors"), ("avoid_transport", "flight")]),
        ("I don't eat spicy food", [("avoid_cuisine", "spicy")]),
        (
            "travelling with my elderly parents, we'd rather not fly",
            [("party", "seniors"), ("avoid_transport", "flight")],
        ),
        ("海鲜过敏，带孩子", [("avoid_cuisine", "seafood"), ("party", "children")]),
        ("我爱吃辣", []),
        ("上海出发去黄山玩两天", []),
        ("飞机几点起飞？", []),
    ],
)
def test_extract_preferences(said: str, found: list[tuple[str, str]]) -> None:
    assert [(p.kind, p.key) for p in extract_preferences(said)] == found


def test_apply_preferences_adds_and_never_removes() -> None:
    request = TripRequest.model_validate(
        {"destinations": ["huangshan"], "days": 2, "avoid": {"cuisines": ["seafood"]}}
    )
    merged = apply_preferences(
        request,
        [Preference("avoid_cuisine", "spicy", ""), Preference("party", "seniors", ""),
         Preference("avoid_transport", "flight", ""), Preference("pace", "relaxed", "")],
    )  # fmt: skip
    assert merged.avoid.cuisines == ("seafood", "spicy") and merged.avoid.transport == ("flight",)
    assert merged.party.seniors == 1 and merged.pace == Pace.RELAXED
    assert apply_preferences(merged, [Preference("avoid_cuisine", "spicy", "")]) == merged


async def test_preferences_are_remembered_kept_and_applied(
    make_agent: Callable[..., Agent], fake: FakePipeline
) -> None:
    agent = make_agent()
    reply = await agent.arun("我不吃辣，这次带着老人，不想坐飞机")
    assert reply.startswith("记住了：不吃辣、带着老人、不坐飞机")
    assert agent.last_turn is not None and agent.last_turn.is_answer
    assert await agent.wait_saved()
    assert {m.key for m in agent.memory.all()} == {"spicy", "seniors", "flight"}

    reply = await agent.arun(SEED)
    planned = fake.calls[-1]
    assert "spicy" in planned.avoid.cuisines and "flight" in planned.avoid.transport
    assert planned.party.seniors == 1 and "已照顾到你的偏好" in reply

    agent.clear_history()
    assert agent.messages == []
    await agent.arun(SEED)
    assert "spicy" in fake.calls[-1].avoid.cuisines  # kept across clear_history
    await agent.aclose()

    restarted = make_agent()
    steps = [e.payload.message async for e in restarted.astream(SEED)
             if isinstance(e.payload, ThinkingStep)]  # fmt: skip
    assert "spicy" in fake.calls[-1].avoid.cuisines  # kept across restarts
    assert any("按你之前说过的偏好" in m and "不吃辣" in m for m in steps)  # said, not silent


async def test_english_preference_is_remembered(agent: Agent) -> None:
    reply = await agent.arun("I don't eat spicy food")
    assert reply.startswith("Noted: no spicy food")
    assert await agent.wait_saved()
    assert [m.content for m in agent.memory.search("辣")] == ["I don't eat spicy food"]


def test_search_without_the_fts_table_falls_back_to_like() -> None:
    from sqlalchemy.pool import StaticPool
    from sqlmodel import SQLModel, create_engine

    engine = create_engine("sqlite://", poolclass=StaticPool)
    SQLModel.metadata.create_all(engine)  # tables only: no migration, no memories_fts
    store = MemoryStore(engine)
    store.remember("avoid_cuisine", "spicy", "我不吃辣")
    assert [m.content for m in store.search("不吃辣")] == ["我不吃辣"]


async def test_a_preference_said_again_is_acknowledged(agent: Agent) -> None:
    await agent.arun("上海出发去黄山玩两天，我不吃辣")
    reply = await agent.arun("我不吃辣")
    assert reply == "记住了：不吃辣。当前行程已经照顾到了，以后的行程也会。"


async def test_a_stated_party_wins_over_a_remembered_one(make_agent: Callable[..., Agent]) -> None:
    agent = make_agent(pipeline=None)  # the real parser: it tells which fields were stated
    await agent.arun("以后出去玩都带着老人")  # said on its own: for the trips to come
    assert await agent.wait_saved()
    assert {m.key for m in agent.memory.all()} >= {"seniors"}
    await agent.arun("我们一家三口从北京去西安玩4天")
    plan = _last_plan(agent)
    assert (plan.request.party.adults, plan.request.party.children) == (2, 1)
    assert plan.request.party.seniors == 0  # this request says who travels


def _last_plan(agent: Agent) -> Any:
    from engine.storage import itineraries

    assert agent.last_turn is not None and agent.last_turn.itinerary_id is not None
    return itineraries.load(agent._state.engine, agent.last_turn.itinerary_id)


async def test_wishes_said_for_a_trip_apply_to_that_trip_only(
    make_agent: Callable[..., Agent],
) -> None:
    agent = make_agent(pipeline=None)
    await agent.arun("上海出发去黄山玩两天，不要坐飞机，带爸妈，轻松点")
    first = _last_plan(agent).request
    assert "flight" in first.avoid.transport and first.party.seniors == 2
    assert first.pace.value == "relaxed"
    assert await agent.wait_saved()
    assert agent.memory.all() == []  # 不要坐飞机 was about this trip
    await agent.arun("北京去西安玩3天")
    later = _last_plan(agent).request
    assert "flight" not in later.avoid.transport
    assert later.party.seniors == 0 and later.pace.value == "normal"
    assert not [w for w in later.wishes if w.remembered]


@pytest.mark.parametrize(
    ("said", "key"),
    [("上海出发去黄山玩两天，我从来不坐飞机", "flight"), ("上海出发去黄山玩两天，我不吃辣", "spicy"),
     ("2 days in Huangshan from Shanghai, I never fly", "flight"),
     ("2 days in Huangshan from Shanghai, I'm vegetarian", "vegetarian")],
)  # fmt: skip
async def test_habits_said_with_a_trip_are_remembered_as_wishes(
    make_agent: Callable[..., Agent], said: str, key: str
) -> None:
    agent = make_agent(pipeline=None)
    await agent.arun(said)
    assert await agent.wait_saved()
    assert [m.key for m in agent.memory.all()] == [key]
    await agent.arun("北京去西安玩3天")
    later = _last_plan(agent).request
    remembered = [w for w in later.wishes if w.remembered]
    # Said back as the habit in the later plan's language, never the old trip's words (an
    # English "I'm vegetarian" was quoted in a Chinese plan as 「没有安排I'm vegetarian」).
    label = {"flight": "不坐飞机", "spicy": "不吃辣", "vegetarian": "素食"}[key]
    assert [w.value for w in remembered] == [key] and remembered[0].said == label
    if key == "vegetarian":
        assert [f.cuisine for f in later.food] == ["vegetarian"]
    else:
        assert key in (*later.avoid.transport, *later.avoid.cuisines)


async def test_the_plan_says_which_wish_was_remembered(make_agent: Callable[..., Agent]) -> None:
    """Issue #12: 「我不坐飞机，想吃素」 kept both for later trips and said neither; the habit is
    kept and the report says so, the wish for this trip is not."""
    agent = make_agent(pipeline=None)
    await agent.arun("我不坐飞机，想吃素，从北京去西安玩三天")
    assert await agent.wait_saved()
    assert [m.key for m in agent.memory.all()] == ["flight"]
    plan = _last_plan(agent)
    assert plan.feasibility is not None
    kept = {w.kind: w.habit for w in plan.feasibility.wishes}
    assert kept["avoid_transport"] and not kept["food"]
    fly = next(line for line in plan.guide.splitlines() if "不坐飞机" in line)
    veg = next(line for line in plan.guide.splitlines() if "想吃素" in line)
    assert "已记住" in fly and "已记住" not in veg, (fly, veg)


async def test_a_habit_said_in_a_follow_up_is_said_remembered(
    make_agent: Callable[..., Agent],
) -> None:
    agent = make_agent(pipeline=None)
    await agent.arun("上海出发去黄山玩两天")
    await agent.arun("我从来不吃辣")
    assert await agent.wait_saved()
    assert [m.key for m in agent.memory.all()] == ["spicy"]
    plan = _last_plan(agent)
    assert plan.feasibility is not None
    assert [w.habit for w in plan.feasibility.wishes if w.kind == "avoid_food"] == [True]


@pytest.mark.parametrize(
    ("said", "habits"),
    [("我不吃辣", ["spicy"]), ("我从来不坐飞机", ["flight"]), ("I never fly", ["flight"]),
     ("I'm vegetarian", ["vegetarian"]), ("I don't eat spicy food", ["spicy"]), ("海鲜过敏", ["seafood"]),
     ("不要坐飞机", []), ("这次不坐飞机", []), ("我不想坐飞机", []), ("no flights please", []),
     ("I don't want to fly", []), ("we'd rather not fly", []), ("这次我不吃辣", []),
     ("不吃辣", []),
     # Clause by clause (issue #12: 「我不坐飞机，想吃素」 remembered both): a wish word or 这次 makes
     # a clause this trip's; a clause that says neither goes on with the one before it.
     ("我不坐飞机，想吃素，从北京去西安玩三天", ["flight"]),
     ("我不坐飞机，吃素，从北京去西安玩三天", ["vegetarian", "flight"]),
     ("我从来不坐飞机，这次想吃素", ["flight"]), ("这次不想坐飞机，吃素", []),
     ("这次不想坐飞机，我平时吃素", ["vegetarian"]), ("去杭州三天，我吃素", ["vegetarian"]),
     ("I never fly. This time I'd like vegetarian food.", ["flight"]),
     ("vegetarian food please, 3 days in Hangzhou", []), ("We are vegetarians", []),
     ("以后都不坐飞机了，这次从广州去桂林3天", ["flight"]), ("我们家不吃辣，想吃火锅", []),
     ("I'm allergic to seafood, 4 days in Xiamen", ["seafood"]), ("We don't eat pork.", []),
     ("这次我们不吃海鲜了", []), ("我们全家都吃素", []),
     ("Usually I don't eat spicy food but this time I want hotpot", ["spicy"]),
     ("平时不吃辣，但是这次想吃火锅", ["spicy"]),
     ("我不吃素了", []), ("I'm not vegetarian any more", []), ("我不是素食主义者", []),
     # Said of someone else (issue 12: 「宝宝不能吃辣」 was kept as the speaker's habit): this trip's.
     ("带3岁宝宝去杭州玩3天，宝宝不能吃辣", []), ("宝宝不能吃辣，也不能吃海鲜", []),
     ("爸妈从来不吃辣", []), ("我女儿不吃辣", []), ("My wife never eats spicy food", []),
     ("带着爸妈去成都，我从来不吃辣", ["spicy"]), ("my wife and I are vegetarian", ["vegetarian"]),
     ("老人不能吃辣。我从来不坐飞机", ["flight"]), ("带孩子去杭州，我吃素", ["vegetarian"]),
     # Said of the party as a whole (issue 12: "we are vegetarian" made later trips, with other
     # people, vegetarian): those who travel this time, not my habit.
     ("3 days in Hangzhou, we are vegetarian", []), ("我们都不坐飞机", [])],
)  # fmt: skip
def test_habits_are_told_from_wishes_for_one_trip(said: str, habits: list[str]) -> None:
    assert [p.key for p in extract_preferences(said) if p.habit] == habits


ALL_FOOD = [("avoid_cuisine", k) for k in ("spicy", "seafood", "pork", "beef", "lamb")] + [
    ("diet", "vegetarian"),
    ("diet", "halal"),
]


@pytest.mark.parametrize(
    ("said", "lifted"),
    [
        ("深圳去成都玩1天，可以坐飞机", {("avoid_transport", "flight")}),
        ("飞机也行", {("avoid_transport", "flight")}),
        ("Flying is fine, 2 days in Chengdu", {("avoid_transport", "flight")}),
        ("we can fly", {("avoid_transport", "flight")}),
        ("可以坐火车和飞机", {("avoid_transport", "train"), ("avoid_transport", "flight")}),
        ("其实我能吃辣", {("avoid_cuisine", "spicy")}),
        ("不能坐飞机", set()),
        ("不可以吃辣", set()),
        ("飞机几点起飞？", set()),
        # taking a diet back is not saying it again (「我不吃素了」 was remembered as 素食)
        ("我不吃素了", {("diet", "vegetarian")}),
        ("I'm not vegetarian any more", {("diet", "vegetarian")}),
        ("能吃肉", {("diet", "vegetarian")}),
        ("我吃素", set()),
        ("我现在吃肉了", {("diet", "vegetarian")}),
        ("I eat meat now", {("diet", "vegetarian")}),
        ("not vegetarian anymore", {("diet", "vegetarian")}),
        ("我不吃肉了", set()),
        ("I can eat spicy food now", {("avoid_cuisine", "spicy")}),
        ("I can't eat spicy food", set()),
        ("现在能吃辣了", {("avoid_cuisine", "spicy")}),
        # the plan's own hint says 'say "seafood is fine" to drop it' (a tester's was kept)
        ("seafood is fine", {("avoid_cuisine", "seafood")}),
        ("we can eat seafood now", {("avoid_cuisine", "seafood")}),
        ("I can't eat seafood", set()),
        # every food limit at once, less those the same words still say
        ("不忌口了", {*ALL_FOOD}),
        ("I eat anything now", {*ALL_FOOD}),
        ("我什么都吃，就是不吃辣", {*ALL_FOOD} - {("avoid_cuisine", "spicy")}),
    ],
)
def test_lifted_preferences(said: str, lifted: set[tuple[str, str]]) -> None:
    from engine.understanding.habits import lifted_preferences

    assert lifted_preferences(said) == lifted


async def test_a_preference_taken_back_is_forgotten_and_lifted_from_the_plan(
    make_agent: Callable[..., Agent], fake: FakePipeline
) -> None:
    agent = make_agent()
    await agent.arun("我不想坐飞机")
    assert await agent.wait_saved()
    await agent.arun(SEED)
    assert "flight" in fake.calls[-1].avoid.transport
    reply = await agent.arun("可以坐飞机")  # on the current plan: a new version that may fly
    assert "flight" not in fake.calls[-1].avoid.transport and "可以坐飞机" in reply
    assert await agent.wait_saved()
    assert all(m.key != "flight" for m in agent.memory.all())  # forgotten for later trips
    await agent.aclose()
    restarted = make_agent()
    await restarted.arun(SEED)
    assert "flight" not in fake.calls[-1].avoid.transport


async def test_this_trips_wish_wins_over_a_remembered_habit_and_says_so(
    make_agent: Callable[..., Agent],
) -> None:
    agent = make_agent(pipeline=None)
    await agent.arun("我不吃辣")
    assert await agent.wait_saved()
    await agent.arun("去重庆三天想吃火锅")
    plan = _last_plan(agent)
    answers = {w.kind: w for w in plan.feasibility.wishes}
    assert answers["food"].status == "honoured"  # hotpot planned, not refused for 「我不吃辣」
    avoid = answers["avoid_food"]
    assert avoid.remembered and avoid.status == "partly"
    assert "你之前说" in avoid.message and "想吃火锅" in avoid.message
    assert avoid.reason is not None and "鸳鸯锅" in avoid.reason


@pytest.mark.parametrize(
    ("lifted", "lang", "said"),
    [
        (("diet", "vegetarian"), "zh", "可以吃肉"),
        (("diet", "vegetarian"), "en", "meat is fine"),
        (("avoid_cuisine", "pork"), "zh", "猪肉"),
    ],
)
def test_what_was_taken_back_is_said(lifted: tuple[str, str], lang: str, said: str) -> None:
    """「好的，已记下：。」 answered 「不吃素了」: the reply named nothing taken back."""
    from engine.agent.texts import forgotten

    assert said in forgotten([lifted], lang)


@pytest.mark.parametrize(
    "said", ["第三天换个住处，住回民街附近", "西安三天，想去回民街吃小吃", "逛逛回坊和回民小吃街"]
)
def test_a_street_named_for_muslims_is_no_halal_diet(said: str) -> None:
    """回民街 is 西安's Muslim Quarter, a place: a fresh user's 「住回民街附近」 made every meal
    「清真：点清真菜」."""
    assert ("diet", "halal") not in {(p.kind, p.key) for p in extract_preferences(said)}
    assert ("diet", "halal") in {(p.kind, p.key) for p in extract_preferences("我是回民，只吃清真")}
