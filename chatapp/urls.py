"""Root URLs: pages, auth, admin and the one NinjaAPI."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

import chatapp.converters  # noqa: F401 (registers `<id:…>`: ids the database can hold, else 404)
from chatapp import kinds, views
from chatapp.api import api

# Django's own 400s (a form too large or with too many fields to read) answered in words.
handler400 = "chatapp.views.bad_request"

urlpatterns = [
    path("", views.chat_list, name="chat-list"),
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
    path("api/", api.urls),
    # Each chat kind's own pages (lists, image files…), named by dotted path.
    *(path("", include(kind.urls)) for kind in kinds.all_kinds() if kind.urls),
]
