"""Word libraries imported from .txt, .csv and .xlsx files, and the similarity script match."""

from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook

from agenteval.domain.scorecards.document import WordLibrary
from agenteval.rules import get_rule
from agenteval.rules.qa.dialog import from_messages
from agenteval.rules.qa.word_libraries import automaton_for, read_word_file


def test_txt_csv_and_xlsx_files_give_their_words_without_blanks_or_repeats(
        tmp_path: Path) -> None:
    txt = tmp_path / "w.txt"
    txt.write_text("# 禁用语\n全网最低\n\n百分百\n全网最低\n", encoding="utf-8")
    csv = tmp_path / "w.csv"
    csv.write_text("编号,敏感词\n1,全网最低\n2,lowest price\n", encoding="utf-8-sig")
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    for row in (["word", "note"], ["免费换新", "promise"], [None, None], ["not my problem", ""]):
        sheet.append(row)
    xlsx = tmp_path / "w.xlsx"
    book.save(xlsx)
    assert read_word_file(txt) == ["全网最低", "百分百"]
    assert read_word_file(csv) == ["全网最低", "lowest price"]
    assert read_word_file(xlsx) == ["免费换新", "not my problem"]


def test_a_ten_thousand_word_automaton_finds_normalised_words() -> None:
    words = [f"词{i:05d}" for i in range(10_000)] + ["退款保证", "Money-Back Guarantee"]
    automaton = automaton_for(WordLibrary("big", 1, tuple(words)))
    assert automaton.size == 10_002
    found = automaton.find("没有退款保证这种说法，moneybackguarantee也没有，词00042")
    assert [word for word, _ in found] == ["退款保证", "Money-Back Guarantee", "词00042"]


def test_a_script_matched_by_similarity_passes_a_paraphrase_but_not_its_negation() -> None:
    rule = get_rule("qa_phrase")
    assert rule is not None
    core = rule.build({"position": "last", "match": "similarity",
                       "phrases": ["您的维修预约已经成功"]}).__self__  # type: ignore[attr-defined]  # bound evaluate
    said = from_messages([{"role": "user", "content": "修空调"},
                          {"role": "assistant", "content": "好的，您的维修预约已经成功了。"}])
    negated = from_messages([{"role": "user", "content": "修空调"},
                             {"role": "assistant", "content": "您的维修预约没有成功。"}])
    assert core.judge(said, {}).outcome == "pass"
    assert core.judge(negated, {}).outcome == "fail"
