"""The one error body of the API (:mod:`config.api_errors`) as the OpenAPI schema shows it,
for the battles and campaign views and the framework's own errors (:mod:`config.schema`)."""

from rest_framework import serializers


class ErrorSerializer(serializers.Serializer):
    """Every error of the API (:func:`config.api_errors.error_body`)."""

    code = serializers.CharField(help_text="machine code")
    message = serializers.CharField(help_text="a sentence in the request's language")
    rule = serializers.CharField(allow_null=True, help_text="the rulebook reference, if any")
    field = serializers.CharField(allow_null=True, help_text="the input path at fault, if any")
    errors = serializers.JSONField(required=False, help_text="every invalid field (400)")
    current_version = serializers.IntegerField(
        required=False, help_text="the stream's version (409 wrong_expected_version)"
    )
    message_en = serializers.CharField(
        required=False, help_text="the rule engine's English, when the message is translated"
    )
