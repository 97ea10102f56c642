"""Simulated users audited in the CI gate (issue 40), against the demo bot with a local
fake OpenAI-compatible SIMULATOR: one that behaves (nothing flagged), one that invents
an order number on its first call only (the attempt is played again once and counts
once), and one that always invents it (a simulator error with its turn, after the
reruns; the bot's pass rate without it is what the bot scored). With
AGENTEVAL_SIMULATOR_REVIEW and a JUDGE, the judge's review counts only with quotes found in
the transcript."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.test_cli_run_llm import llm_server_in_thread
from tests.test_cli_run_simulated import DEMO, WITH_MODEL, _outcomes, simulated_customer

_CUSTOMER = re.compile(r"^\[turn (\d+)\] customer: ", re.MULTILINE)
INVENTED = "电话是 13800138000，订单号是 HC2611119876"


def inventing_customer(body: Any) -> str:
    """The example's customer, except that with its phone it gives an order number the
    persona never had."""
    system, conversation = (m["content"] for m in body["messages"])
    if "老王" in system and len(_CUSTOMER.findall(conversation)) == 2:
        return json.dumps({"message": INVENTED, "done": False, "reason": None},
                          ensure_ascii=False)
    return simulated_customer(body)


def first_call_only(deviating: Callable[[Any], str]) -> Callable[[Any], str]:
    calls: list[int] = []

    def respond(body: Any) -> str:
        calls.append(1)
        if len(calls) == 1:  # the booking's first simulator turn ("我叫…") invents instead
            return json.dumps({"message": "我叫王伟，订单号 HC2611119876", "done": False,
                               "reason": None}, ensure_ascii=False)
        return simulated_customer(body)

    return respond


@pytest.fixture
def simulator_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for role in ("JUDGE", "EMBEDDING", "MODERATION", "SIMULATOR"):
        for suffix in ("MODEL", "BASE_URL", "API_KEY"):
            monkeypatch.delenv(f"AGENTEVAL_{role}_{suffix}", raising=False)
    monkeypatch.delenv("AGENTEVAL_SIMULATOR_RERUNS", raising=False)
    monkeypatch.delenv("AGENTEVAL_SIMULATOR_REVIEW", raising=False)
    return monkeypatch


def _run(env: pytest.MonkeyPatch, respond: Callable[[Any], str], scenario: str,
         tmp_path: Path, repeat: int = 1) -> tuple[dict[str, Any], dict[str, Any], str, int]:
    from agenteval.cli.run_gate import run_command

    out_json, report = tmp_path / "out.json", tmp_path / "report.md"
    with llm_server_in_thread() as server:
        server.responders["chat"] = respond
        env.setenv("AGENTEVAL_SIMULATOR_BASE_URL", server.url)
        env.setenv("AGENTEVAL_SIMULATOR_MODEL", "sim-model")
        run_command([scenario], DEMO, repeat=repeat, json_out=str(out_json),
                    report=str(report))
        calls = len(server.requests_to("chat"))
    [entry] = json.loads(out_json.read_text())
    _outcomes(out_json)  # the document validates against docs/run-json.schema.json
    return entry["summary"], entry, report.read_text(), calls


def test_a_simulator_that_behaves_is_never_flagged(
        simulator_env: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    summary, entry, markdown, _ = _run(simulator_env, simulated_customer, WITH_MODEL, tmp_path)
    assert all("deviation" not in o["simulation"] for o in entry["outcomes"])
    assert summary["simulatorErrorCount"] == 0 and summary["errorCount"] == 0
    assert summary["simulators"] == [{"model": "sim-model", "attempts": 2, "rerunAttempts": 0,
                                      "reruns": 0, "errors": 0, "errorRate": 0.0}]
    assert "No simulated user deviated." in markdown
    assert "deviated" not in capsys.readouterr().out


def test_a_simulator_that_deviates_on_its_first_call_only_is_rerun_once_and_counts_once(
        simulator_env: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    booking_only = tmp_path / "booking.json"
    document = json.loads(Path(WITH_MODEL).read_text())
    booking_only.write_text(json.dumps({**document, "cases": document["cases"][:1]}))
    summary, entry, markdown, calls = _run(
        simulator_env, first_call_only(inventing_customer), str(booking_only), tmp_path)
    [booking] = entry["outcomes"]
    assert summary["totalCases"] == 1 and summary["passedCases"] == 1
    assert booking["passed"] and booking["error"] is None
    assert booking["simulation"]["reruns"] == 1
    assert booking["simulation"]["deviation"] is None
    [caught] = booking["simulation"]["rerun_deviations"]
    assert (caught["turn"], caught["kind"], caught["author"]) == (1, "invented_fact",
                                                                  "simulator")
    assert "HC2611119876" in caught["reason"]
    assert [t["sentMessage"] for t in booking["turns"]][1] == "我叫王伟"  # the rerun's dialog
    # The first play is cut at the deviating turn (1 call); the rerun asks for three turns
    # (name, phone, address; then the stop phrase ends it).
    assert calls == 4
    assert booking["simulation"]["stop"] == "phrase"
    assert summary["simulators"][0]["rerunAttempts"] == 1
    assert summary["simulatorErrorCount"] == 0
    out = capsys.readouterr().out
    assert "simulated user deviated at turn 2 (invented_fact)" in out
    assert "the last rerun was clean and is the attempt" in markdown


def test_a_simulator_that_always_invents_an_order_number_is_a_simulator_error_not_the_bots_failure(
        simulator_env: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "behaving").mkdir()
    behaving, _, _, _ = _run(simulator_env, simulated_customer, WITH_MODEL,
                             tmp_path / "behaving", repeat=2)
    summary, entry, markdown, _ = _run(simulator_env, inventing_customer, WITH_MODEL,
                                       tmp_path, repeat=2)
    bookings = [o for o in entry["outcomes"] if o["caseKey"] == "sim-booking-zh-model"]
    assert len(bookings) == 2
    for booking in bookings:
        assert booking["error"] == (
            "simulator error: the simulated user deviated at turn 3 (invented_fact): states "
            "order number 'HC2611119876', which is in none of the persona, the goal, the "
            "follow-ups or the bot's earlier replies — still after 2 reruns")
        assert booking["results"] == [] and booking["simulation"]["reruns"] == 2
        assert booking["simulation"]["deviation_error"] == "simulator"
    # The contract's figures: errors, in errorCount and every denominator.
    assert summary["errorCount"] == 2 and summary["simulatorErrorCount"] == 2
    assert summary["passRate"] == 0.5 and summary["passHatK"] == 0.5
    # Beside them, without the simulator errors: the bot's figures as with a simulator
    # that behaves.
    assert behaving["passRate"] == 1.0 and behaving["passHatK"] == 1.0
    assert summary["passRateExcludingSimulatorErrors"] == behaving["passRate"]
    assert summary["passHatKExcludingSimulatorErrors"] == behaving["passHatK"]
    assert summary["passHatCurveExcludingSimulatorErrors"] == [1.0, 1.0]
    assert summary["simulators"] == [{"model": "sim-model", "attempts": 4, "rerunAttempts": 2,
                                      "reruns": 4, "errors": 2, "errorRate": 0.5}]
    out = capsys.readouterr().out
    assert "simulator errors (user still deviating after reruns)  2 — sim-model 2/4 (50.0%" in out
    assert "pass rate without simulator errors" in out and "pass^k without simulator errors" in out
    assert "simulated user deviated: 2 attempt(s)" in out
    assert ("sim-booking-zh-model (attempt 1): simulated user deviated at turn 3 "
            "(invented_fact)") in out
    assert "| Simulator errors (user still deviating after reruns) | 2 — sim-model 2/4" in markdown
    assert "| sim-model | 4 | 2 | 4 | 2 | 50.0% |" in markdown
    assert "pass^k without simulator errors | pass^1 100.0% · pass^2 100.0%" in markdown


def reviewing_judge(quote: str) -> Callable[[Any], str]:
    """The example's customer for SIMULATOR calls; as the JUDGE, a review naming turn 1
    (the booking's "我叫王伟") with `quote`."""
    def respond(body: Any) -> str:
        if "You review the SIMULATED CUSTOMER" not in body["messages"][0]["content"]:
            return simulated_customer(body)
        dialog = body["messages"][1]["content"]
        deviations = [{"turn": 1, "kind": "off_goal", "quote": quote,
                       "reason": "gives a name before the agent asks"}] \
            if "我叫王伟" in dialog else []
        return json.dumps({"followed_persona": True, "followed_goal": not deviations,
                           "effect": "helped" if deviations else "neutral",
                           "deviations": deviations, "rationale": "r"}, ensure_ascii=False)
    return respond


def _run_reviewed(env: pytest.MonkeyPatch, respond: Callable[[Any], str],
                  tmp_path: Path) -> dict[str, Any]:
    from agenteval.cli.run_gate import run_command

    out_json = tmp_path / "out.json"
    with llm_server_in_thread() as server:
        server.responders["chat"] = respond
        for role in ("SIMULATOR", "JUDGE"):
            env.setenv(f"AGENTEVAL_{role}_BASE_URL", server.url)
        env.setenv("AGENTEVAL_SIMULATOR_MODEL", "sim-model")
        env.setenv("AGENTEVAL_JUDGE_MODEL", "judge-model")
        env.setenv("AGENTEVAL_SIMULATOR_REVIEW", "true")
        run_command([WITH_MODEL], DEMO, json_out=str(out_json))
    _outcomes(out_json)
    [entry] = json.loads(out_json.read_text())
    return {o["caseKey"]: o for o in entry["outcomes"]}


def test_the_judges_review_with_a_quote_found_in_the_transcript_counts_as_a_deviation(
        simulator_env: pytest.MonkeyPatch, tmp_path: Path) -> None:
    outcomes = _run_reviewed(simulator_env, reviewing_judge("我叫王伟"), tmp_path)
    booking = outcomes["sim-booking-zh-model"]
    assert booking["error"].startswith("simulator error: the simulated user deviated at turn 2 "
                                       "(off_goal): judge-model (review): gives a name")
    review = booking["simulation"]["review"]
    assert review["model"] == "judge-model" and review["effect"] == "helped"
    assert review["deviations"][0]["verified"] is True
    assert booking["simulation"]["reruns"] == 2
    returning = outcomes["sim-return-en-model"]  # reviewed clean: nothing changes
    assert returning["passed"] and returning["simulation"]["review"]["deviations"] == []


def test_a_review_quote_not_in_the_transcript_is_kept_unverified_and_never_acts(
        simulator_env: pytest.MonkeyPatch, tmp_path: Path) -> None:
    outcomes = _run_reviewed(simulator_env, reviewing_judge("我叫张三"), tmp_path)
    booking = outcomes["sim-booking-zh-model"]
    assert booking["passed"] and booking["error"] is None
    [claimed] = booking["simulation"]["review"]["deviations"]
    assert claimed["verified"] is False and claimed["quote"] == "我叫张三"
    assert "deviation" not in booking["simulation"]
