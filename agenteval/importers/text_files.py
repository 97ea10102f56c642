"""Reading another tool's text files: UTF-8 with or without a BOM, any line ending.

A file in another encoding is refused with the encoding it most likely is, so the
user can convert it (`iconv -f GB18030 -t UTF-8`), rather than a traceback or text
read as mojibake. The guess tries the legacy encodings chat-bot test files come in,
most specific first; it names a likely encoding, it does not decode with it.
"""

from __future__ import annotations

import codecs
from pathlib import Path

from agenteval.importers.mapping import ImportFailed

# Tried in this order; cp1252 last because it decodes almost any byte sequence.
LEGACY_ENCODINGS = ("gb18030", "big5", "shift_jis", "euc_kr", "cp1252")
ENCODING_NAMES = {"gb18030": "GB18030/GBK", "big5": "Big5", "shift_jis": "Shift-JIS",
                  "euc_kr": "EUC-KR", "cp1252": "Windows-1252"}


class NotUtf8(ImportFailed):
    """A file that is not UTF-8; `encoding` is the likely one."""

    def __init__(self, path: Path, encoding: str) -> None:
        self.path, self.encoding = path, encoding
        super().__init__(f"{path}: is not UTF-8 (it looks like {encoding}); save it as "
                         f"UTF-8 and import it again")


def guess_encoding(data: bytes) -> str:
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "UTF-16"
    for encoding in LEGACY_ENCODINGS:
        try:
            data.decode(encoding)
        except UnicodeDecodeError:
            continue
        return ENCODING_NAMES[encoding]
    return "an unknown encoding"


def read_text(path: Path) -> str:
    """The file's text: UTF-8, a leading BOM removed, CRLF and CR turned into LF."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ImportFailed(f"{path}: cannot read it: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise NotUtf8(path, guess_encoding(data)) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")
