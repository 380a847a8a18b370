from django.apps import AppConfig


class ImagelabConfig(AppConfig):
    name = "imagelab"
    verbose_name = "Image lab"

    def ready(self) -> None:
        from imagelab import cleanup
        from imagelab.kind import register_kind

        register_kind()
        cleanup.connect()
