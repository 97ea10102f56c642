"""Dialogs as judge-prompt text: real turn indexes, and long dialogs shortened in the middle."""

from __future__ import annotations

from agenteval.domain.judging.cases import Turn
from agenteval.rules.dialog_format import elision_marker, format_dialog, render_turn
from tests.rules.judging import answer, judging


def long_dialog(turns: int = 20, size: int = 200) -> list[Turn]:
    return [Turn(i, f"question {i} " + "q" * size, f"answer {i} " + "a" * size, 50)
            for i in range(turns)]


def test_short_dialogs_are_rendered_whole_with_turn_indexes() -> None:
    text = format_dialog([Turn(0, "hi", "hello", 5), Turn(1, "bye", None, None, "timeout")],
                         max_chars=10_000)

    assert text.truncation is None
    assert text.text == ("[turn 0] user: hi\n[turn 0] agent: hello\n"
                         "[turn 1] user: bye\n[turn 1] agent: (no reply: target error: timeout)")


def test_long_dialogs_keep_first_and_last_turns_and_elide_the_middle() -> None:
    dialog = long_dialog()
    full = format_dialog(dialog).text

    text = format_dialog(dialog, max_chars=2_000)

    assert len(full) > 2_000 >= len(text.text)
    assert text.text.startswith("[turn 0] user: question 0")
    assert text.text.endswith("[turn 19] agent: answer 19 " + "a" * 200)
    truncation = text.truncation
    assert truncation is not None
    elided = truncation["elided_turns"]
    assert elided == list(range(1, elided[-1] + 1)) and elided[-1] < 18
    assert truncation["original_chars"] == len(full)
    assert truncation["kept_chars"] == len(text.text)
    for index in elided:
        assert f"[turn {index}] " not in text.text
    kept_middle = range(elided[-1] + 1, 19)
    assert all(f"[turn {index}] user: question {index}" in text.text for index in kept_middle)
    elided_chars = sum(len(render_turn(dialog[i])) for i in elided) + len(elided) - 1
    marker = text.text.split("\n")[2]
    assert marker == elision_marker(1, elided[-1], elided_chars)


def test_the_marker_names_the_turn_range_and_size() -> None:
    assert elision_marker(3, 17, 4812) == "[… turns 3–17 elided (4,812 characters) …]"
    assert elision_marker(5, 5, 90) == "[… turn 5 elided (90 characters) …]"


def test_two_turns_are_never_elided_even_when_too_long() -> None:
    text = format_dialog(long_dialog(turns=2, size=2_000), max_chars=500)

    assert text.truncation is None and "[turn 1] agent:" in text.text


async def test_the_judge_gets_the_shortened_dialog_and_the_detail_says_so() -> None:
    async with judging(max_dialog_chars=1_500) as j:
        j.server.script("chat", answer(score=8, rationale="fine"))
        result = await j.run("llm_score", {"criteria": "helpful", "scope": "full_dialog"},
                             long_dialog())
        prompt = j.prompt()

    truncation = result.detail["dialog_truncated"]
    assert truncation["elided_turns"][0] == 1
    assert truncation["original_chars"] > 1_500 >= truncation["kept_chars"]
    assert f"[… turns 1–{truncation['elided_turns'][-1]} elided (" in prompt
    assert "[turn 0] user: question 0" in prompt and "[turn 19] agent: answer 19" in prompt
    assert result.score == 0.8
