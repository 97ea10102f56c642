"""The OpenAI-compatible model client: chat (optionally JSON checked by a schema), embeddings,
moderations.

Every failure ends in one `ModelCallError` with a readable message (callers
turn it into a MODEL_ERROR result); nothing else escapes a call. Transport
behaviour (timeouts, retries, Retry-After, the per-endpoint concurrency
limit) lives in `transport.py`.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from agenteval.llm.cache import ResponseCache, cache_key
from agenteval.llm.config import ModelEndpoint
from agenteval.llm.errors import ModelCallError
from agenteval.llm.json_chat import complete_json
from agenteval.llm.results import USAGE_KEYS, ChatResult, ModerationResult, UsageSink, zero_usage
from agenteval.llm.transport import PostResult, post_json
from agenteval.net.retry import excerpt
from agenteval.observability.metrics import model_called

if TYPE_CHECKING:  # imported with the first session: a run without models never needs it
    import aiohttp

logger = logging.getLogger(__name__)

SessionFactory = Callable[[], "aiohttp.ClientSession"]
__all__ = ["USAGE_KEYS", "ChatResult", "ModelClient", "ModerationResult", "SessionFactory",
           "UsageSink"]


class ModelClient:
    """Calls one role's endpoint. `calls` counts HTTP requests sent; `usage_totals` sums tokens.

    The client opens its aiohttp session on first use (`session_factory`,
    default `aiohttp.ClientSession`) and closes it in `aclose`. Each answer's usage
    (and each cache hit's) is also reported to `usage_sink` when one is given.
    """

    def __init__(self, endpoint: ModelEndpoint, session_factory: SessionFactory | None = None,
                 usage_sink: UsageSink | None = None) -> None:
        self.endpoint = endpoint
        self.usage_sink = usage_sink
        self._session_factory = session_factory
        self._session: aiohttp.ClientSession | None = None
        self.calls = 0
        self.usage_totals = zero_usage()

    @property
    def role(self) -> str:
        return self.endpoint.role

    @property
    def model(self) -> str:
        return self.endpoint.model

    async def chat(
        self,
        messages: list[dict[str, Any]],
        *,
        json_schema: dict[str, Any] | None = None,
        temperature: float | None = None,
        cache: ResponseCache | None = None,
        sample_index: int | None = None,
        schema_name: str = "answer",
        cache_scope: str | None = None,
        **params: Any,
    ) -> ChatResult:
        """Ask for one chat completion; with `json_schema`, a JSON object valid against it.

        The schema is sent as a decoding constraint in the form the endpoint accepts
        (`structured_output.py`; `schema_name` names it for OpenAI's form). An invalid
        JSON answer gets ONE corrective follow-up before the call fails with kind
        `invalid_output`; one cut at max_tokens fails at once with kind `cut`. `params` are sent to the server and override
        the endpoint's. `sample_index` only tells n-sample votes apart in `cache`
        (it is not sent); `cache_scope` (e.g. a judge revision's label, not sent either)
        joins the key when given. With `cache`, a hit answers without calling the server.
        Prompts asking for JSON must mention "JSON" (OpenAI's json_object mode
        demands it); `structured_output: none` in the endpoint params sends no
        response_format at all.
        """
        body = self._chat_body(messages, temperature, params)
        key = None
        if cache is not None:
            settings = {k: v for k, v in body.items() if k not in ("model", "messages")}
            key = cache_key(self.model, body["messages"],
                            {**settings, "json_schema": json_schema, "sample_index": sample_index,
                             **({"cache_scope": cache_scope} if cache_scope else {})})
            hit = await self._cache_get(cache, key)
            if hit is not None:
                await self._report_usage(hit.usage, cached=True)
                model_called(self.role, cached=True)
                return hit
        model_called(self.role, cached=False)
        result = await self._complete(body, json_schema, schema_name)
        if cache is not None and key is not None:
            await self._cache_set(cache, key, result)
        return result

    async def embed(self, texts: list[str]) -> list[list[float]]:
        """One embedding vector per text, in order (POST /embeddings)."""
        if not texts:
            return []
        body = {"model": self.model, "input": texts, **self.endpoint.request_params}
        answer = await self._post("/embeddings", body)
        items: Any = answer.body.get("data")  # any JSON: a wrong shape raises just below
        try:
            ordered = sorted(items, key=lambda item: item.get("index", 0))
            vectors = [[float(x) for x in item["embedding"]] for item in ordered]
        except (TypeError, KeyError, AttributeError, ValueError):
            raise self._bad_response("no data[].embedding list", answer.body) from None
        if len(vectors) != len(texts):
            raise self._bad_response(f"{len(vectors)} embeddings for {len(texts)} texts",
                                     answer.body)
        await self._report_usage(self._record_usage(answer.body.get("usage")))
        return vectors

    async def moderate(self, text: str) -> ModerationResult:
        """The moderation verdict on `text` (POST /moderations)."""
        body = {"model": self.model, "input": text, **self.endpoint.request_params}
        answer = await self._post("/moderations", body)
        await self._report_usage(self._record_usage(answer.body.get("usage")))
        try:
            result = answer.body["results"][0]
            return ModerationResult(
                flagged=bool(result["flagged"]),
                categories={str(k): bool(v) for k, v in (result.get("categories") or {}).items()},
                scores={str(k): float(v)
                        for k, v in (result.get("category_scores") or {}).items()},
            )
        except (TypeError, KeyError, IndexError, AttributeError, ValueError):
            raise self._bad_response("no results[0].flagged", answer.body) from None

    async def aclose(self) -> None:
        if self._session is not None and not self._session.closed:
            await self._session.close()
        self._session = None

    async def __aenter__(self) -> ModelClient:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    # ------------------------------------------------------------------ chat internals

    def _chat_body(self, messages: list[dict[str, Any]], temperature: float | None,
                   params: dict[str, Any]) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": self.model,
            "messages": list(messages),
            "temperature": self.endpoint.temperature if temperature is None else temperature,
        }
        if self.endpoint.max_tokens is not None:
            body["max_tokens"] = self.endpoint.max_tokens
        body.update(self.endpoint.request_params)
        body.update(params)
        return body

    async def _complete(self, body: dict[str, Any], json_schema: dict[str, Any] | None,
                        schema_name: str) -> ChatResult:
        if json_schema is None:
            return await self._chat_once(body)
        return await complete_json(self.endpoint, self._chat_once, body, json_schema,
                                   schema_name)

    async def _chat_once(self, body: dict[str, Any], attempts: int | None = None) -> ChatResult:
        answer = await self._post("/chat/completions", body, attempts)
        try:
            choice = answer.body["choices"][0]
            text = choice["message"]["content"]
            finish_reason = choice.get("finish_reason")
        except (TypeError, KeyError, IndexError, AttributeError):
            text, finish_reason = None, None
        if not isinstance(text, str):
            raise self._bad_response("no choices[0].message.content text", answer.body)
        usage = self._record_usage(answer.body.get("usage"))
        await self._report_usage(usage)
        model = answer.body.get("model")
        return ChatResult(text, None, usage, model if isinstance(model, str) else self.model,
                          answer.attempts,
                          finish_reason=finish_reason if isinstance(finish_reason, str) else None)

    # ------------------------------------------------------------------ shared internals

    async def _post(self, path: str, body: dict[str, Any], attempts: int | None = None
                    ) -> PostResult:
        return await post_json(self._get_session(), self.endpoint, path, body,
                               on_attempt=self._count_call, attempts=attempts)

    def _count_call(self) -> None:
        self.calls += 1

    def _get_session(self) -> aiohttp.ClientSession:
        if self._session is None or self._session.closed:
            if self._session_factory is None:
                import aiohttp

                self._session_factory = aiohttp.ClientSession
            self._session = self._session_factory()
        return self._session

    def _record_usage(self, raw: Any) -> dict[str, int]:
        usage = zero_usage()
        if isinstance(raw, dict):
            for key in USAGE_KEYS:
                value = raw.get(key)
                if isinstance(value, int | float):
                    usage[key] = int(value)
            if not usage["total_tokens"]:
                usage["total_tokens"] = usage["prompt_tokens"] + usage["completion_tokens"]
        for key in USAGE_KEYS:
            self.usage_totals[key] += usage[key]
        return usage

    async def _report_usage(self, usage: dict[str, int], cached: bool = False) -> None:
        if self.usage_sink is None:
            return
        try:
            await self.usage_sink.record_usage(self.role, self.model, usage["prompt_tokens"],
                                               usage["completion_tokens"], cached)
        except Exception:  # accounting must never fail the judgement or the turn
            logger.exception("%s: could not record token usage", self.endpoint.describe)

    def _bad_response(self, what: str, body: Any) -> ModelCallError:
        shown = excerpt(json.dumps(body, ensure_ascii=False))
        return ModelCallError("bad_response", self.endpoint.masked(
            f"{self.endpoint.describe}: {what} in the answer: {shown}"))

    async def _cache_get(self, cache: ResponseCache, key: str) -> ChatResult | None:
        # A broken cache or entry must not fail the judgement: the model is asked instead.
        try:
            hit = await cache.get(key)
            if hit is None:
                return None
            return ChatResult(text=hit["text"], data=hit.get("data"), usage=dict(hit["usage"]),
                              model=hit["model"], attempts=int(hit["attempts"]), cached=True,
                              finish_reason=hit.get("finish_reason"),
                              structured_output=hit.get("structured_output"))
        except Exception:
            logger.exception("%s: response cache read failed", self.endpoint.describe)
            return None

    async def _cache_set(self, cache: ResponseCache, key: str, result: ChatResult) -> None:
        value = asdict(result)
        value.pop("cached")
        try:
            await cache.set(key, value)
        except Exception:
            logger.exception("%s: response cache write failed", self.endpoint.describe)
