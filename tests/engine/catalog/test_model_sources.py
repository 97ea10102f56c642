

def test_a_server_ignores_an_incomplete_environment_instead_of_failing(
        caplog: pytest.LogCaptureFixture) -> None:
    from agenteval.engine.catalog.model_sources import effective_endpoints

    assert effective_endpoints([], {"AGENTEVAL_JUDGE_API_KEY": "sk"}) == []
    assert "AGENTEVAL_JUDGE_MODEL is not" in caplog.text
