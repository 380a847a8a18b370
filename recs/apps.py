from django.apps import AppConfig


class RecsConfig(AppConfig):
    name = "recs"
    verbose_name = "Movie recommendations"

    def ready(self):
        from chatapp import render
        from recs.selectors import pick_marks_context

        # Every render of a movie message (page, turn end, reconnect) shows the cards' list state.
        render.register_context(kind="movies", provider=pick_marks_context)
