"""``python -m rules build [--train "<command>"]``: compile the rules (:mod:`rules.compiled`),
profile-guided by the run of ``<command>`` when the compiler is GCC; ``python -m rules``: what
the running interpreter loads compiled, and what runs as Python because it changed."""

import json
import shlex
import sys

from rules import compiled


def main(argv: list[str]) -> int:
    if argv[:1] == ["build"] and (len(argv) == 1 or (len(argv) == 3 and argv[1] == "--train")):
        train = shlex.split(argv[2]) if len(argv) == 3 else None
        try:
            manifest = compiled.build(train=train)
        except compiled.BuildError as error:
            print(f"rules build failed: {error}", file=sys.stderr)
            return 1
        print(f"compiled {len(manifest['modules'])} modules of rules/ into {compiled.BUILD}")
        if manifest["profile"]:
            print(f"profile-guided by: {manifest['profile']}")
        elif train:
            print("not profile-guided: the C compiler is not GCC")
        return 0
    if argv:
        print(__doc__)
        return 2
    import rules.steelwar.system  # noqa: F401 - the rule system, through the finder if any

    print(json.dumps(compiled.status(), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
