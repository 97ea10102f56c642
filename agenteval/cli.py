"""The `agenteval` command: serve, migrate, export-schema, keys, demo-bot, run, models check,
import, judge, docs-rules."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import importlib
import sys
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from agenteval.config import Settings

if TYPE_CHECKING:
    from agenteval.demo_bot.bot import LanguageSetting

T = TypeVar("T")


def _settings(**overrides: Any) -> Settings:
    return Settings.from_env(**overrides)


def _run_with_database(settings: Settings, work: Callable[[], Awaitable[T]]) -> T:
    """Migrate, connect, run `work`, disconnect."""
    from agenteval.store import database

    async def main() -> T:
        await database.migrate(settings.database_url)
        await database.open_database(settings.database_url)
        try:
            return await work()
        finally:
            await database.close_database()

    return asyncio.run(main())


# The gate's collector runs after this many new objects rather than 700: a 2,000-case
# run allocates millions of short-lived ones (decoded JSON, rule results) and, with
# the default, spent ~0.1 s (5 % of its time) in ~400 collections that found little.
GATE_GC_THRESHOLD = (50_000, 20, 10)


@contextlib.contextmanager
def _gate_imports() -> Iterator[None]:
    """Import the gate's modules with the cyclic GC off, then freeze what they built.

    Importing creates tens of thousands of long-lived objects (classes, functions,
    module dicts) and the collector would traverse them again and again while they
    are being created; frozen, later collections during the run skip them as well.
    The run then collects less often (`GATE_GC_THRESHOLD`).

    tortoise imports pydantic whenever it is installed (wordllama brings it), for
    pydantic-typed JSON fields agenteval does not use: ~70 ms, a tenth of the gate's
    start. It is hidden while these imports run (tortoise falls back as if it were
    absent) and importable again afterwards for whatever needs it.
    """
    hide_pydantic = "pydantic" not in sys.modules
    if hide_pydantic:
        sys.modules["pydantic"] = None  # type: ignore[assignment]  # import pydantic now fails
    gc.disable()
    try:
        yield
    finally:
        if hide_pydantic:
            del sys.modules["pydantic"]
        gc.freeze()
        gc.set_threshold(*GATE_GC_THRESHOLD)
        gc.enable()


def _existing_database(settings: Settings) -> Settings:
    """The settings, once sure their SQLite file exists: reading keys must not create one."""
    url = settings.database_url
    if url.startswith("sqlite://"):
        path = url.removeprefix("sqlite://").split("?")[0]
        if path != ":memory:" and not Path(path).exists():
            raise click.ClickException(
                f"there is no database at {path}: run this in the folder where the service "
                "keeps agenteval.db, or pass --database-url / AGENTEVAL_DATABASE_URL")
    return settings


class LazyGroup(click.Group):
    """A group some of whose subcommands are imported only when they are named.

    `agenteval run` (the CI gate) starts with every process of a CI job, so it must not
    pay for commands it does not run: `openclaw` alone pulls in the GraphQL client, httpx
    and rich (~40 % of the gate's imports). `--help` still lists them (it imports them).
    """

    def __init__(self, *args: Any, lazy: dict[str, str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = lazy  # command name -> "module:attribute"

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *self.lazy])

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy and cmd_name not in self.commands:
            module, _, attribute = self.lazy[cmd_name].partition(":")
            self.add_command(getattr(importlib.import_module(module), attribute), cmd_name)
        return super().get_command(ctx, cmd_name)


@click.group(cls=LazyGroup, lazy={"openclaw": "agenteval.drivers.openclaw_cli:openclaw",
                                  "redteam": "agenteval.cli_redteam:redteam"})
def main() -> None:
    """AgentEval: evaluate conversational AI agents."""


@main.command()
@click.option("--host", help="Interface to listen on [AGENTEVAL_HOST, 127.0.0.1].")
@click.option("--port", type=int, help="Port [AGENTEVAL_PORT, 8000].")
@click.option("--database-url", help="Database URL [AGENTEVAL_DATABASE_URL].")
@click.option("--redis-url", help="Redis URL for events between processes [AGENTEVAL_REDIS_URL].")
def serve(host: str | None, port: int | None, database_url: str | None,
          redis_url: str | None) -> None:
    """Serve the GraphQL API (and GraphiQL) on http://HOST:PORT/graphql.

    The process takes work from the cluster (runs nobody executes, the watchdog,
    the driving of evals) only once its socket is listening, and on SIGTERM stops
    taking work, finishes what is in flight and releases its leases.
    """
    import logging

    from agenteval.app import create_app
    from agenteval.observability.log_format import configure_logging
    from agenteval.serve import serve_app

    settings = _settings(host=host, port=port, database_url=database_url, redis_url=redis_url)
    uvicorn_log_config = configure_logging(settings.log_format)
    # A log line, so that with AGENTEVAL_LOG_FORMAT=json every line of stderr is JSON.
    logging.getLogger("agenteval").info(
        "AgentEval on http://%s:%s/ (web UI; API at /graphql) (database %s)",
        settings.host, settings.port, settings.database_url)
    serve_app(create_app(settings, start_work=False), settings.host, settings.port,
              log_config=uvicorn_log_config)


@main.command()
@click.option("--database-url", help="Database URL [AGENTEVAL_DATABASE_URL].")
def migrate(database_url: str | None) -> None:
    """Apply the database migrations."""
    from agenteval.store import database

    settings = _settings(database_url=database_url)
    asyncio.run(database.migrate(settings.database_url))
    click.echo(f"migrated {settings.database_url}")


@main.command("export-schema")
def export_schema() -> None:
    """Print the GraphQL schema (SDL); `schema.graphql` is this output."""
    from agenteval.api.schema import print_schema_sdl

    sys.stdout.write(print_schema_sdl())


@main.group()
def keys() -> None:
    """Manage API keys."""


@keys.command("create")
@click.option("--name", required=True)
@click.option("--role", required=True,
              type=click.Choice(["ADMIN", "OPERATOR", "AGENT", "VIEWER"], case_sensitive=False))
@click.option("--database-url", help="Database URL [AGENTEVAL_DATABASE_URL].")
def keys_create(name: str, role: str, database_url: str | None) -> None:
    """Create a key and print its secret (shown only this once)."""
    from agenteval.store import api_keys

    async def work() -> str:
        _, secret = await api_keys.create_key(name, role.upper())
        return secret

    click.echo(_run_with_database(_settings(database_url=database_url), work))


@keys.command("list")
@click.option("--database-url", help="Database URL [AGENTEVAL_DATABASE_URL].")
def keys_list(database_url: str | None) -> None:
    """List keys (never their secrets)."""
    from agenteval.store.models import ApiKey

    async def work() -> list[ApiKey]:
        return await ApiKey.all().order_by("created_at")

    for key in _run_with_database(_existing_database(_settings(database_url=database_url)),
                                  work):
        state = "revoked" if key.revoked else "active"
        used = key.last_used_at.isoformat() if key.last_used_at else "never"
        click.echo(f"{key.id}  {key.role:<8}  {state:<7}  last used {used}  {key.name}")


@keys.command("revoke")
@click.argument("key_id")
@click.option("--database-url", help="Database URL [AGENTEVAL_DATABASE_URL].")
def keys_revoke(key_id: str, database_url: str | None) -> None:
    """Revoke a key by id."""
    import uuid

    from agenteval.store.models import ApiKey

    try:
        uuid.UUID(key_id)
    except ValueError:
        raise click.BadParameter(f"{key_id!r} is not a key id") from None

    settings = _existing_database(_settings(database_url=database_url))

    async def work() -> int:
        revoked = await ApiKey.filter(id=key_id).update(revoked=True, revoked_by="agenteval keys revoke")
        if revoked:
            await _announce_revocation(settings.redis_url, key_id)
        return revoked

    if not _run_with_database(settings, work):
        raise click.ClickException(f"no key with id {key_id}")
    click.echo(f"revoked {key_id}")


async def _announce_revocation(redis_url: str | None, key_id: str) -> None:
    """Tell the running processes (through Redis, when there is one) to close the key's
    websockets now; without Redis they find out at their next re-check (api/ws_auth.py)."""
    if not redis_url:
        return
    from agenteval.store.api_keys import announce_revocation
    from agenteval.store.event_bus import RedisEventBus

    bus = RedisEventBus(redis_url)
    try:
        await bus.start()
        await announce_revocation(bus, key_id)
    except Exception as exc:  # noqa: BLE001 - the revocation itself is stored: say so, go on
        click.echo(f"warning: could not announce the revocation through Redis ({exc}); "
                   "open websockets close at their next key re-check", err=True)
    finally:
        await bus.close()


@main.command("demo-bot")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", type=int, default=9100, show_default=True)
@click.option("--language", type=click.Choice(["auto", "zh", "en"]), default="auto",
              show_default=True)
def demo_bot(host: str, port: int, language: LanguageSetting) -> None:
    """Serve the demo bot over HTTP (OpenAI-compatible /v1/chat/completions and plain /chat)."""
    from agenteval.demo_bot.server import run

    click.echo(f"demo bot on http://{host}:{port} (POST /v1/chat/completions, POST /chat)",
               err=True)
    run(host, port, language)


@main.command("run")
@click.argument("scenarios", nargs=-1, required=True, type=click.Path())
@click.option("--target", "target", required=True,
              help="A target file (JSON/YAML with the fields of CreateTargetInput) or a stored target id.")
@click.option("--repeat", type=int, default=1, show_default=True, help="Attempts per case (pass^k).")
@click.option("--concurrency", type=int, default=8, show_default=True)
@click.option("--fail-under", type=float,
              help="Exit 1 when a scenario's pass rate is below this (0..1).")
@click.option("--report", type=click.Path(dir_okay=False), help="Write the Markdown report here.")
@click.option("--json", "json_out", type=click.Path(dir_okay=False),
              help="Write the results as JSON here (docs/run-json.schema.json).")
@click.option("--junit", type=click.Path(dir_okay=False),
              help="Write JUnit XML here (one testsuite per scenario).")
@click.option("--baseline", type=click.Path(dir_okay=False),
              help="A previous --json file: print regressions, improvements and metric deltas.")
@click.option("--fail-on-regression", is_flag=True,
              help="Exit 1 when a case regressed against --baseline.")
@click.option("--models", type=click.Path(dir_okay=False),
              help="A YAML file of model endpoints per role (JUDGE, EMBEDDING, MODERATION); "
                   "otherwise AGENTEVAL_{ROLE}_MODEL / _BASE_URL / _API_KEY.")
@click.option("--cache", "cache_dir", default=".agenteval-cache", show_default=True,
              help="Folder of the model-answer cache kept between runs.")
@click.option("--no-cache", is_flag=True, help="Neither read nor write the model-answer cache.")
@click.option("--quiet", "-q", is_flag=True, help="Print only the verdict line.")
@click.option("--verbose", "-v", is_flag=True,
              help="Also print every rule result, every turn and the passing cases.")
@click.option("--database-url", help="Keep the runs in this database (default: a temporary SQLite).")
def run(scenarios: tuple[str, ...], target: str, repeat: int, concurrency: int,
        fail_under: float | None, report: str | None, json_out: str | None,
        junit: str | None, baseline: str | None, fail_on_regression: bool,
        models: str | None, cache_dir: str, no_cache: bool, quiet: bool, verbose: bool,
        database_url: str | None) -> None:
    """Run scenario files (or folders of them) against a target without a server: a CI gate.

    Exit codes: 0 passed, 1 a pass rate under --fail-under (or a regression with
    --fail-on-regression), 2 bad input, 3 errors it cannot judge.
    """
    with _gate_imports():
        from agenteval.cli_run import run_command
        from agenteval.gate.terminal import NORMAL, QUIET, VERBOSE

    if quiet and verbose:
        raise click.UsageError("--quiet and --verbose exclude each other")
    sys.exit(run_command(list(scenarios), target, repeat=repeat, concurrency=concurrency,
                         fail_under=fail_under, report=report, json_out=json_out,
                         database_url=database_url, junit=junit, baseline=baseline,
                         fail_on_regression=fail_on_regression, models=models,
                         cache=None if no_cache else cache_dir,
                         verbosity=QUIET if quiet else VERBOSE if verbose else NORMAL))


@main.group()
def models() -> None:
    """Model endpoints per role (JUDGE, EMBEDDING, MODERATION, PLANNER, SIMULATOR, ANALYST)."""


@models.command("check")
@click.option("--models", "models_file", type=click.Path(dir_okay=False),
              help="A YAML file of model endpoints per role (as for `run --models`); "
                   "otherwise AGENTEVAL_{ROLE}_MODEL / _BASE_URL / _API_KEY.")
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
def models_check(models_file: str | None, as_json: bool) -> None:
    """One short call per configured role: reachable, latency, usage reported, the
    structured-output form that works, and whether the answer matches the role's schema.
    Exit 0 when every role is usable, 1 when one is not, 2 on bad settings."""
    from agenteval.cli_models import models_check_command

    sys.exit(models_check_command(models_file, as_json, click.echo))


@main.command("import")
@click.option("--from", "source", required=True,
              type=click.Choice(["promptfoo", "botium", "deepeval", "tau2"]),
              help="The tool the test files come from.")
@click.argument("files", nargs=-1, required=True, type=click.Path())
@click.option("--out", type=click.Path(dir_okay=False),
              help="Write the scenario (or seeds) here: .json as JSON, otherwise YAML; "
                   "default stdout.")
@click.option("--as", "as_what", type=click.Choice(["cases", "seeds"]), default="cases",
              show_default=True,
              help="deepeval and tau2: simulated cases, or intelligent-eval seeds.")
@click.option("--message-var", help="promptfoo: the var that holds the user's message.")
def import_tests(source: str, files: tuple[str, ...], out: str | None, as_what: str,
                 message_var: str | None) -> None:
    """Import other tools' tests (promptfoo, Botium .convo.txt, DeepEval
    ConversationalGolden JSON, τ²-bench tasks) as a scenario; prints the mapping table
    (what mapped, what was dropped and why) on stderr. Exit 0 written, 1 nothing
    importable, 2 bad input."""
    from agenteval.cli_import import import_command

    sys.exit(import_command(source, list(files), out, as_what == "seeds", message_var,
                            click.echo))


@main.command("judge")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--rules", "rules_file", required=True, type=click.Path(dir_okay=False),
              help="YAML/JSON with a case's checks (expectation, eval_rules, rule_logic…) "
                   "applied to every conversation.")
@click.option("--format", "file_format", type=click.Choice(["jsonl", "openai", "csv"]),
              help="The log's format [by extension: .jsonl, .csv, otherwise openai].")
@click.option("--sample", type=int, help="Judge only this many conversations, drawn at random.")
@click.option("--seed", type=int, default=0, show_default=True, help="The --sample draw's seed.")
@click.option("--redact", "redact_names", multiple=True,
              help="Mask phone / id_number / email in every message, or drop that metadata "
                   "field; repeatable.")
@click.option("--fail-under", type=float, help="Exit 1 when the pass rate is below this.")
@click.option("--json", "json_out", type=click.Path(dir_okay=False), help="Results as JSON.")
@click.option("--junit", type=click.Path(dir_okay=False), help="JUnit XML.")
@click.option("--report", type=click.Path(dir_okay=False), help="The Markdown report.")
@click.option("--models", type=click.Path(dir_okay=False),
              help="Model endpoints per role (as for `run --models`), for judged rules.")
@click.option("--cache", "cache_dir", default=".agenteval-cache", show_default=True)
@click.option("--no-cache", is_flag=True)
@click.option("--quiet", "-q", is_flag=True)
def judge(file: str, rules_file: str, file_format: str | None, sample: int | None, seed: int,
          redact_names: tuple[str, ...], fail_under: float | None, json_out: str | None,
          junit: str | None, report: str | None, models: str | None, cache_dir: str,
          no_cache: bool, quiet: bool) -> None:
    """Judge logged conversations offline (jsonl, openai or csv) with a rules file: the
    gate's reports over the logged replies, nothing sent to a bot. Exit codes as `run`."""
    with _gate_imports():
        from agenteval.cli_judge import judge_command
        from agenteval.gate.terminal import NORMAL, QUIET

    sys.exit(judge_command(file, rules_file, file_format, sample, seed, list(redact_names),
                           fail_under=fail_under, json_out=json_out, junit=junit,
                           report=report, models=models, cache=None if no_cache else cache_dir,
                           verbosity=QUIET if quiet else NORMAL))


@main.command("docs-rules")
def docs_rules() -> None:
    """Print docs/rules.md: every rule, its parameters with defaults, an example."""
    from agenteval.rule_docs import render_rules_markdown

    sys.stdout.write(render_rules_markdown())


@main.command()
@click.option("--auto-approve", is_flag=True,
              help="Approve the plan and run the whole lifecycle headless.")
@click.option("--report", "report_path", type=click.Path(dir_okay=False),
              default="demo-report.md", show_default=True,
              help="Where to write the report's Markdown (with --auto-approve).")
@click.option("--database-url", help="Database URL [AGENTEVAL_DATABASE_URL].")
@click.option("--models", "models_file", type=click.Path(dir_okay=False),
              help="A YAML file of model endpoints per role: PLANNER, SIMULATOR and ANALYST "
                   "drive the demo eval (scripted without them).")
@click.option("--sessions", type=click.IntRange(min=1),
              help="Keep only this many of the demo's 8 seed goals (fewer sessions), e.g. "
                   "for a slow local model.")
@click.option("--language", type=click.Choice(["en", "zh"]), default="en", show_default=True,
              help="en: the bilingual demo, reported in English; zh: its Chinese customers "
                   "only, planned, judged and reported in Chinese.")
def demo(auto_approve: bool, report_path: str, database_url: str | None,
         models_file: str | None, sessions: int | None, language: str) -> None:
    """Seed the demo into an empty database and plan it; --auto-approve runs it to the report."""
    from agenteval.demo_command import run_demo
    from agenteval.engine.catalog.model_sources import ModelSourceError, file_endpoints

    endpoints = []
    if models_file:
        try:
            endpoints = file_endpoints(Path(models_file).read_text(encoding="utf-8"),
                                       models_file)
        except (OSError, ModelSourceError) as error:
            raise click.UsageError(str(error)) from None
    settings = _settings(database_url=database_url)
    sys.exit(asyncio.run(run_demo(settings, auto_approve, report_path if auto_approve else None,
                                  out=click.echo, models=endpoints, sessions=sessions,
                                  language="zh" if language == "zh" else "en")))


@main.command()
@click.option("--api-url", help="The service's GraphQL URL [AGENTEVAL_PUBLIC_URL].")
@click.option("--api-key", envvar="AGENTEVAL_API_KEY", required=True,
              help="An AGENT key [AGENTEVAL_API_KEY].")
@click.option("--poll-interval", type=float, default=5.0, show_default=True)
def driver(api_url: str | None, api_key: str, poll_interval: float) -> None:
    """Run the built-in driver in its own process against a (remote) service."""
    import logging

    from agenteval.drivers.builtin.process import run_driver_process

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    settings = _settings()
    url = api_url or settings.api_url
    click.echo(f"built-in driver polling {url} every {poll_interval:g} s", err=True)
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(run_driver_process(url, api_key, poll_interval, settings=settings))


if __name__ == "__main__":  # pragma: no cover
    main()
