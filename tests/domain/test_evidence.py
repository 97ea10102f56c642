"""Evidence verification against stored transcripts: kept, never dropped; quotes filled."""

from __future__ import annotations

from agenteval.domain.intelligent.evidence import MessageRecord, quote_matches, verify_evidence


def exchange(turn: int, user: str, reply: str, error: str | None = None) -> list[MessageRecord]:
    return [MessageRecord(2 * turn, turn, "USER", user),
            MessageRecord(2 * turn + 1, turn, "ASSISTANT", reply, error)]


TRANSCRIPTS = {
    "s1": exchange(0, "我家空调坏了", "您好，请问您的地址是？")
          + exchange(1, "我叫王伟\n电话 13800138000", "好的，王先生。  已为您预约明天上午。"),
    "s2": exchange(0, "hello", "", error="timeout"),
}


def verified(*evidence: dict) -> list[dict]:
    report = {"summary": "s", "findings": [{"issue": "i", "evidence": list(evidence)}]}
    return verify_evidence(report, TRANSCRIPTS)["findings"][0]["evidence"]


def test_exact_quotes_are_verified():
    [item] = verified({"sessionId": "s1", "turnIndex": 0, "userSaid": "我家空调坏了",
                       "assistantReplied": "您好，请问您的地址是？"})
    assert item["verified"] is True


def test_quotes_match_after_whitespace_normalisation():
    [item] = verified({"sessionId": "s1", "turnIndex": 1,
                       "userSaid": "  我叫王伟 电话\t13800138000 ",
                       "assistantReplied": "好的，王先生。\n已为您预约明天上午。"})
    assert item["verified"] is True
    # the client's quote is kept as sent, not replaced by the transcript
    assert item["userSaid"] == "  我叫王伟 电话\t13800138000 "


def test_a_contiguous_part_of_the_message_counts_as_a_match():
    [item] = verified({"sessionId": "s1", "turnIndex": 1, "assistantReplied": "已为您预约明天上午"})
    assert item["verified"] is True


def test_a_mismatched_quote_is_kept_unverified():
    items = verified(
        {"sessionId": "s1", "turnIndex": 0, "userSaid": "我家冰箱坏了"},
        {"sessionId": "s1", "turnIndex": 0, "assistantReplied": "您好 请问您的地址是"},
        {"sessionId": "s1", "turnIndex": 0, "userSaid": "我家空调坏了 然后呢"},
    )
    assert [item["verified"] for item in items] == [False, False, False]
    assert items[0]["userSaid"] == "我家冰箱坏了"


def test_a_missing_turn_or_foreign_session_is_kept_unverified():
    items = verified({"sessionId": "s1", "turnIndex": 2, "userSaid": "我家空调坏了"},
                     {"sessionId": "other-eval-session", "turnIndex": 0})
    assert items == [
        {"sessionId": "s1", "turnIndex": 2, "userSaid": "我家空调坏了", "verified": False},
        {"sessionId": "other-eval-session", "turnIndex": 0, "verified": False},
    ]


def test_omitted_quotes_are_filled_from_the_transcript():
    [both, one, empty] = verified(
        {"sessionId": "s1", "turnIndex": 1},
        {"sessionId": "s1", "turnIndex": 0, "userSaid": "空调坏了", "assistantReplied": None},
        {"sessionId": "s1", "turnIndex": 0, "userSaid": "   "},
    )
    assert both == {"sessionId": "s1", "turnIndex": 1, "userSaid": "我叫王伟\n电话 13800138000",
                    "assistantReplied": "好的，王先生。  已为您预约明天上午。", "verified": True}
    assert one["userSaid"] == "空调坏了" and one["verified"] is True
    assert one["assistantReplied"] == "您好，请问您的地址是？"
    assert empty["userSaid"] == "我家空调坏了" and empty["verified"] is True


def test_omitted_quotes_are_filled_even_when_another_quote_does_not_match():
    [item] = verified({"sessionId": "s1", "turnIndex": 0, "userSaid": "wrong"})
    assert item["verified"] is False
    assert item["assistantReplied"] == "您好，请问您的地址是？"


def test_a_reply_quote_on_a_failed_turn_does_not_verify():
    [quoted, omitted] = verified({"sessionId": "s2", "turnIndex": 0, "assistantReplied": "hi"},
                                 {"sessionId": "s2", "turnIndex": 0})
    assert quoted["verified"] is False
    assert omitted == {"sessionId": "s2", "turnIndex": 0, "userSaid": "hello",
                       "assistantReplied": "", "verified": True}


def test_the_input_report_is_not_changed():
    report = {"findings": [{"evidence": [{"sessionId": "s1", "turnIndex": 0}]}]}
    verify_evidence(report, TRANSCRIPTS)
    assert report == {"findings": [{"evidence": [{"sessionId": "s1", "turnIndex": 0}]}]}


def test_quote_matches_is_case_sensitive_and_refuses_empty_quotes():
    assert quote_matches("Hello  world", "say hello world! Hello world.")
    assert not quote_matches("HELLO WORLD", "hello world")
    assert not quote_matches("", "anything")
