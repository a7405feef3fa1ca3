"""The read-order column (`order_xid`): a transaction id on PostgreSQL (see docs/eventstore.md)."""
from __future__ import annotations

from django.db import models


class CurrentTransactionId(models.Func):
    """``pg_current_xact_id()`` on PostgreSQL; 0 on SQLite, whose writers are serialised."""

    function = "pg_current_xact_id"
    arity = 0
    output_field = models.BigIntegerField()

    def as_sqlite(self, compiler, connection, **extra_context):
        return "0", []


class TransactionIdField(models.BigIntegerField):
    """``xid8`` on PostgreSQL (a 64-bit, never-wrapping transaction id), ``bigint`` elsewhere."""

    def db_type(self, connection):
        return "xid8" if connection.vendor == "postgresql" else super().db_type(connection)

    def from_db_value(self, value, expression, connection):
        return None if value is None else int(value)
