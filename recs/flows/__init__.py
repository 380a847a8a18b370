"""The movie chat's turns (v2 and legacy v1), their prompts, history replay and planner tools."""
