"""Image-lab page routes (included from chatapp.urls)."""

from django.urls import path

import chatapp.converters  # noqa: F401 (registers `<id:…>`: ids the database can hold, else 404)
from imagelab import views

urlpatterns = [
    path("imagelab/chats/<id:chat_id>/turn/", views.chat_turn, name="imagelab-turn"),
    path("imagelab/chats/<id:chat_id>/current/", views.choose_current, name="imagelab-current"),
    path("imagelab/jobs/<id:job_id>/result/", views.choose_result, name="imagelab-result"),
    path("imagelab/jobs/<id:job_id>/source.jpg", views.job_source, name="imagelab-job-source"),
    path("imagelab/jobs/<id:job_id>/v<id:variation>/s<id:step>.jpg", views.step_preview, name="imagelab-step"),
    path("imagelab/jobs/<id:job_id>/v<id:variation>/final.jpg", views.final_image, name="imagelab-final"),
    path("imagelab/assets/<id:asset_id>.jpg", views.asset_file, name="imagelab-asset"),
    path(
        "imagelab/assets/<id:asset_id>/preview.jpg",
        views.asset_file,
        {"size": "preview"},
        name="imagelab-asset-preview",
    ),
]
