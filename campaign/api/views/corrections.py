"""Voiding and amending ledger entries (organizers; ``campaign.services.corrections``)."""
from __future__ import annotations

from campaign.api import serializers as s
from campaign.api.base import CommandView
from campaign.services import corrections as services


class VoidView(CommandView):
    """Void the ledger entry at ``<version>`` (reason and expected_version required):
    everything after it is folded again without it."""

    serializer_class = s.EntryVoidSerializer

    def perform(self, campaign, data, write, **kwargs):
        return services.void_entry(user=self.request.user, campaign=campaign,
                                   target_version=kwargs["version"], reason=data["reason"],
                                   **write)


class AmendView(CommandView):
    """Amend the ledger entry at ``<version>`` with ``data`` (reason and expected_version
    required): checked as the original was, everything after it folded again."""

    serializer_class = s.EntryAmendSerializer

    def perform(self, campaign, data, write, **kwargs):
        return services.amend_entry(user=self.request.user, campaign=campaign,
                                    target_version=kwargs["version"], data=data["data"],
                                    reason=data["reason"], **write)
