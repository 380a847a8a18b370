"""Constants for the planner's tests against the fake OpenAI server."""

FAKE_API_KEY = "sk-test-fake-key-0123456789abcdef"
