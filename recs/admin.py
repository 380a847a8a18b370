from django.contrib import admin

from recs.models import Recommendation


@admin.register(Recommendation)
class RecommendationAdmin(admin.ModelAdmin):
    list_display = ("title", "year", "source", "movie_id", "chat", "created_at")
    list_filter = ("source",)
    search_fields = ("title",)
