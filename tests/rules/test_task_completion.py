"""`task_completion`: slot, step (with order) and hybrid completion over the whole dialog."""

from __future__ import annotations

from agenteval.rules import validate_rule_params
from tests.rules.judging import SEED_DIALOG, answer, dialog_of, judging

SLOTS = [
    {"name": "user_name", "description": "用户姓名"},
    {"name": "phone", "description": "联系电话"},
    {"name": "address", "description": "服务地址"},
    {"name": "fault_description", "description": "故障描述"},
    {"name": "appointment_time", "description": "预约时间"},
]
SLOT_PARAMS = {"mode": "slot", "required_slots": SLOTS, "min_completion_rate": 0.6}
UNFILLED = {"filled": False, "turn_index": None, "quote": None}
SEED_ANSWER = answer(
    slots={
        "user_name": {"filled": True, "turn_index": 1, "quote": "我叫张三"},
        "phone": {"filled": True, "turn_index": 2, "quote": "电话是 13800138000"},
        "address": {"filled": True, "turn_index": 3, "quote": "地址是朝阳区建国路 88 号"},
        "fault_description": UNFILLED,
        "appointment_time": UNFILLED,
    },
    rationale="name, phone and address collected; no fault details or time",
)

STEPS = [
    {"name": "record", "description": "倾听并记录投诉内容"},
    {"name": "apologise", "description": "表达歉意和同理心"},
    {"name": "resolve", "description": "给出解决方案或升级路径"},
    {"name": "confirm", "description": "确认用户满意"},
]
COMPLAINT = dialog_of(
    ("快递三天没到！", "非常抱歉给您带来不便。"),
    ("单号 SF123", "已记录您的投诉：单号 SF123 未送达。"),
    ("怎么办", "我们将为您补发，并升级给物流主管。"),
)


def step(done: bool, turn: int | None = None, quote: str | None = None) -> dict:
    return {"done": done, "turn_index": turn, "quote": quote}


# The apology (step 2) came in turn 0, before the record (step 1) in turn 1.
STEPS_ANSWER = answer(steps={
    "record": step(True, 1, "已记录您的投诉"),
    "apologise": step(True, 0, "非常抱歉给您带来不便"),
    "resolve": step(True, 2, "我们将为您补发"),
    "confirm": step(False),
}, rationale="no confirmation")


async def test_the_seed_example_collects_three_of_five_slots() -> None:
    async with judging() as j:
        j.server.script("chat", SEED_ANSWER)
        result = await j.run("task_completion", SLOT_PARAMS, SEED_DIALOG)
        prompt = j.prompt()

    assert (result.passed, result.score, result.error) == (True, 0.6, None)
    detail = result.detail
    assert (detail["mode"], detail["completion_rate"]) == ("slot", 0.6)
    assert detail["slots"][1] == {"name": "phone", "description": "联系电话", "filled": True,
                                  "turn_index": 2, "quote": "电话是 13800138000",
                                  "turn_index_valid": True, "quote_verified": True}
    assert [s["filled"] for s in detail["slots"]] == [True, True, True, False, False]
    assert detail["slots"][4] == {"name": "appointment_time", "description": "预约时间",
                                  "filled": False, "turn_index": None, "quote": None}
    assert detail["steps"] == []
    assert detail["judge"]["prompt_version"] == "task_completion/v1"
    assert detail["judge"]["samples"] == [{"slots": {
        "user_name": True, "phone": True, "address": True, "fault_description": False,
        "appointment_time": False}}]
    # The judge reads the whole dialog and every slot.
    assert "[turn 0] user: 我家空调坏了，想预约维修" in prompt and "appointment_time: 预约时间" in prompt
    assert "JSON" in prompt


async def test_below_min_completion_rate_fails() -> None:
    async with judging() as j:
        j.server.script("chat", SEED_ANSWER)
        result = await j.run("task_completion", {**SLOT_PARAMS, "min_completion_rate": 0.8},
                             SEED_DIALOG)

    assert (result.passed, result.score) == (False, 0.6)


async def test_a_quote_not_in_the_dialog_or_a_missing_turn_is_reported_not_fatal() -> None:
    invented = answer(slots={
        "user_name": {"filled": True, "turn_index": 1, "quote": "我叫李四"},
        "phone": {"filled": True, "turn_index": 9, "quote": "13800138000"},
        "address": UNFILLED, "fault_description": UNFILLED, "appointment_time": UNFILLED,
    }, rationale="x")
    async with judging() as j:
        j.server.script("chat", invented)
        result = await j.run("task_completion", SLOT_PARAMS, SEED_DIALOG)

    name, phone = result.detail["slots"][:2]
    assert (name["quote_verified"], name["turn_index_valid"]) == (False, True)
    assert (phone["quote_verified"], phone["turn_index_valid"]) == (True, False)
    assert result.detail["unverified_quotes"] == ["user_name"]
    assert result.score == 0.4  # the judge's claim still counts; the detail flags it


async def test_steps_done_out_of_order_count_but_are_marked() -> None:
    async with judging() as j:
        j.server.script("chat", STEPS_ANSWER)
        result = await j.run("task_completion", {"mode": "step", "required_steps": STEPS},
                             COMPLAINT)
        prompt = j.prompt()

    steps = {s["name"]: s for s in result.detail["steps"]}
    assert [steps[n]["in_order"] for n in ("record", "apologise", "resolve", "confirm")] == [
        True, False, True, None]
    assert [steps[n]["done"] for n in ("record", "apologise", "resolve", "confirm")] == [
        True, True, True, False]
    assert (result.score, result.passed) == (0.75, True)
    assert result.detail["steps_in_order"] == round(2 / 3, 4)
    assert "1. record: 倾听并记录投诉内容" in prompt and "4. confirm: 确认用户满意" in prompt


async def test_strict_order_does_not_count_out_of_order_steps() -> None:
    async with judging() as j:
        j.server.script("chat", STEPS_ANSWER)
        result = await j.run("task_completion", {"mode": "step", "required_steps": STEPS,
                                                 "strict_order": True}, COMPLAINT)

    assert result.score == 0.5
    assert result.detail["strict_order"] is True


async def test_hybrid_weights_slot_and_step_rates() -> None:
    hybrid_answer = answer(
        slots={"order_number": {"filled": True, "turn_index": 1, "quote": "单号 SF123"},
               "address": UNFILLED},
        steps={"record": step(True, 1, "已记录您的投诉"), "apologise": step(False),
               "resolve": step(False), "confirm": step(False)},
        rationale="x")
    params = {"mode": "hybrid", "required_steps": STEPS, "slot_weight": 0.4, "step_weight": 0.6,
              "required_slots": [{"name": "order_number", "description": "快递单号"},
                                 {"name": "address", "description": "收货地址"}],
              "min_completion_rate": 0.3}
    async with judging() as j:
        j.server.script("chat", hybrid_answer)
        result = await j.run("task_completion", params, COMPLAINT)

    # 0.4 · 1/2 + 0.6 · 1/4 = 0.35
    assert (result.score, result.passed) == (0.35, True)
    detail = result.detail
    assert (detail["slot_rate"], detail["step_rate"]) == (0.5, 0.25)
    assert detail["weights"] == {"slot": 0.4, "step": 0.6}
    assert len(detail["slots"]) == 2 and len(detail["steps"]) == 4


async def test_an_answer_missing_a_slot_gets_the_corrective_retry() -> None:
    partial = answer(slots={"user_name": UNFILLED}, rationale="x")
    async with judging() as j:
        j.server.script("chat", partial, SEED_ANSWER)
        result = await j.run("task_completion", SLOT_PARAMS, SEED_DIALOG)

    assert len(j.server.requests) == 2
    assert result.score == 0.6


def test_params_need_the_items_of_their_mode() -> None:
    assert validate_rule_params("task_completion", {"mode": "step"}) == [
        {"path": "params.required_steps", "message": "is required in step mode"}]
    errors = validate_rule_params("task_completion", {
        "mode": "hybrid", "required_slots": [SLOTS[0], SLOTS[0]]})
    assert {e["path"] for e in errors} == {"params.required_steps",
                                          "params.required_slots[1].name"}
    assert validate_rule_params("task_completion", {**SLOT_PARAMS,
                                                    "min_completion_rate": 1.5})[0]["path"] == (
        "params.min_completion_rate")
    assert validate_rule_params("task_completion", SLOT_PARAMS) == []
