"""The offline policy: deterministic rules that drive the same tools a model would, no model.

New request → parse → plan_trip → itinerary → feasibility → guide → summary.
Follow-up on the current itinerary → edit operations (`engine.understanding.edits` →
`engine.editing`, the other days kept) or a whole-trip revision (`engine.understanding.revision`
→ plan_trip) → new version. Edits asked directly (`TurnContext.edit`) take the first path.

A coroutine on the turn's loop: the knowledge base, parsing, the solver and the guide's
rendering run on the engine's pool (`engine.agent.pool`), storage on the database's threads.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.agent import clause_notes, edit_turn, texts
from engine.agent.pool import in_pool, iterate_in_pool
from engine.agent.tools import Pipeline
from engine.agent.turn import TurnContext
from engine.domain.diets import set_aside
from engine.domain.feasibility import FeasibilityReport
from engine.domain.itinerary import ItemKind, Itinerary
from engine.editing.kept_layout import keep_days
from engine.editing.ops import Edit, SwapMeal, edit_to_json
from engine.events import (
    FeasibilityChecked,
    GuideDelta,
    GuideWritten,
    ItineraryReady,
    SuggestedQuestions,
    ThinkingStep,
)
from engine.storage import itineraries
from engine.storage.database import Database
from engine.understanding.day_trip_adds import day_added_for
from engine.understanding.edits import (
    day_number,
    meal_places,
    meal_without_day,
    meals_serving,
    says_new_trip,
)
from engine.understanding.food import find_food
from engine.understanding.food_limits import limit_swaps
from engine.understanding.habits import (
    Preference,
    PreferenceLike,
    extract_preferences,
    lifted_preferences,
)
from engine.understanding.remembered import (
    DURABLE_KINDS,
    apply_preferences,
    asked_now,
    mark_habits,
)
from engine.understanding.revision import (
    Revision,
    parse_revision,
    swapped_destination,
    wants_restore,
)
from engine.understanding.stay_edits import stays_here
from engine.understanding.trip_names import here_in_trip, restated


@dataclass
class Workspace:
    """What the policy may use besides the turn context.

    Attributes:
        pipeline: the tools (parser, planner, guide, knowledge).
        db: the database.
        conversation_id: ``(lang) -> id`` of the conversation (creating its row on first use;
            blocking: call it on the database's writer).
        current: the session's current itinerary, if any.
        remembered: long-term preferences (stored and not yet stored).
        today: the date plans count from (None: the real date).
    """

    pipeline: Pipeline
    db: Database
    conversation_id: Callable[[str], int]
    current: Itinerary | None
    remembered: Sequence[PreferenceLike]
    today: dt.date | None = None


class OfflinePolicy:
    """Rules for one turn; see the module docstring."""

    def __init__(self, workspace: Workspace) -> None:
        self.ws = workspace
        self._kb: Any = None

    @property
    def kb(self) -> Any:
        """The knowledge base (`load_knowledge` has loaded it)."""
        if self._kb is None:
            raise RuntimeError("the knowledge base is not loaded yet")
        return self._kb

    async def load_knowledge(self) -> Any:
        """Load the knowledge base on the pool (once)."""
        if self._kb is None:
            self._kb = await in_pool(self.ws.pipeline.knowledge)
        return self._kb

    async def run(self, ctx: TurnContext, text: str) -> None:
        await self.load_knowledge()
        if ctx.edit is not None:  # edits asked directly (lvtu edit, the timeline)
            await edit_turn.run_order(self, ctx, ctx.edit)
            return
        ctx.lifted = lifted_preferences(text)
        said = [p for p in extract_preferences(text) if (p.kind, p.key) not in ctx.lifted]
        # Said on its own, a preference is for the trips to come: remembered. Said with a trip
        # or a change of the current plan, it is for that trip: only habits are remembered.
        ctx.preferences = said
        remembered = self._remembered(ctx)
        current = self.ws.current
        if current is not None:
            if wants_restore(text):
                await self._restore(ctx, current)
                return
            read = self.ws.pipeline.read_edits
            edits, rest = (
                await in_pool(read, text, current, self.kb, today=self.ws.today)
                if read
                else ((), ())
            )
            clauses = await clause_notes.sort(text, rest, current, self.kb, ctx.lang)
            rest, note = clauses.rest, clauses.note(ctx.lang)  # said with the answer
            if not edits and (meal := meal_without_day(text, current, self.kb)) is not None:
                ctx.say(texts.which_meal_day(meal, meal_places(current, meal), ctx.lang))
                return  # 「换一家吃晚饭」 on a plan of several days: which day's, nothing changed
            if not edits and (limits := find_food(text).limits):
                cuisine, words = limits[0]
                if swaps := limit_swaps(current, self.kb, cuisine):  # the others elsewhere
                    await edit_turn.apply(self, ctx, current.id, swaps, current.version,
                                          answer_refusal=True)  # fmt: skip
                    return
                _food_limit(ctx, current, self.kb, cuisine, words.removeprefix("吃"))
                return  # 「只吃一次烤鸭就够了」: at most one meal of it, no wish for it
            mixed = any([await in_pool(parse_revision, clause, current.request, self.kb,
                                       ctx.lang, said) for clause in rest])  # fmt: skip
            if edits and not await self._names_another_trip(text, current):
                ctx.preferences = _habits(said)  # 「加上宏村」: the plan edited in place
                if mixed:  # 「把广州塔挪到第一天晚上，第二天晚上想吃夜宵」: both, the trip first,
                    # stored as one version (one follow-up, one change to undo)
                    revision = await in_pool(parse_revision, "，".join(rest), current.request,
                                             self.kb, ctx.lang, said)  # fmt: skip
                    if revision is not None:
                        await self._revise(ctx, current, revision, edits=edits)
                    else:
                        await edit_turn.apply(self, ctx, current.id, edits, current.version,
                                              answer_refusal=True)  # fmt: skip
                    _also(ctx, note)
                    return
                await edit_turn.apply(
                    self, ctx, current.id, edits, current.version, answer_refusal=True
                )
                _also(ctx, note)
                return
            allowed = _allowing(current, ctx.lifted, ctx.lang)
            if allowed is not None and not await self._names_another_trip(text, current):
                await self._revise(ctx, current, allowed)
                return
            asked = "，".join(rest) if clauses.answers else text  # the answered ones not read
            revision = (
                await in_pool(parse_revision, asked, current.request, self.kb, ctx.lang, said)
                if asked
                else None
            )
            if revision is not None and not await self._names_another_trip(text, current):
                ctx.preferences = _habits(said)
                await self._revise(ctx, current, revision)
                _also(ctx, note)
                return
            if clauses.answers and not await self._names_another_trip(text, current):
                _answered(ctx, current, text, note, refused=clauses.refused or bool(clauses.unread))
                return
        if ctx.request is not None:  # a structured request (a form): nothing to understand
            ctx.lang = ctx.request.lang
            ctx.preferences = _habits(said)
            await self._plan_with(ctx, ctx.request, remembered, said, _party_said(ctx.request))
            return
        ctx.step("understand")
        result = await self.understand(ctx, text)
        ctx.check()
        if (
            result.request is not None
            and current is not None
            and not self._new_trip(text, current, result.request)
        ):  # a follow-up starts no new trip unless it names another place or says so
            if (here := here_in_trip(result, current, self.kb, ctx.lang)) is not None:
                if _asks(text):  # "does Panxi Restaurant use peanuts?": what is known of it
                    ctx.say(here.rstrip())
                else:  # 「第三天晚上想去解放西酒吧街」 on a 长沙 plan: 长沙's street, not 焦作's
                    _cannot(ctx, current, text, lead=here)
                return
            elsewhere = self._elsewhere(result.request, current, ctx.lang)
            if elsewhere:
                ctx.say(elsewhere)
            else:
                _cannot(ctx, current, text)
            return
        if result.request is not None and current is not None:
            result = restated(result, current.request)  # its dates and party, unless said anew
        if result.request is not None:
            ctx.lang = result.request.lang
            ctx.preferences = _habits(said)
            stated = _party_said(result.request) or "party" not in getattr(
                result, "defaulted", {"party"}
            )
            notes = _place_notes(result, ctx.lang)
            for note in notes:  # 云南7天，按地理顺路走：… / “普陀”按普陀山理解…
                ctx.emit(ThinkingStep("places", note))
            await self._plan_with(ctx, result.request, remembered, said, stated, notes)
        elif said:
            ctx.say(texts.remembered(said, ctx.lang, planned=current is not None))
        elif ctx.lifted:  # 「不忌口了」 takes back every food limit: named are those it had
            had = ctx.lifted & {(p.kind, p.key) for p in self.ws.remembered}
            ctx.say(texts.forgotten(sorted(had or ctx.lifted), ctx.lang))
        elif current is not None:
            _cannot(ctx, current, text)
        else:
            lang = result.lang if result.lang in ("zh", "en") else ctx.lang
            problem = result.problem
            ctx.fail("parse", problem.message(lang) if problem else texts.not_understood(lang))

    async def _plan_with(
        self,
        ctx: TurnContext,
        request: Any,
        remembered: Sequence[PreferenceLike],
        said: Sequence[PreferenceLike],
        party_stated: bool,
        notes: Sequence[str] = (),
    ) -> None:
        """Plan `request` with the remembered preferences that apply to it (each recorded as a
        remembered wish) and those said with it; `notes` say how its places were read."""
        applying = _for_trip(remembered, party_stated=party_stated)
        merged = apply_preferences(request, applying, remembered=True)
        merged = apply_preferences(merged, said, remembered=False)
        merged = mark_habits(merged, ctx.preferences)  # what is kept for later trips, said so
        applied = _applied(request, merged, [*applying, *said])
        await self._plan_new(ctx, merged, applied, notes)

    def _remembered(self, ctx: TurnContext) -> list[PreferenceLike]:
        """Long-term preferences less those this turn takes back (not stored yet)."""
        return [p for p in self.ws.remembered if (p.kind, p.key) not in ctx.lifted]

    async def understand(self, ctx: TurnContext, text: str) -> Any:
        """The request `text` asks for, as a ParseResult (`engine.agent.tools.ParseResultLike`).
        The model policy overrides this."""
        parse, today = self.ws.pipeline.parse, self.ws.today
        return await in_pool(parse, text, self.kb, today=today, options=ctx.options)

    async def _plan(
        self, ctx: TurnContext, request: Any, arguments: dict[str, Any]
    ) -> tuple[str, Itinerary]:
        call = ctx.call_tool("plan_trip", arguments)
        plan = self.ws.pipeline.plan
        itinerary = await in_pool(plan, request, self.kb, stop=ctx.stop, today=self.ws.today)
        ctx.check()  # a plan cut short by cancellation is not kept
        return call, itinerary

    async def _plan_new(
        self,
        ctx: TurnContext,
        request: Any,
        applied: Sequence[PreferenceLike],
        notes: Sequence[str] = (),
    ) -> None:
        if applied:  # said on its own line too: a remembered "不坐飞机" changes the legs
            message = texts.applied_preferences(applied, ctx.lang)
            ctx.emit(ThinkingStep("preferences", message))
        ctx.step("plan")
        arguments = {"request": request.model_dump(mode="json")}
        call, itinerary = await self._plan(ctx, request, arguments)
        itinerary_id = await self.ws.db.write(self._save_new, itinerary, ctx.lang, ctx.job_id)
        itinerary = itinerary.model_copy(update={"id": itinerary_id, "version": 1})
        await self.show(ctx, call, itinerary)
        itinerary = await self.write_guide(ctx, itinerary)
        lead = "".join(f"{note}\n" for note in notes)  # the route taken and why, said first
        ctx.say(lead + texts.plan_summary(itinerary, ctx.lang, applied))

    def _save_new(self, engine: Any, itinerary: Itinerary, lang: str, job_id: str | None) -> int:
        """Store a new plan in the turn's conversation (its row made now, if new), linked to
        the turn's job if any (a job run again after a crash takes its row again); on the
        database's writer."""
        conversation_id = self.ws.conversation_id(lang)
        return itineraries.save_new(
            engine, itinerary, conversation_id=conversation_id, job_id=job_id
        )

    def _new_trip(self, text: str, current: Itinerary, request: Any) -> bool:
        """Whether a follow-up that reads as a whole request asks for a new trip: it names
        other destinations, names the destination itself (「去黄山玩三天」), or says so — but
        not when it speaks of a day of this trip (「第二天下午顺便去青岛栈桥」)."""
        if says_new_trip(text):
            return True
        if _names_a_day(text, current):
            return False
        if _asks(text) and not _outside(request.destinations, current):
            return False  # 「四姑娘山现在冷吗？」: a question about this trip, never a new one
        if _outside(request.destinations, current):  # names the other city, or a whole trip:
            # a sight of another city alone (「换成海底世界或者极地海洋公园吧」 on a 青岛 trip,
            # 海洋公园 in 香港) is no new trip — where it is is said (`_elsewhere`)
            other = [self.kb.destinations.get(d) for d in request.destinations
                     if d not in current.request.destinations]  # fmt: skip
            rest = _without_places(text, other)
            return _TRIP_LENGTH.search(text) is not None or any(
                n and n.lower() in rest
                for d in other if d is not None for n in (d.name_zh, d.name_en, *d.aliases)
            )  # fmt: skip
        names = [n for d in request.destinations if (dest := self.kb.destinations.get(d))
                 for n in (dest.name_zh, dest.name_en)]  # fmt: skip
        said = _without_places(text, [self.kb.destinations.get(d) for d in request.destinations])
        return any(n and _names_city(said, n.lower()) for n in names)

    def _elsewhere(self, request: Any, current: Itinerary, lang: str) -> str:
        """What to say when a change to this trip names a place of another destination: where
        it is, and how to plan it instead ("" when it names none)."""
        other = [d for d in request.destinations if d not in current.request.destinations]
        if not other or (dest := self.kb.destinations.get(other[0])) is None:
            return ""
        here = [
            d.name(lang) for d in map(self.kb.destinations.get, current.request.destinations) if d
        ]
        if lang == "zh":
            return (
                f"你说的地方在{dest.name_zh}，不在这次行程（{'、'.join(here)}）的范围里；"
                f"我还不能把别的城市的地方加进某一天，行程没有改动。"
                f"要去{dest.name_zh}，可以说「新行程：去{dest.name_zh}玩两天」。"
            )
        return (
            f"That place is in {dest.name_en}, outside this trip ({', '.join(here)}); I cannot "
            f"add a place of another city to one of its days yet, so the plan is unchanged. To "
            f'go there, say "new trip: 2 days in {dest.name_en}".'
        )

    async def _names_another_trip(self, text: str, current: Itinerary) -> bool:
        """Whether `text` is a new trip request (it names other destinations than the current
        plan's), e.g. "5 days in Chengdu and Chongqing" after a 黄山 plan: then it is planned
        afresh rather than taken as a change ("packed") to the current plan."""
        if not says_new_trip(text) and (
            _names_a_day(text, current)
            or _names_a_stop(text, current)
            or swapped_destination(text, current.request, self.kb)  # "replace Leshan with …"
            or day_added_for(text, current.request.destinations, self.kb)  # 「加一天去乐山」
            or stays_here(text, current, self.kb)  # 「在山顶住一晚」: this trip's summit
        ):
            return False
        result = await in_pool(self.ws.pipeline.parse, text, self.kb, today=self.ws.today)
        if result.request is None:
            return False
        return _outside(result.request.destinations, current)

    async def finish_guide(self, ctx: TurnContext, itinerary_id: int) -> None:
        """Write the guide of a stored itinerary (a job resumed after its itinerary checkpoint)."""
        await self.load_knowledge()
        itinerary = await self.ws.db.read(itineraries.load, itinerary_id)
        ctx.lang = itinerary.lang
        ctx.itinerary = itinerary
        itinerary = await self.write_guide(ctx, itinerary)
        ctx.say(texts.plan_summary(itinerary, ctx.lang, []))

    async def _revise(
        self,
        ctx: TurnContext,
        current: Itinerary,
        revision: Revision,
        *,
        edits: Sequence[Edit] = (),
    ) -> None:
        """Plan `current`'s trip again as `revision` asks and store it as a new version; `edits`
        asked in the same words (「第二天轻松一点，以后都不想早起」) are made on the new plan and
        stored with it, one version (`edit_turn.with_revision`) — or on `current` when the
        revision changes nothing."""
        if not revision.changes:
            ctx.say(texts.join(revision.problems, ctx.lang) + ("。" if ctx.lang == "zh" else ". "))
            if edits:  # what could be read is made
                await edit_turn.apply(self, ctx, current.id, edits, current.version,
                                      answer_refusal=True)  # fmt: skip
                return
            ctx.say(texts.capabilities(ctx.lang, understood=bool(revision.problems),
                                       days=len(current.days)))  # fmt: skip
            return
        ctx.step("revise")
        # A follow-up keeps what it does not talk about: habits remembered since this plan was
        # made (「我从来不坐飞机」 said for another trip) do not change its legs or meals now;
        # one said in this follow-up (「我从来不吃辣」) is in the revision, marked as kept.
        request = mark_habits(revision.request, ctx.preferences)
        arguments = {"request": request.model_dump(mode="json"), "changes": list(revision.changes)}
        call, itinerary = await self._plan(ctx, request, arguments)
        if itinerary.days == current.days and _pace_only(current.request, request):
            # Nothing to show for it: say so (and why, when a whole day belongs to one place)
            # instead of storing a copy as a "lighter" version.
            ctx.tool_result(call, {"unchanged": True})
            if edits:  # the edits asked with it are the change
                await edit_turn.apply(self, ctx, current.id, edits, current.version,
                                      answer_refusal=True)  # fmt: skip
                return
            ctx.say(texts.unchanged(revision.changes, _full_days(current), ctx.lang))
            return
        budget = request.budget_cny
        lowered = budget is not None and budget < (
            current.request.budget_cny or current.total_cost_cny
        )
        if (
            lowered
            and budget is not None
            and len(revision.changes) == 1
            and itinerary.total_cost_cny > budget
            and (itinerary.total_cost_cny >= current.total_cost_cny)
        ):  # 「预算降到15000」 and nothing came out cheaper: say so and what costs what
            ctx.tool_result(call, {"unchanged": True, "total_cost_cny": current.total_cost_cny})
            ctx.say(texts.budget_unmet(current, budget, ctx.lang))
            return
        itinerary = itinerary.model_copy(update={"id": current.id})
        note = texts.join(revision.changes, ctx.lang)
        if edits:
            ctx.tool_result(call, {"itinerary_id": current.id, "planned": True,
                                   "edits_follow": len(edits)})  # fmt: skip
            await edit_turn.with_revision(self, ctx, current, itinerary, note, edits)
            return
        kept: list[tuple[str, str]] = []
        if self.ws.pipeline.edit is not None:  # the days as the traveller left them (an
            # earlier 「把第三天和第四天换一下」), else what moved, said
            itinerary, kept = await in_pool(keep_days, current, itinerary, self.kb)
        version = await self.ws.db.write(itineraries.add_version, itinerary, change_note=note)
        itinerary = itinerary.model_copy(update={"version": version})
        await self.show(ctx, call, itinerary)
        itinerary = await self.write_guide(ctx, itinerary)
        summary = texts.revision_summary(current, itinerary, revision.changes, ctx.lang)
        if lowered and budget is not None and itinerary.total_cost_cny > budget:
            summary += texts.over_budget(itinerary, budget, ctx.lang)
        if revision.problems:
            summary += texts.join(revision.problems, ctx.lang) + ("。" if ctx.lang == "zh" else ".")
        if kept:  # the days as they were: said, and any earlier change that no longer fits
            end = "。" if ctx.lang == "zh" else ". "
            said = [texts.pick(ctx.lang, zh, en) for zh, en in kept]
            summary += ("" if ctx.lang == "zh" else " ") + "".join(
                s[:1].upper() + s[1:] + end for s in said
            ).rstrip()
        ctx.say(summary)

    async def _restore(self, ctx: TurnContext, current: Itinerary) -> None:
        if current.version <= 1:
            ctx.say(texts.nothing_to_restore(ctx.lang))
            return
        ctx.step("restore")
        previous = current.version - 1
        call = ctx.call_tool("restore_version", {"itinerary_id": current.id, "version": previous})
        number = await self.ws.db.write(itineraries.restore_version, current.id, previous)
        itinerary = await self.ws.db.read(itineraries.load, current.id)
        await self.show(ctx, call, itinerary)
        ctx.emit(GuideWritten(itinerary.id))
        ctx.emit(SuggestedQuestions(tuple(itinerary.suggested_questions)))
        ctx.say(texts.restored(previous, number, ctx.lang))

    async def show(self, ctx: TurnContext, call: str, itinerary: Itinerary) -> None:
        """Pair the tool call with its result, then send the full snapshot and the report."""
        ctx.itinerary = itinerary
        report = itinerary.feasibility
        ctx.tool_result(
            call,
            {
                "itinerary_id": itinerary.id,
                "version": itinerary.version,
                "title": itinerary.title,
                "days": len(itinerary.days),
                "total_cost_cny": itinerary.total_cost_cny,
                "feasible": report.passed if report else None,
            },
        )
        await ctx.checkpoint(ctx)  # the itinerary is stored: store the messages so far with it
        ctx.emit(ItineraryReady(itinerary.id, itinerary.version, itinerary))
        if report is not None:
            ctx.emit(FeasibilityChecked(report))

    async def write_guide(self, ctx: TurnContext, itinerary: Itinerary) -> Itinerary:
        """Stream the guide (cancellation checked between chunks), store it, announce it."""
        ctx.step("guide")
        chunks = self.ws.pipeline.iter_guide(itinerary, self.kb)
        return await self.store_guide(ctx, itinerary, chunks)

    async def store_guide(
        self,
        ctx: TurnContext,
        itinerary: Itinerary,
        chunks: Iterable[str],
        *,
        before: str = "",
        feasibility: FeasibilityReport | None = None,
    ) -> Itinerary:
        """Stream `chunks` as ``guide_delta`` events after the already streamed `before`, then
        store the guide (and `feasibility`, when given: its event is sent again) and announce it.
        Each chunk is rendered on the pool.
        """
        parts = [before]
        async for chunk in iterate_in_pool(chunks):
            ctx.check()
            parts.append(chunk)
            ctx.emit(GuideDelta(chunk))
        ctx.check()
        questions = tuple(await in_pool(self.ws.pipeline.questions, itinerary, self.kb))
        update: dict[str, Any] = {"guide": "".join(parts), "suggested_questions": questions}
        if feasibility is not None:
            update["feasibility"] = feasibility
        itinerary = itinerary.model_copy(update=update)
        await self.ws.db.write(itineraries.update_current, itinerary)
        ctx.itinerary = itinerary
        if feasibility is not None:
            ctx.emit(FeasibilityChecked(feasibility))
        ctx.emit(GuideWritten(itinerary.id))
        ctx.emit(SuggestedQuestions(questions))
        return itinerary


def _for_trip(remembered: Sequence[PreferenceLike], *, party_stated: bool) -> list[PreferenceLike]:
    """The remembered preferences that apply to a new trip: the durable ones ("我不吃辣",
    "不想坐飞机") always; who travels and how fast ("带着老人", "轻松点") only when this request
    does not say who travels — an explicit party ("就我一个人", ``--people 1``) always wins."""
    return [p for p in remembered if p.kind in DURABLE_KINDS or not party_stated]


def _habits(said: Sequence[Preference]) -> list[Preference]:
    """The preferences said as habits (「我不吃辣」, "I never fly"): the only ones a trip's
    request or a change of plan leaves in long-term memory."""
    return [p for p in said if p.habit]


def _party_said(request: Any) -> bool:
    """Whether the request itself says who travels (a `party` wish it was not reminded of)."""
    return any(w.kind == "party" and not w.remembered for w in getattr(request, "wishes", ()))


def _pace_only(before: Any, after: Any) -> bool:
    """Whether two requests differ in pace alone (so the same days mean nothing changed)."""
    calm = {"pace": before.pace, "day_pace": {}}
    return bool(before.model_copy(update=calm) == after.model_copy(update=calm))


def _full_days(itinerary: Itinerary) -> list[tuple[int, str]]:
    """(day, place) for days given to one long place with lunch inside (e.g. 黄山风景区)."""
    return [
        (day.index, item.name)
        for day in itinerary.days
        for item in day.items
        if item.kind.value == "attraction" and item.meal == "lunch"
    ]


def _allowing(current: Itinerary, lifted: set[tuple[str, str]], lang: str) -> Revision | None:
    """The revision that lets the current plan use what `lifted` allows again (e.g. flights),
    or None when the plan did not avoid any of it."""
    avoid = current.request.avoid
    transport = tuple(m for m in avoid.transport if ("avoid_transport", m) not in lifted)
    cuisines = tuple(c for c in avoid.cuisines if ("avoid_cuisine", c) not in lifted)
    if (transport, cuisines) == (avoid.transport, avoid.cuisines):
        return None
    wishes = tuple(
        w
        for w in current.request.wishes
        if not (w.kind == "avoid_transport" and w.value not in transport)
        and not (w.kind == "avoid_food" and w.value not in cuisines)
    )
    new = current.request.model_copy(
        update={
            "avoid": avoid.model_copy(update={"transport": transport, "cuisines": cuisines}),
            "wishes": wishes,
        }
    )
    freed = [(kind, key) for kind, key in sorted(lifted)
             if key in (avoid.transport if kind == "avoid_transport" else avoid.cuisines)]  # fmt: skip
    return Revision(new, tuple(texts.allowed(p, lang) for p in freed))


def _applied(
    before: Any, after: Any, preferences: Sequence[PreferenceLike]
) -> list[PreferenceLike]:
    """The preferences that changed the request (for the summary), once each."""
    if before == after:
        return []
    seen: dict[tuple[str, str], PreferenceLike] = {}
    for pref in preferences:
        if (pref.kind == "diet" and set_aside(before, pref.key)) or asked_now(before, pref):
            continue  # not applied this trip (想吃火锅, 团建, 飞回去): the report's line says why
        if apply_preferences(before, [pref]) != before:
            seen.setdefault((pref.kind, pref.key), pref)
    return list(seen.values())


async def rewrite_guide(ctx: TurnContext, workspace: Workspace, itinerary_id: int) -> str:
    """Write the guide of a stored itinerary again (a background sub-agent's job); returns it.

    Raises:
        engine.storage.itineraries.NotFoundError: no such itinerary.
        engine.cancellation.CancelledError: cancelled between chunks.
    """
    itinerary = await workspace.db.read(itineraries.load, itinerary_id)
    ctx.lang = itinerary.lang
    policy = OfflinePolicy(workspace)
    await policy.load_knowledge()
    return (await policy.write_guide(ctx, itinerary)).guide


def _place_notes(result: Any, lang: str) -> list[str]:
    """How the request's places were read (`ParseResult.notes`), when the parser says."""
    notes = getattr(result, "notes", None)
    return list(notes(lang)) if callable(notes) else []


#: A trip's length said (「去鼓浪屿玩两天」, "3 days in …"): a whole trip asked, wherever it is.
_TRIP_LENGTH = re.compile(
    r"(?:\d+|[一二两三四五六七八九十]+)\s*(?:天|日游|晚)|\b\d+\s*(?:days?|nights?)\b|一周|\ba week\b",
    re.I,
)


def _names_a_stop(text: str, current: Itinerary) -> bool:
    """Whether `text` names a place of the plan by its full name (「不想在钱江新城来福士·万象城餐饮
    吃晚饭」: a change to this trip, though 来福士 is also a 重庆 place)."""
    return any(len(i.name) >= 3 and i.poi_id and i.name in text
               for d in current.days for i in d.items)  # fmt: skip


def _without_places(text: str, destinations: Sequence[Any]) -> str:
    """`text` lower-cased, less the names of the places of `destinations` (attractions,
    restaurants, lodging areas; Chinese, English and aliases), longest first: 「晚饭就在丽江古城吃」
    names 丽江古城, a place of the 丽江 trip, not 丽江 as a new trip."""
    said = text.lower()
    names = {n.lower() for dest in destinations if dest is not None
             for place in (*dest.attractions, *dest.restaurants, *dest.lodging)
             for n in (place.name_zh, place.name_en, *place.aliases)
             if len(n) >= 3}  # fmt: skip
    for name in sorted(names, key=len, reverse=True):
        said = said.replace(name, " ")
    return said


#: After a city's name, what makes it part of a longer name (「丽江千古情」: a show of 丽江, no
#: new trip): any Chinese character but a verb, particle or word of a trip.
_NAME_GOES_ON = re.compile(r"[\u4e00-\u9fff](?<![玩游逛待呆住旅行走看去的吧呢了呀啊吗市站])")


def _names_city(said: str, name: str) -> bool:
    """Whether `said` names the city `name` on its own somewhere, not only as the start of a
    longer name (「想看丽江千古情」 speaks of a show, 「去丽江玩」 of the city)."""
    at = said.find(name)
    while at >= 0:
        if not _NAME_GOES_ON.match(said, at + len(name)):
            return True
        at = said.find(name, at + 1)
    return False


def _outside(destinations: Sequence[str], current: Itinerary) -> bool:
    """Whether `destinations` (what a follow-up names) reach beyond the current trip's: 「加上漓江
    游船」 after a 桂林 + 阳朔 plan names 桂林 only, a place of this trip, not a new trip."""
    return not set(destinations) <= set(current.request.destinations)


def _names_a_day(text: str, current: Itinerary) -> bool:
    """Whether a follow-up speaks of a day of `current` (「第二天下午顺便去青岛栈桥」): a change
    to this trip, whatever place it names."""
    return day_number(text, len(current.days)) is not None


def _also(ctx: TurnContext, note: str) -> None:
    """Say `note` (the clauses of the follow-up no change read, answered) after the answer."""
    if note:
        ctx.say(("" if ctx.lang == "zh" else " ") + note)


def _answered(ctx: TurnContext, current: Itinerary, text: str, note: str, *, refused: bool) -> None:
    """Answer a follow-up whose every clause read has an answer of its own and no change: with
    a change that cannot be made among them (`refused`: 「把第五天去掉」 on a 3-day plan), an
    ``edit_itinerary`` refused as ``not_possible`` (``lvtu revise`` exits 2), `note` said; a
    question answered (「故宫几点开门？」, 「外滩几点亮灯」) or a wish the plan already meets
    (「第三天晚饭就在南锣鼓巷吃」 where it is) is no refusal."""
    if refused and not _asks(text):
        call = ctx.call_tool("edit_itinerary", {"itinerary_id": current.id, "text": text,
                                                "edits": []})  # fmt: skip
        ctx.tool_result(call, {"refused": "not_possible", "alternative": None, "reason": note})
    ctx.say(note)


def _cannot(ctx: TurnContext, current: Itinerary, text: str, lead: str = "") -> None:
    """Answer a follow-up read as no change this policy can make with what it can change. Asked
    as a change (not a question), it is an ``edit_itinerary`` refused as ``not_understood``, so
    hosts can tell (``lvtu revise`` exits 2); a question answered is no refusal. `lead` is said
    first (where a place it named is in this trip)."""
    if not _asks(text):
        call = ctx.call_tool("edit_itinerary", {"itinerary_id": current.id, "text": text,
                                                "edits": []})  # fmt: skip
        ctx.tool_result(call, {"refused": "not_understood", "alternative": None,
                               "reason": texts.change_not_understood(ctx.lang)})  # fmt: skip
    sight = next((i.name for d in reversed(current.days) for i in d.items
                  if i.kind == ItemKind.ATTRACTION), None)  # fmt: skip
    # a question with no answer is said so (「四姑娘山有wifi吗」); a change asked as a question
    # (「能帮我换个便宜点的酒店吗」) is answered with what can be changed
    unanswered = _asks(text) and not _asks_what(text) and not _CHANGE_ASKED.search(text)
    ctx.say(
        lead
        + (texts.no_answer(ctx.lang) if unanswered else "")
        + texts.capabilities(
            ctx.lang, understood=_asks_what(text) or unanswered, stop=sight, days=len(current.days)
        )
    )


#: Words that ask for a change, also when said as a question.
_CHANGE_ASKED = re.compile(
    r"挪|换|去掉|删|加|改|调|安排|住|想去|不去|别去|取消|提前|推迟|"
    r"\b(?:move|add|remove|change|swap|replace|skip|drop|cancel|switch)\b",
    re.I,
)


def _asks_what(text: str) -> bool:
    """Whether `text` asks what can be changed (「你能改什么？」, 「可以怎么调整」, "what can you
    change?", "help"): answered with the list, not with "I can't do that"."""
    return bool(re.search(
        r"(?:你|您)?(?:能|可以|会)(?:帮我)?(?:改|调整|修改|改动|做|干)(?:些|哪些|什么|啥)|"
        r"(?:能|可以)怎么(?:改|调整|修改)|(?:改|调整|修改)哪些|有什么(?:可以|能)(?:改|调整)|帮助|"
        r"\bwhat (?:can|could) (?:you|i) (?:change|do|edit|adjust)\b|\bwhat (?:changes|edits) "
        r"can\b|\bhow (?:can|do) i (?:change|edit|adjust)\b|^\s*help\b", text, re.I))  # fmt: skip


def _asks(text: str) -> bool:
    """Whether `text` is a question (「第二天几点出发？」, "what can you change"), not a change."""
    return bool(re.search(
        r"[?？吗呢]\s*$|什么|怎么样|为什么|多少|能不能改|可以改|^\s*(?:what|how|why|when|where|"
        r"which|who|can you|could you|do you|is|are|does)\b", text, re.I))  # fmt: skip


def _food_limit(ctx: TurnContext, current: Itinerary, kb: Any, cuisine: str, said: str) -> None:
    """「只吃一次烤鸭就够了」: said it is so, or, with several meals of it, which and how to change
    one, refused as ``unsupported`` with that change as the alternative (no wish for it)."""
    meals = meals_serving(current, kb, cuisine)
    if len(meals) > 1:
        day, meal, _name = meals[-1]
        call = ctx.call_tool("edit_itinerary", {"itinerary_id": current.id, "edits": []})
        ctx.tool_result(call, {"refused": "unsupported", "reason": texts.food_limit(said, meals,
                        ctx.lang), "alternative": edit_to_json(SwapMeal(day=day, meal=meal))})  # fmt: skip
    ctx.say(texts.food_limit(said, meals, ctx.lang))
