"""Image-lab page routes (included from chatapp.urls)."""

from django.urls import path

from imagelab import views

urlpatterns = [
    path("imagelab/chats/<int:chat_id>/turn/", views.chat_turn, name="imagelab-turn"),
    path("imagelab/chats/<int:chat_id>/current/", views.choose_current, name="imagelab-current"),
    path("imagelab/jobs/<int:job_id>/result/", views.choose_result, name="imagelab-result"),
    path("imagelab/jobs/<int:job_id>/source.jpg", views.job_source, name="imagelab-job-source"),
    path("imagelab/jobs/<int:job_id>/v<int:variation>/s<int:step>.jpg", views.step_preview, name="imagelab-step"),
    path("imagelab/jobs/<int:job_id>/v<int:variation>/final.jpg", views.final_image, name="imagelab-final"),
    path("imagelab/assets/<int:asset_id>.jpg", views.asset_file, name="imagelab-asset"),
    path(
        "imagelab/assets/<int:asset_id>/preview.jpg",
        views.asset_file,
        {"size": "preview"},
        name="imagelab-asset-preview",
    ),
]
