"""``python -m rules build``: compile the rules (:mod:`rules.compiled`); ``python -m rules``:
what the running interpreter loads compiled, and what runs as Python because it changed."""

import json
import sys

from rules import compiled


def main(argv: list[str]) -> int:
    if argv == ["build"]:
        manifest = compiled.build()
        print(f"compiled {len(manifest['modules'])} modules of rules/ into {compiled.BUILD}")
        return 0
    if argv:
        print(__doc__)
        return 2
    import rules.steelwar.system  # noqa: F401 - the rule system, through the finder if any

    print(json.dumps(compiled.status(), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
