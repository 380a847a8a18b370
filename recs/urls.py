"""Movie-chat page URLs."""

from django.urls import path

from recs import views

urlpatterns = [
    path(
        "chats/<int:chat_id>/turns/<str:turn_key>/picks/<int:index>/<str:list_name>/",
        views.pick_to_list,
        name="pick-to-list",
    ),
    path("chats/<int:chat_id>/turns/<str:turn_key>/proposal/", views.proposal_decide, name="proposal-decide"),
    path("lists/", views.lists_page, name="lists"),
    path("lists/import/", views.letterboxd_import, name="letterboxd-import"),
    path("lists/<str:list_name>.csv", views.list_download, name="list-download"),
    path("lists/<str:list_name>/<int:item_id>/remove/", views.list_item_remove, name="list-item-remove"),
    path("lists/seen/<int:item_id>/rate/", views.seen_rate, name="seen-rate"),
    path("memory/reset/", views.memory_reset, name="memory-reset"),
    path("memory/autostart/", views.autostart_toggle, name="autostart-toggle"),
]
