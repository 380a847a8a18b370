"""Log-in throttling (django-axes, configured in settings): who counts as one client, and the lockout answer.

django-axes' backend runs before the password backend, so a locked-out client never reaches the password
hasher; failures are counted per IP and per account from that IP (settings.AXES_LOCKOUT_PARAMETERS).
"""

import math

from axes.helpers import get_cool_off
from django.contrib.auth.forms import AuthenticationForm
from django.shortcuts import render


def client_ip(request) -> str:
    """The peer address daphne reports: never a header a client could forge (behind a proxy run
    daphne with --proxy-headers, so the proxy's X-Forwarded-For becomes this address)."""
    return request.META.get("REMOTE_ADDR", "")


def lockout_message(request) -> str:
    minutes = max(1, math.ceil(get_cool_off(request).total_seconds() / 60))
    return f"Too many failed log-ins; try again in {minutes} minute{'s' if minutes != 1 else ''}."


def lockout_response(request, original_response=None, credentials=None):
    """The log-in page again (429, Retry-After) saying when to try again; nothing was checked."""
    message = lockout_message(request)
    form = AuthenticationForm(request)
    response = render(request, "registration/login.html", {"form": form, "locked_out": message}, status=429)
    response["Retry-After"] = str(int(get_cool_off(request).total_seconds()))
    return response
