"""Where films come from: the Movie type, the embedded catalogue, the TMDB client, the active source."""
