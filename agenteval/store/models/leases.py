"""Leases: which process owns a piece of work (a run, a session's turn, the driving of an eval)."""

from tortoise import fields
from tortoise.models import Model


class Lease(Model):
    """One named piece of work, its owner, its fencing epoch and its expiry.

    `epoch` grows by one with every claim, so writes fenced with an older epoch
    fail. `expires_at` is seconds since the Unix epoch on the database's clock;
    a released lease has `owner` "" and `expires_at` 0 (the epoch is kept).
    """

    _no_comments = True  # no "#:" field comments: tortoise need not read the source

    name = fields.CharField(max_length=200, primary_key=True)
    owner = fields.CharField(max_length=200, default="")
    epoch = fields.BigIntField(default=0)
    expires_at = fields.FloatField(default=0.0, db_index=True)

    class Meta:
        table = "leases"
