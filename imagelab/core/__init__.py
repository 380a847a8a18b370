"""The pure image core: ops, fused passes, the plan DSL, normalisation, execution, upload decoding. No Django."""
