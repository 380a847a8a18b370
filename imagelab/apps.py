from django.apps import AppConfig


class ImagelabConfig(AppConfig):
    name = "imagelab"
    verbose_name = "Image lab"

    def ready(self) -> None:
        from django.conf import settings

        from imagelab import cleanup
        from imagelab.core.memory import keep_freed_memory
        from imagelab.kind import register_kind

        register_kind()
        cleanup.connect()
        keep_freed_memory(settings.IMAGE_MALLOC_KEEP_MB)  # process-wide: set once, where image jobs may run
