"""The web UI as the real app serves it: the SPA fallback, GraphiQL for browsers, CSP, no CDN."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest

from agenteval import web_ui
from agenteval.app import create_app
from agenteval.config import Settings
from tests.support.graphql_client import running_app

ADMIN_KEY = "ae_web_ui_test_admin_key"
REPO_DIST = Path(__file__).resolve().parent.parent / "web" / "dist"
INDEX = """<!doctype html><html><head><title>AgentEval</title>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>
<body><div id="root"></div></body></html>"""
# A script or stylesheet whose address names a host (absolute or protocol-relative).
FOREIGN_ASSET = re.compile(
    r"<(?:script|link)\b[^>]*(?:src|href)\s*=\s*[\"']?(?:https?:)?//", re.IGNORECASE)


def built_dist(root: Path) -> Path:
    dist = root / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text(INDEX)
    (dist / "assets" / "index-abc.js").write_text("console.log('app')")
    (dist / "assets" / "index-abc.css").write_text("body{}")
    return dist


async def client_for(database_url: str, dist: Path, monkeypatch: pytest.MonkeyPatch,
                     graphiql: bool = True) -> AsyncIterator[httpx.AsyncClient]:
    monkeypatch.setattr(web_ui, "DEFAULT_DIST", dist)
    app = create_app(Settings(database_url=database_url, admin_key=ADMIN_KEY, driver="none",
                              demo=False, graphiql=graphiql), migrate=False)
    async with running_app(app) as http:
        yield http


@pytest.fixture
async def without_build(database_url: str, tmp_path: Path,
                        monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[httpx.AsyncClient]:
    async for http in client_for(database_url, tmp_path / "no-dist", monkeypatch):
        yield http


@pytest.fixture
async def with_build(database_url: str, tmp_path: Path,
                     monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[httpx.AsyncClient]:
    async for http in client_for(database_url, built_dist(tmp_path), monkeypatch):
        yield http


def assert_no_foreign_assets(html: str) -> None:
    assert not FOREIGN_ASSET.search(html), html
    assert "unpkg" not in html and "jsdelivr" not in html and "esm.sh" not in html


async def test_without_a_build_the_root_says_how_to_build_it(
        without_build: httpx.AsyncClient) -> None:
    response = await without_build.get("/")
    assert response.status_code == 200
    assert "npm ci" in response.text and "make run" in response.text
    assert "default-src 'self'" in response.headers["content-security-policy"]
    assert_no_foreign_assets(response.text)
    health = await without_build.get("/healthz")
    assert health.json() == {"status": "ok"}


async def test_without_a_build_graphql_serves_no_cdn_graphiql(
        without_build: httpx.AsyncClient) -> None:
    page = await without_build.get("/graphql", headers={"accept": "text/html"})
    assert "npm ci" in page.text
    assert_no_foreign_assets(page.text)


async def test_deep_links_load_the_app_and_assets_are_files(with_build: httpx.AsyncClient) -> None:
    for path in ("/", "/evals", "/evals/abc/sessions/def", "/settings"):
        response = await with_build.get(path)
        assert response.status_code == 200, path
        assert '<div id="root">' in response.text, path
    asset = await with_build.get("/assets/index-abc.js")
    assert asset.text == "console.log('app')"
    assert "immutable" in asset.headers["cache-control"]
    assert (await with_build.get("/assets/missing.js")).status_code == 404
    assert (await with_build.get("/../pyproject.toml")).status_code == 404


async def test_the_fallback_never_answers_api_paths(with_build: httpx.AsyncClient) -> None:
    for path in ("/api/nothing", "/api", "/metrics", "/healthz/x", "/graphql/x"):
        response = await with_build.get(path, headers={"accept": "text/html"})
        assert response.status_code == 404, path
        assert response.json()["error"]["code"] == "NOT_FOUND", path
    assert (await with_build.post("/evals", json={})).status_code == 404
    assert (await with_build.get("/healthz")).json() == {"status": "ok"}
    body = (await with_build.post("/graphql", json={"query": "{ me { role } }"},
                                  headers={"x-api-key": ADMIN_KEY})).json()
    assert body == {"data": {"me": {"role": "ADMIN"}}}
    report = await with_build.get("/api/intelligent-evals/not-a-uuid/report.md",
                                  headers={"x-api-key": ADMIN_KEY})
    assert report.json()["error"]["code"] == "NOT_FOUND"


async def test_browsers_opening_graphql_get_the_bundled_app(with_build: httpx.AsyncClient) -> None:
    page = await with_build.get("/graphql", headers={"accept": "text/html,application/xhtml+xml"})
    assert page.status_code == 200
    assert '<div id="root">' in page.text
    assert "script-src 'self'" in page.headers["content-security-policy"]
    # A GET that carries a query is still an API call.
    query = await with_build.get("/graphql", params={"query": "{ me { role } }"},
                                 headers={"accept": "text/html", "x-api-key": ADMIN_KEY})
    assert query.json() == {"data": {"me": {"role": "ADMIN"}}}


async def test_graphiql_off_leaves_graphql_to_the_api(
        database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async for http in client_for(database_url, built_dist(tmp_path), monkeypatch, graphiql=False):
        page = await http.get("/graphql", headers={"accept": "text/html"})
        assert '<div id="root">' not in page.text
        assert_no_foreign_assets(page.text)


def test_the_policy_allows_only_this_origin_and_its_websocket() -> None:
    policy = web_ui.content_security_policy("127.0.0.1:8000")
    assert "script-src 'self';" in policy
    assert "connect-src 'self' ws://127.0.0.1:8000 wss://127.0.0.1:8000;" in policy
    assert "unsafe-eval" not in policy and "script-src 'self' 'unsafe-inline'" not in policy
    assert "ws://" not in web_ui.content_security_policy("evil.example; script-src *")


def test_the_real_build_loads_nothing_from_another_host() -> None:
    """`make test` builds web/ before the Python tests, so the shipped page is checked too."""
    index = REPO_DIST / "index.html"
    if not index.is_file():
        pytest.skip("web/dist is not built (make test builds it first)")
    html = index.read_text()
    assert_no_foreign_assets(html)
    assert "<script>" not in html  # no inline script: the CSP would refuse it
