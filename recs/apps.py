from django.apps import AppConfig


class RecsConfig(AppConfig):
    name = "recs"
    verbose_name = "Movie recommendations"

    def ready(self):
        from recs.kind import register_kind

        register_kind()
