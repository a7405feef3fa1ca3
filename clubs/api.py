"""Clubs REST API (``/api/clubs/``, ``/api/invitations/``): the clubs you belong to, a club's
members and roles, its invitations, and accepting an invitation.

Thin views over ``clubs.selectors``, ``clubs.memberships`` and ``clubs.invitations``:
outsiders get 404 for a club, its members read, its organizers manage (403 for a player).
"""
from __future__ import annotations

from datetime import timedelta

from django.utils.translation import get_language
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import generics, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs import invitations, memberships
from clubs.models import Club, Invitation, Membership
from clubs.selectors import club_role, clubs_with_role, member_club
from config.error_schema import ErrorSerializer

#: The refusals of a role change or a removal: the club must keep an organizer.
LAST_ORGANIZER = {422: OpenApiResponse(ErrorSerializer, description=(
    "last_organizer: the club's last organizer cannot be demoted, removed or leave"))}
#: The refusals of an invitation that can no longer be used.
CLOSED = {409: OpenApiResponse(ErrorSerializer, description=(
    "invitation_used, invitation_revoked, invitation_expired, already_a_member"))}


class ClubSerializer(serializers.ModelSerializer):
    role = serializers.CharField(read_only=True, help_text="your role in the club")

    class Meta:
        model = Club
        fields = ["id", "name", "slug", "role"]


class ClubListView(generics.ListAPIView):
    """The clubs you belong to, with your role in each."""

    serializer_class = ClubSerializer

    def get_queryset(self):
        return clubs_with_role(user=self.request.user)


class ClubDetailView(APIView):
    @extend_schema(responses=ClubSerializer)
    def get(self, request: Request, club_id: int) -> Response:
        """A club you belong to, with your role in it (404 for outsiders)."""
        club = member_club(user=request.user, club_id=club_id)
        club.role = club_role(user=request.user, club_id=club.pk)
        return Response(ClubSerializer(club).data)


class MemberSerializer(serializers.ModelSerializer):
    username = serializers.CharField(source="user.username", read_only=True)

    class Meta:
        model = Membership
        fields = ["id", "username", "role", "joined_at"]
        read_only_fields = ["id", "username", "joined_at"]


class RoleSerializer(serializers.Serializer):
    role = serializers.ChoiceField(choices=Membership.Role.choices)


class MemberListView(APIView):
    @extend_schema(responses=MemberSerializer(many=True))
    def get(self, request: Request, club_id: int) -> Response:
        """The club's members and their roles (members read)."""
        rows = memberships.memberships(user=request.user, club_id=club_id)
        return Response(MemberSerializer(rows, many=True).data)


class MemberDetailView(APIView):
    @extend_schema(request=RoleSerializer, responses={200: MemberSerializer, **LAST_ORGANIZER})
    def patch(self, request: Request, club_id: int, pk: int) -> Response:
        """Change a member's role (organizers; never the last organizer away)."""
        form = RoleSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        membership = memberships.change_role(user=request.user, club_id=club_id,
                                             membership_id=pk, role=form.validated_data["role"])
        return Response(MemberSerializer(membership).data)

    @extend_schema(responses={204: None, **LAST_ORGANIZER})
    def delete(self, request: Request, club_id: int, pk: int) -> Response:
        """Remove a member (organizers), or leave the club (your own membership)."""
        memberships.remove_member(user=request.user, club_id=club_id, membership_id=pk)
        return Response(status=status.HTTP_204_NO_CONTENT)


class InvitationSerializer(serializers.ModelSerializer):
    url = serializers.SerializerMethodField(help_text="the link to send (single use)")
    created_by = serializers.CharField(source="created_by.username", read_only=True, allow_null=True,
                                       default=None)

    class Meta:
        model = Invitation
        fields = ["id", "role", "email", "url", "created_by", "created_at", "expires_at"]

    def get_url(self, invitation: Invitation) -> str:
        return invitations.invitation_url(invitation)


class InvitationCreateSerializer(serializers.Serializer):
    role = serializers.ChoiceField(choices=Membership.Role.choices,
                                   default=Membership.Role.PLAYER)
    email = serializers.EmailField(required=False, allow_blank=True,
                                   help_text="the link is e-mailed there")
    valid_for_days = serializers.IntegerField(
        required=False, min_value=1, max_value=invitations.MAX_VALID_FOR.days,
        help_text=f"default {invitations.VALID_FOR.days}")


class InvitationListView(APIView):
    @extend_schema(responses=InvitationSerializer(many=True))
    def get(self, request: Request, club_id: int) -> Response:
        """The club's open invitations (organizers)."""
        rows = invitations.open_invitations(user=request.user, club_id=club_id)
        return Response(InvitationSerializer(rows, many=True).data)

    @extend_schema(request=InvitationCreateSerializer, responses={201: InvitationSerializer})
    def post(self, request: Request, club_id: int) -> Response:
        """Invite someone with a role (organizers); with an e-mail, the link is sent there."""
        form = InvitationCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        invitation = invitations.invite(
            user=request.user, club_id=club_id, role=data["role"], email=data.get("email", ""),
            valid_for=timedelta(days=data.get("valid_for_days", invitations.VALID_FOR.days)),
            language=get_language())
        return Response(InvitationSerializer(invitation).data, status=status.HTTP_201_CREATED)


class InvitationDetailView(APIView):
    @extend_schema(responses={204: None, 409: OpenApiResponse(
        ErrorSerializer, description="invitation_used: a used invitation cannot be revoked")})
    def delete(self, request: Request, club_id: int, pk: int) -> Response:
        """Revoke an open invitation (organizers): its link no longer works."""
        invitations.revoke(user=request.user, club_id=club_id, invitation_id=pk)
        return Response(status=status.HTTP_204_NO_CONTENT)


class AcceptSerializer(serializers.Serializer):
    """Nothing to send: the token in the path is the invitation (an empty body or ``{}``)."""


class AcceptView(APIView):
    @extend_schema(request=AcceptSerializer, responses={
        201: MemberSerializer, **CLOSED,
        400: OpenApiResponse(ErrorSerializer, description="a body that is not a JSON object"),
        415: OpenApiResponse(ErrorSerializer, description="a body in a media type the API "
                                                          "does not read")})
    def post(self, request: Request, token: str) -> Response:
        """Join the invitation's club with its role (409 when expired, used or revoked, or
        when you are already a member)."""
        AcceptSerializer(data=request.data).is_valid(raise_exception=True)
        membership = invitations.accept(user=request.user, token=token)
        return Response(MemberSerializer(membership).data, status=status.HTTP_201_CREATED)
