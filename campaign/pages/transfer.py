"""The campaign import pages: a file input, then the import's progress bar (polling the API)
until the new campaign is there or the file is refused with the place at fault."""
from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from campaign.services import import_jobs
from clubs.models import Club, Membership
from config import errors
from config.api_errors import localized_message


class ImportForm(forms.Form):
    club = forms.ModelChoiceField(label=_("Club"), queryset=Club.objects.none(),
                                  empty_label=None)
    file = forms.FileField(label=_("Campaign file (.json)"),
                           widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}))
    name = forms.CharField(label=_("New name (optional)"), required=False, max_length=200,
                           help_text=_("A club's campaigns have different names."))

    def __init__(self, *args, clubs, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs


def organized_clubs(user):
    return Club.objects.filter(memberships__user=user,
                               memberships__role=Membership.Role.ORGANIZER).order_by("name")


@login_required
def import_page(request):
    """Organizers choose one of their clubs and a file; the import runs as a task."""
    clubs = organized_clubs(request.user)
    if not clubs.exists():
        raise PermissionDenied(_("Only a club's organizers may import a campaign."))
    form = ImportForm(request.POST or None, request.FILES or None, clubs=clubs)
    if request.method == "POST" and form.is_valid():
        from campaign.api.views.transfer import read_upload

        try:
            document = read_upload(form.cleaned_data["file"],
                                   settings.CAMPAIGN_IMPORT_MAX_BODY_SIZE)
            job = import_jobs.start_import(
                user=request.user, club=form.cleaned_data["club"], document=document,
                name=form.cleaned_data["name"] or None, language=get_language())
        except errors.DomainError as error:
            form.add_error("file", localized_message(error.code, error.message)[0])
        else:
            return redirect("campaign_pages:import-job", job=job["job"])
    return render(request, "pages/campaign_import.html",
                  {"form": form, "limit_mb": settings.CAMPAIGN_IMPORT_MAX_BODY_SIZE // 2**20})


@login_required
def import_job_page(request, job: str):
    """The import's progress bar, then a link to the new campaign, or the refusal."""
    try:
        status = import_jobs.job_status(user=request.user, job=job)
    except errors.NotFound:
        raise Http404(job) from None
    return render(request, "pages/campaign_import_job.html", {"status": status})
