from django.apps import AppConfig


class RecsConfig(AppConfig):
    name = "recs"
    verbose_name = "Movie recommendations"
