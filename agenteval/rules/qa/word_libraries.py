"""Word libraries (敏感词库): named, versioned word lists, imported from txt/csv/xlsx, matched
with an Aho-Corasick automaton.

A library is referred to as `name@version` and compiled once per content (its hash):
every word normalised like the text it is matched against (NFKC, case-folded, spaces
and separators removed — see `dialog.compact`), so "退 款 保 证" and "ｆｒｅｅ ｉｎｓｔａｌｌａｔｉｏｎ"
are found. One pass of the automaton over a reply finds every word of a 10,000-word
library (pyahocorasick, C): microseconds per reply, whatever the library's size.

The process keeps the libraries it was given (`register_library`): the scorecard loader
registers its document's libraries; the server registers the stored ones.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from pathlib import Path

import ahocorasick

from agenteval.domain.scorecards.document import WordLibrary
from agenteval.rules.qa.dialog import compact, normalise

WORD_COLUMNS = ("word", "words", "term", "词", "敏感词", "关键词")


class WordAutomaton:
    """The words of a library as one automaton over compact text."""

    def __init__(self, words: Iterable[str]) -> None:
        self.automaton = ahocorasick.Automaton()
        for word in words:
            key = compact(normalise(word))
            if key:
                self.automaton.add_word(key, (word, key))
        self.size = len(self.automaton)
        if self.size:
            self.automaton.make_automaton()

    def find(self, text: str) -> list[tuple[str, str]]:
        """(word as listed, normalised form) for every occurrence in `text` (compact form)."""
        if not self.size:
            return []
        return [value for _, value in self.automaton.iter(text)]


_LIBRARIES: dict[str, WordLibrary] = {}
_AUTOMATA: dict[str, WordAutomaton] = {}


def register_library(library: WordLibrary) -> None:
    """Make `library` known to the process by its `name@version` (the same content again is
    a no-op; other content under the same ref replaces it — a store never allows that)."""
    _LIBRARIES[library.ref] = library


def forget_library(ref: str) -> None:
    """Drop a library a draft brought in (a dry run): it was never stored."""
    _LIBRARIES.pop(ref, None)


def known_library(ref: str) -> WordLibrary | None:
    return _LIBRARIES.get(ref)


def automaton_for(library: WordLibrary) -> WordAutomaton:
    """The library's automaton, built once per content."""
    key = library.content_hash
    built = _AUTOMATA.get(key)
    if built is None:
        built = _AUTOMATA[key] = WordAutomaton(library.words)
    return built


def read_word_file(path: str | Path) -> list[str]:
    """The words of a .txt (one a line, `#` comments), .csv (the `word`/`词` column, else the
    first) or .xlsx file (the first sheet, same columns); blanks and duplicates dropped."""
    name = str(path).lower()
    if name.endswith(".xlsx"):
        rows = _xlsx_rows(Path(path).read_bytes())
    elif name.endswith(".csv"):
        rows = [row for row in csv.reader(io.StringIO(
            Path(path).read_text(encoding="utf-8-sig")))]
    else:
        rows = [[line] for line in Path(path).read_text(encoding="utf-8-sig").splitlines()
                if not line.lstrip().startswith("#")]
    return _words(rows)


def _xlsx_rows(data: bytes) -> list[list[str]]:
    # Imported here: only an .xlsx import needs it.
    from openpyxl import load_workbook

    book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    sheet = book.worksheets[0]
    rows = [["" if cell is None else str(cell) for cell in row]
            for row in sheet.iter_rows(values_only=True)]
    book.close()
    return rows


def _words(rows: list[list[str]]) -> list[str]:
    column = 0
    if rows:  # a header row naming the word column is skipped
        header = [cell.strip().lower() for cell in rows[0]]
        named = next((i for i, cell in enumerate(header) if cell in WORD_COLUMNS), None)
        if named is not None:
            column, rows = named, rows[1:]
    words: list[str] = []
    seen: set[str] = set()
    for row in rows:
        word = row[column].strip() if len(row) > column else ""
        if word and word not in seen:
            seen.add(word)
            words.append(word)
    return words
