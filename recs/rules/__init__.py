"""The offline movie recommender: parse a request, rank catalogue films, answer questions (no Django)."""
