"""Operational views."""
from django.db import connection
from django.http import JsonResponse


def health(request):
    """Liveness and database reachability, for load balancers and compose health checks."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"status": "ok", "database": connection.vendor})
