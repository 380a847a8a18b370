"""How a recorded story source reads in an answer: "Fight Club (1999): based on a book or short story"."""

SOURCE_SAID = {
    "Original Screenplay": "an original screenplay, not based on a book, a true story or an earlier film",
    "Based on Book/Short Story": "based on a book or short story",
    "Based on Real Life Events": "based on real events (a true story)",
    "Based on Factual Book/Article": "based on a factual book or article (a true story)",
    "Remake": "a remake of an earlier film",
    "Based on TV": "based on a TV show",
    "Based on Comic/Graphic Novel": "based on a comic or graphic novel",
    "Based on Play": "based on a play",
    "Based on Game": "based on a video game",
    "Traditional/Legend/Fairytale": "based on a traditional story, legend or fairy tale",
    "Based on Musical/Opera": "based on a stage musical or opera",
    "Based on Magazine Article": "based on a magazine article (about real events)",
    "Based on Short Film": "a remake of a short film",
    "Spin-Off": "a spin-off of another film",
    "Disney Ride": "based on a Disney theme-park ride",
    "Based on Toy": "based on a toy",
}
