"""`open` remembers configs it found valid, yet refuses bad ones and hands out copies."""

from __future__ import annotations

import pytest

from agenteval.channels import TargetSpec, create_channel_factory
from agenteval.errors import ValidationFailed

CONFIG = {"url": "http://127.0.0.1:9/chat", "reply_path": "reply"}


def spec(config: dict) -> TargetSpec:
    return TargetSpec(id="t1", channel_type="http", config=config)


def test_each_channel_gets_its_own_filled_config():
    factory = create_channel_factory()
    first = factory.open(spec(dict(CONFIG)))
    first._context.config["body"]["message"] = "tampered"  # type: ignore[attr-defined]
    second = factory.open(spec(dict(CONFIG)))
    assert second._context.config["body"]["message"] == "{{message}}"  # type: ignore[attr-defined]
    assert second._context.config["method"] == "POST"  # type: ignore[attr-defined]


def test_a_bad_config_is_refused_after_a_good_one_and_again():
    factory = create_channel_factory()
    config = dict(CONFIG)
    factory.open(spec(config))
    config["url"] = "ftp://nowhere"  # the same dict, changed after it was found valid
    for _ in range(2):
        with pytest.raises(ValidationFailed):
            factory.open(spec(config))


def test_a_config_that_only_looks_alike_in_json_is_checked_again():
    factory = create_channel_factory()
    factory.open(spec({**CONFIG, "retries": 1}))
    with pytest.raises(ValidationFailed):
        factory.open(spec({**CONFIG, "retries": True}))
