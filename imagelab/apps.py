from django.apps import AppConfig


class ImagelabConfig(AppConfig):
    name = "imagelab"
    verbose_name = "Image lab"
