"""Personal API tokens: a script's credential, kept only as a SHA-256 digest."""

from django.conf import settings
from django.db import models


class ApiToken(models.Model):
    """A token its owner created for scripts; the key itself is shown once and not stored.

    ``digest`` is the SHA-256 of the key: the key is 256 random bits, so a fast hash is as
    safe as a slow one and a lookup costs one indexed query, never a password hash."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(max_length=100)
    prefix = models.CharField(max_length=12, help_text="the key's first characters")
    digest = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(null=True, blank=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"
