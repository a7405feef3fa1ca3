"""Mercenaries: Banana Hell (Наемники: Банановый ад), Savage Worlds house rules: the pure rule
layer (digest ``shared/rules/001-mercenaries-banana-hell.md``). Not yet a registered rule
system: ``README.md`` says what is built."""
