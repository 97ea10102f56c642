"""Importers of other tools' test files into AgentEval scenarios (issue 26 item 3).

One module per source (promptfoo, botium, deepeval, tau2). Each turns the files into
scenario cases (or intelligent-eval seeds) and records, item by item, what mapped and
what was dropped and why, so nothing is lost silently (`mapping.ImportResult`). The
CLI (`agenteval import`) validates the result with the scenario validation and prints
the mapping table.
"""
