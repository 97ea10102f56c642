"""The owned entity kinds' names, each spelled once: what leases (`"<kind>:<key>"`,
actors.ownership.lease_name), the store adapters that fence a kind's writes and say when
its keys lapsed, the metrics and the composition root call a kind.

Plain strings: the domain imports no runtime. A kind whose entities take messages also
has a typed key, declared with its messages in the engine (Akka Typed's EntityTypeKey:
the name together with the message type, so `OwnedSystem.ask(RUN, key, StartRun())`
refuses, under mypy, a message the kind does not take): `RUN` in
engine/static/commands.py, `EVAL` and `SESSION` in engine/intelligent/commands.py, each
built from the name here. A kind without messages (background work, an interval pass,
a singleton) is declared with its name alone; a plain name cannot be asked at all.
"""

from __future__ import annotations

from typing import Final

# a static run, held while it executes (activation)
RUN: Final = "run"
# an intelligent eval, claimed per command (per-message)
EVAL: Final = "eval"
# an eval's session, claimed per message (per-message)
SESSION: Final = "session"
# the built-in driver's role work for an eval (work)
DRIVE: Final = "drive"
# a wake-up waiting for a busy drive (work's waiting kind)
DRIVE_WAIT: Final = "drive-wait"
# openclaw's schedule of an eval's session wake-ups (work)
SCHEDULES: Final = "sessions"
# a pass, once per interval cluster-wide (interval)
WATCHDOG: Final = "watchdog"
# a purge, once per interval cluster-wide (interval)
RETENTION: Final = "retention"
# the webhook sender, one process at a time (singleton)
WEBHOOKS: Final = "webhooks"
# an alignJudge attempt judged in the background (work; a lapsed one ends FAILED)
ALIGNMENT: Final = "alignment"
