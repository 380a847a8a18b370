"""Root URLs: pages, auth, admin and the one NinjaAPI."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import URLPattern, include, path
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_safe
from django.views.generic import RedirectView

import chatapp.converters  # noqa: F401 (registers `<id:…>`: ids the database can hold, else 404)
from chatapp import kinds, views
from chatapp.api import api


# Ninja's own pages under /api/: its root (always 404) and the schema and docs (GET and HEAD). Ninja routes them for
# any method and, unlike its operations, not CSRF-exempt: a token client's POST /api/openapi.json was refused as a
# stale page (403 csrf_failed), and a session's PUT got the schema. Now 404, and 405 method_not_allowed in JSON.
def _read_only(view):
    return csrf_exempt(require_safe(view))


_NINJA_PAGES = {"api-root": csrf_exempt, "openapi-json": _read_only, "openapi-view": _read_only}


def _api_urls():
    patterns, app_name, namespace = api.urls
    wrapped = [
        URLPattern(p.pattern, _NINJA_PAGES[p.name](p.callback), p.default_args, p.name) if p.name in _NINJA_PAGES else p
        for p in patterns
    ]
    return wrapped, app_name, namespace


# Django's own 400s (a form too large or with too many fields to read) answered in words.
handler400 = "chatapp.views.bad_request"

urlpatterns = [
    path("", views.chat_list, name="chat-list"),
    # "/chats/" is where a person trimming "/chats/12/" lands: the list, not a 404.
    path("chats/", RedirectView.as_view(pattern_name="chat-list"), name="chat-index"),
    path("chats/new/", views.chat_create, name="chat-create"),
    path("chats/<id:chat_id>/", views.chat_detail, name="chat-detail"),
    path("chats/<id:chat_id>/rename/", views.chat_rename, name="chat-rename"),
    path("chats/<id:chat_id>/delete/", views.chat_delete, name="chat-delete"),
    path("chats/<id:chat_id>/pin/", views.chat_pin, name="chat-pin"),
    path("search/", views.chat_search, name="chat-search"),
    path("account/", views.account, name="account"),
    path("signup/", views.signup, name="signup"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("api/", _api_urls()),
    # Each chat kind's own pages (lists, image files…), named by dotted path.
    *(path("", include(kind.urls)) for kind in kinds.all_kinds() if kind.urls),
]
