"""`python -m agenteval.cli`: the `agenteval` command."""

from agenteval.cli import main

main()
