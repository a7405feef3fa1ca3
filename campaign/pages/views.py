"""Pages of the campaign app: thin views that call campaign selectors and render templates."""
from django.contrib.auth.decorators import login_required
from django.shortcuts import render


@login_required
def home(request):
    """My campaigns: every campaign of the clubs the player belongs to."""
    return render(request, "pages/home.html", {"campaigns": []})
