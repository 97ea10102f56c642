"""Named conversation metrics: JUDGE rules that score a whole dialog 0..1 with per-turn evidence.

`knowledge_retention`, `role_adherence`, `conversation_relevancy` and
`conversation_completeness` share the machinery in `metric.py`: a zh or en
prompt chosen by the dialog's language (`language.py`), a strict JSON Schema
for the judge's answer, and evidence (turn index + quote) verified against the
transcript as analysts' findings are (`evidence.py`).
"""
