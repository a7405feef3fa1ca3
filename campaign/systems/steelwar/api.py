"""The Steel War's own campaign commands over the API (mounted with the core's routes under
``/api/campaigns/<id>/`` by ``campaign.urls``): rest and front, leadership, recovery rolls,
motivation. Other systems' campaigns answer 404 here."""
from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework import serializers, status

from campaign.api.base import CommandView
from campaign.api.serializers import WriteSerializer
from campaign.systems.steelwar import services
from config.api_errors import ApiError
from config.request_input import INT32_MAX


class LeadershipSerializer(WriteSerializer):
    leadership = serializers.IntegerField(min_value=1, max_value=3)
    reason = serializers.CharField(required=False, default="")


class RecoveryRollSerializer(WriteSerializer):
    roll = serializers.IntegerField(required=False, max_value=INT32_MAX,
                                    help_text="a physical die (organizers)")


class MotivationSerializer(WriteSerializer):
    force_id = serializers.IntegerField(max_value=INT32_MAX)
    motivation = serializers.CharField()


class SteelWarCommandView(CommandView):
    """A command of the Steel War's campaign plug-in: 404 for another system's campaign."""

    def get_campaign(self):
        campaign = super().get_campaign()
        if campaign.rule_system != "steelwar":
            raise ApiError("not_found", _("this campaign's rule system has no such command"),
                           status_code=status.HTTP_404_NOT_FOUND)
        return campaign


class ForceRestView(SteelWarCommandView):
    """Rotate the force out to rest (organizers); its fatigue falls while there."""

    serializer_class = WriteSerializer

    def perform(self, campaign, data, write, ref: int):
        return services.send_force_to_rest(user=self.request.user, campaign=campaign,
                                           force_id=ref, **write)


class ForceFrontView(SteelWarCommandView):
    """Send the force back to the front (organizers)."""

    serializer_class = WriteSerializer

    def perform(self, campaign, data, write, ref: int):
        return services.send_force_to_front(user=self.request.user, campaign=campaign,
                                            force_id=ref, **write)


class LeadershipView(SteelWarCommandView):
    serializer_class = LeadershipSerializer

    def perform(self, campaign, data, write, ref: int):
        return services.change_leadership(user=self.request.user, campaign=campaign,
                                          soldier_id=ref, **data, **write)


class RecoveryRollView(SteelWarCommandView):
    """A recovery roll for a recovering soldier (house rule): rolled by the server unless
    an organizer enters a physical die."""

    serializer_class = RecoveryRollSerializer

    def perform(self, campaign, data, write, ref: int):
        return services.roll_recovery(user=self.request.user, campaign=campaign,
                                      soldier_id=ref, entered_roll=data.get("roll"), **write)


class MotivationView(SteelWarCommandView):
    """A side's motivation for the scenario (organizers; §2.17)."""

    serializer_class = MotivationSerializer

    def perform(self, campaign, data, write, ref: int):
        return services.set_motivation(user=self.request.user, campaign=campaign,
                                       scenario_id=ref, **data, **write)
