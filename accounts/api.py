"""Personal API tokens over the API: list mine, create one (its key shown once), revoke one."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import tokens
from accounts.models import ApiToken
from config.api_errors import ApiError


class TokenSerializer(serializers.ModelSerializer):
    class Meta:
        model = ApiToken
        fields = ["id", "name", "prefix", "created_at", "expires_at", "last_used_at"]


class CreatedTokenSerializer(TokenSerializer):
    key = serializers.CharField(help_text="send as 'Authorization: Token <key>'; shown only now")

    class Meta(TokenSerializer.Meta):
        fields = [*TokenSerializer.Meta.fields, "key"]


class TokenCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=100, help_text="what the token is for")
    expires_in_days = serializers.IntegerField(
        required=False, min_value=1, max_value=tokens.MAX_DAYS,
        help_text="without it, the token lasts until revoked",
    )


class TokenListView(APIView):
    """Your API tokens; create one (only when signed in, not with another token)."""

    @extend_schema(responses=TokenSerializer(many=True))
    def get(self, request: Request) -> Response:
        return Response(TokenSerializer(tokens.tokens_of(request.user), many=True).data)

    @extend_schema(request=TokenCreateSerializer, responses={201: CreatedTokenSerializer})
    def post(self, request: Request) -> Response:
        if isinstance(request.auth, ApiToken):
            raise ApiError(
                "session_required",
                _("sign in to create a token: a token cannot create another"),
                status_code=status.HTTP_403_FORBIDDEN,
            )
        form = TokenCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        token, key = tokens.create_token(user=request.user, **form.validated_data)
        token.key = key
        return Response(CreatedTokenSerializer(token).data, status=status.HTTP_201_CREATED)


class TokenDetailView(APIView):
    @extend_schema(responses={204: None})
    def delete(self, request: Request, pk: int) -> Response:
        """Revoke one of your tokens: it authenticates no more."""
        tokens.revoke_token(user=request.user, token_id=pk)
        return Response(status=status.HTTP_204_NO_CONTENT)
