"""The outbox: Celery work recorded in the transaction of the write that needs it.

A row is written with the write and deleted once its message is with Celery
(``campaign.services.outbox``); a row that stays is work a broker outage kept back, for the
relay to hand over.
"""
from django.db import models


class OutboxMessage(models.Model):
    task = models.CharField(max_length=200, help_text="the Celery task's name")
    args = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.task}{tuple(self.args)}"
