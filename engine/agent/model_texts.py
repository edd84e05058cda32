"""What the model policy says about the model's work, in the person's language (zh or en)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.agent.texts import join, pick

FIELD_LABELS = {
    "departure": ("出发地", "departure"),
    "destinations": ("目的地", "destination"),
    "days": ("天数", "number of days"),
    "start_date": ("出发日期", "start date"),
    "party": ("人数", "party"),
    "budget": ("预算", "budget"),
    "pace": ("节奏", "pace"),
    "interests": ("兴趣", "interests"),
    "avoid": ("想避开的", "things to avoid"),
    "must_see": ("必去景点", "must-see places"),
}

GUIDE_PROBLEMS = {
    "empty": ("是空的", "empty"),
    "copied": ("只是照抄了行程", "only a copy of the plan"),
    "short": ("太短", "too short"),
    "language": ("语言不对", "in the wrong language"),
    "repetitive": ("大段重复", "repeating itself"),
    "off_topic": ("没有提到行程里的地点", "not about the planned places"),
}


def fields(names: Sequence[str], lang: str) -> str:
    return join([pick(lang, *FIELD_LABELS[n]) for n in names], lang)


def asking(model: str, lang: str) -> str:
    return pick(lang, f"请模型（{model}）理解你的需求…", f"Asking the model ({model})…")


def fallback_parser(lang: str) -> str:
    return pick(
        lang,
        "模型的理解不完整，改用离线解析",
        "The model's reading was incomplete; using the offline parser instead",
    )


def service_down(lang: str, stage: str) -> str:
    """After a provider error: what takes over (`stage` is ``understand``, ``edit`` or
    ``guide``)."""
    if stage == "edit":
        return pick(
            lang,
            "模型服务不可用，改用离线规则修改行程",
            "The model service failed; editing the plan with the offline rules",
        )
    if stage == "understand":
        return pick(
            lang,
            "模型服务不可用，改用离线解析",
            "The model service failed; using the offline parser",
        )
    return pick(
        lang, "模型服务不可用，改用离线攻略", "The model service failed; using the offline guide"
    )


def repaired(names: Sequence[str], lang: str) -> str:
    return pick(
        lang, f"已修正模型给出的{fields(names, lang)}", f"Fixed the model's {fields(names, lang)}"
    )


def dropped(names: Sequence[str], lang: str) -> str:
    return pick(
        lang,
        f"模型给出的{fields(names, lang)}无效或不在你的原话里，已忽略",
        f"Ignored the model's {fields(names, lang)} (invalid, or not in your message)",
    )


def filled(names: Sequence[str], lang: str) -> str:
    return pick(
        lang, f"模型补充了{fields(names, lang)}", f"The model filled in the {fields(names, lang)}"
    )


def overruled(names: Sequence[str], lang: str) -> str:
    return pick(
        lang,
        f"模型对{fields(names, lang)}的理解与原话不符，以离线解析为准",
        f"The model misread the {fields(names, lang)}; kept what the offline parser found",
    )


def understood(summary: str, lang: str) -> str:
    return pick(lang, f"需求：{summary}", f"Request: {summary}")


def writing_guide(model: str, lang: str) -> str:
    return pick(lang, f"请模型（{model}）撰写攻略…", f"The model ({model}) is writing the guide…")


def guide_rejected(problem: str, lang: str) -> str:
    zh, en = GUIDE_PROBLEMS[problem]
    return pick(
        lang,
        f"模型写的攻略{zh}，改用离线攻略",
        f"The model's guide was {en}; using the offline guide instead",
    )


def guide_written(lang: str) -> str:
    return pick(
        lang,
        "攻略由模型撰写，后附离线整理的行程与实用信息",
        "The model wrote the guide; the checked schedule and practical facts follow it",
    )


def ungrounded(names: Sequence[str], lang: str) -> tuple[str, str]:
    """(message, what to do) of the ``guide_grounding`` check when places were flagged."""
    shown = join([f"「{n}」" if lang == "zh" else f'"{n}"' for n in names], lang)
    return (
        pick(
            lang,
            f"攻略提到了行程和知识库里都没有的地点：{shown}（未加入行程）",
            f"The guide names places that are neither in the plan nor in the knowledge base: "
            f"{shown} (not added to the plan)",
        ),
        pick(lang, "出行前请自行核实这些地点", "check these places yourself before going"),
    )


def grounded(lang: str) -> str:
    return pick(
        lang,
        "攻略只提到了行程或知识库中的地点",
        "the guide names only places from the plan or the knowledge base",
    )


def offline_note(lang: str) -> str:
    """Appended to the answer when the model service failed during the turn."""
    return pick(
        lang,
        "（模型服务出错，这次的部分步骤使用了离线规则。）",
        " (The model service failed, so part of this answer used the offline rules.)",
    )


def editing(model: str, lang: str) -> str:
    return pick(lang, f"请模型（{model}）按你的话修改行程…",
                f"Asking the model ({model}) to edit the plan…")  # fmt: skip


def edit_weak(lang: str) -> str:
    return pick(lang, "模型没有给出可用的修改", "The model gave no usable edit")


def edit_limit(lang: str, *, stored: bool) -> str:
    """The loop reached the turn's step limit (`stored`: the edits made so far were kept)."""
    if stored:
        return pick(lang, "模型的修改步骤已到上限，已保存到目前为止可行的修改。",
                    " The model reached the step limit; the feasible edits made so far are "
                    "kept.")  # fmt: skip
    return pick(lang, "模型的修改步骤已到上限，行程没有改动。",
                "The model reached the step limit; the plan is unchanged.")  # fmt: skip


def nothing_changed(refusals: Sequence[str], lang: str) -> str:
    """No edit could be made: why (the validator's reasons, the last ones first)."""
    lead = pick(lang, "行程没有改动", "The plan is unchanged")
    if not refusals:
        return lead + pick(lang, "。", ".")
    reasons = list(dict.fromkeys(reversed(refusals)))[:2]
    return (
        lead + pick(lang, "：", ": ") + pick(lang, "；", "; ").join(reasons) + pick(lang, "。", ".")
    )
