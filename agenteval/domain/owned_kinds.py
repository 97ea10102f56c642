"""The names of the owned entity kinds: one spelling, read by the engine that declares each
kind, the store adapters that fence its writes and say when its keys lapsed, and the
composition root. A kind's leases are named `"<kind>:<key>"` (actors.ownership.lease_name).
"""

from __future__ import annotations

from typing import Final

RUN: Final = "run"  # a static run, held while it executes (activation)
EVAL: Final = "eval"  # an intelligent eval, claimed per command (per-message)
SESSION: Final = "session"  # an eval's session, claimed per message (per-message)
DRIVE: Final = "drive"  # the built-in driver's role work for an eval (work)
DRIVE_WAIT: Final = "drive-wait"  # a wake-up waiting for a busy drive (work's waiting kind)
SCHEDULES: Final = "sessions"  # openclaw's schedule of an eval's session wake-ups (work)
WATCHDOG: Final = "watchdog"  # a pass, once per interval cluster-wide (interval)
RETENTION: Final = "retention"  # a purge, once per interval cluster-wide (interval)
WEBHOOKS: Final = "webhooks"  # the webhook sender, one process at a time (singleton)
