"""Movie-chat page URLs."""

from django.urls import path

import chatapp.converters  # noqa: F401 (registers `<id:…>`: ids the database can hold, else 404)
from recs import views

urlpatterns = [
    path(
        "chats/<id:chat_id>/turns/<str:turn_key>/picks/<id:index>/<str:list_name>/",
        views.pick_to_list,
        name="pick-to-list",
    ),
    path("chats/<id:chat_id>/turns/<str:turn_key>/proposal/", views.proposal_decide, name="proposal-decide"),
    path("lists/", views.lists_page, name="lists"),
    path("lists/import/", views.letterboxd_import, name="letterboxd-import"),
    path("lists/<str:list_name>.csv", views.list_download, name="list-download"),
    path("lists/<str:list_name>/<id:item_id>/remove/", views.list_item_remove, name="list-item-remove"),
    path("lists/seen/<id:item_id>/rate/", views.seen_rate, name="seen-rate"),
    path("memory/reset/", views.memory_reset, name="memory-reset"),
    path("memory/autostart/", views.autostart_toggle, name="autostart-toggle"),
]
