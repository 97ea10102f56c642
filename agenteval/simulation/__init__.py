"""Simulated users: who writes the user's turns when a person does not.

Shared by the built-in driver of intelligent evals (drivers/builtin/users.py) and by the
static engine's simulated cases (engine/static/), which may not import each other: the
SIMULATOR model's prompts and answer schema exist once, here (`model_user`), and the
users a simulated case plays (`case_users`) are built on them.
"""
