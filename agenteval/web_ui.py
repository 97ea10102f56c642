"""The web UI: the built single-page app (web/dist) served at `/`, GraphiQL for browsers.

`mount_web_ui` makes the app's *fallback* serve the UI, so it answers only what no
API route matched: `/graphql`, `/api/*`, `/healthz` and `/metrics` are never caught,
whichever order routes are registered in. A deep link (`/evals/ID/sessions/ID`)
gets `index.html`; the app's router takes it from there. A browser's GET of
`/graphql` (it accepts HTML and sends no query) gets the same page, which opens the
bundled GraphiQL, so nothing is loaded from another host; that check is a route for
GET /graphql only, so an API call (a POST) never runs code of this module.

Without a build the server still starts and `/` says how to make one. Every page
and asset carries a Content-Security-Policy that allows only this origin (and its
websocket) and no inline scripts: a target's reply shown by the UI cannot run code
that would read the stored API key.
"""

from __future__ import annotations

import re
from pathlib import Path

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

DEFAULT_DIST = Path(__file__).resolve().parent.parent / "web" / "dist"
API_PREFIXES = ("/graphql", "/api/", "/api", "/healthz", "/metrics")
_HOST = re.compile(r"^[A-Za-z0-9.\-:\[\]]+$")

BUILD_MISSING_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>AgentEval: web UI not built</title></head>
<body>
<h1>The web UI has not been built</h1>
<p>The API is running: <code>POST /graphql</code> with the header <code>X-API-Key</code>.</p>
<p>To build the UI, run <code>make run</code> from the repository (it builds <code>web/</code>
when its sources changed), or by hand: <code>cd web &amp;&amp; npm ci &amp;&amp; npm run build</code>,
then reload this page.</p>
</body></html>
"""


def content_security_policy(host: str | None) -> str:
    """Only this origin; the websocket of the same host; inline styles (the UI library sets them)."""
    sockets = ""
    if host and _HOST.match(host):
        sockets = f" ws://{host} wss://{host}"
    return (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data: blob:; font-src 'self' data:; "
        f"connect-src 'self'{sockets}; worker-src 'self' blob:; object-src 'none'; "
        "base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    )


def is_api_path(path: str) -> bool:
    """Paths that belong to the API: the UI's fallback never answers them."""
    return any(path == prefix.rstrip("/") or path.startswith(prefix) for prefix in API_PREFIXES)


class WebUI:
    """ASGI app serving `dist`: files as they are, any other page path as index.html."""

    def __init__(self, dist: Path) -> None:
        self.dist = dist.resolve()

    def _secured(self, response: Response, scope: Scope) -> Response:
        host = Headers(scope=scope).get("host")
        response.headers["Content-Security-Policy"] = content_security_policy(host)
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "same-origin"
        return response

    def index(self, scope: Scope) -> Response:
        index = self.dist / "index.html"
        if not index.is_file():
            return self._secured(HTMLResponse(BUILD_MISSING_PAGE), scope)
        response = FileResponse(index, media_type="text/html; charset=utf-8")
        response.headers["Cache-Control"] = "no-cache"
        return self._secured(response, scope)

    def _file(self, path: str) -> Path | None:
        candidate = (self.dist / path.lstrip("/")).resolve()
        if candidate.is_file() and candidate.is_relative_to(self.dist) and candidate.name != "index.html":
            return candidate
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1000})
            return
        if scope["type"] != "http":
            return
        path: str = scope["path"]
        method: str = scope["method"]
        if is_api_path(path) or method not in ("GET", "HEAD"):
            response: Response = JSONResponse(
                {"error": {"code": "NOT_FOUND", "message": f"no route for {method} {path}"}},
                status_code=404)
        elif (found := self._file(path)) is not None:
            response = self._secured(FileResponse(found), scope)
            if path.startswith("/assets/"):  # content-hashed names: never change
                response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
        elif "." in path.rsplit("/", 1)[-1]:
            response = JSONResponse({"error": {"code": "NOT_FOUND", "message": f"no file {path}"}},
                                    status_code=404)
        else:
            response = self.index(scope)
        await response(scope, receive, send)


def wants_graphiql(scope: Scope) -> bool:
    """A browser opening /graphql: a GET that accepts HTML and asks no query."""
    if scope["type"] != "http" or scope["path"] != "/graphql" or scope["method"] != "GET":
        return False
    if b"query=" in scope.get("query_string", b""):
        return False
    return "text/html" in Headers(scope=scope).get("accept", "")


class GraphiQLForBrowsers:
    """GET /graphql: a browser gets the UI (which opens the bundled GraphiQL), any other
    GET the API's `graphql` view."""

    def __init__(self, graphql: ASGIApp, ui: WebUI) -> None:
        self.graphql = graphql
        self.ui = ui

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if wants_graphiql(scope):
            await self.ui.index(scope)(scope, receive, send)
            return
        await self.graphql(scope, receive, send)


def mount_web_ui(app: Starlette, *, graphql: ASGIApp, graphiql: bool = True,
                 dist: Path | None = None) -> None:
    """Serve the UI for whatever no route matched; GraphiQL to browsers when `graphiql`.

    GraphiQL is a route for GET /graphql ahead of the API's own (`graphql`), not a
    middleware: a POST (every mutation, every client's query) never runs this module."""
    ui = WebUI(dist or DEFAULT_DIST)
    app.router.default = ui
    if graphiql:
        app.router.routes.insert(0, Route("/graphql", GraphiQLForBrowsers(graphql, ui),
                                          methods=["GET"]))
