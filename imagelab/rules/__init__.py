"""The offline variation planner: instruction → intent → five local plans. Pure: no Django."""
