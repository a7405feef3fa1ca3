"""Rule systems: pure Python folds, no Django, no I/O, no random numbers (DESIGN.md)."""
