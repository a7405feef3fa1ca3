"""Rule systems: pure Python folds, no Django, no I/O, no random numbers (DESIGN.md).

Where ``make compiled`` has built them, the same modules run compiled (:mod:`rules.compiled`):
importing the package installs the finder that loads them while their source is unchanged.
"""

from rules import compiled as _compiled

_compiled.install()
