"""Helpers shared by tests: plain functions, classes and constants, never fixtures. Import them from here.

One module per topic:

* `ws` — websocket communicators on the real ASGI app, frame collection, turn waits.
* `proposals` — a chat whose answer is a pending diff card.
* `images` — synthetic photos, running an image turn, its job and assistant message.
* `api` — test clients carrying a personal API token.
* `planner` — constants for the planner's OpenAI tests.
* `browser` — real daphne servers for the end-to-end tests, sign-up and chat-page steps.
* `image_page` — steps and checks on the image lab's page in Chromium.

Fixtures stay in conftest.py files (pytest must find them there) and may wrap these helpers.
The fake HTTP servers stay in tests/fakes/.
"""
