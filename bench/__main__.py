"""Run every benchmark: ``python -m bench`` calls each ``bench/<module>.py``'s ``main()``.

Each module runs in its own interpreter (a benchmark may configure Django or a database of
its own), one after the other; the exit status is non-zero if any of them failed.
"""
from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path


def main() -> int:
    failed = []
    for module in sorted(m.name for m in pkgutil.iter_modules([str(Path(__file__).parent)])):
        if module.startswith("_"):
            continue
        print(f"== bench.{module}", flush=True)
        code = f"import bench.{module} as b; b.main()"
        if subprocess.run([sys.executable, "-c", code], check=False).returncode:
            failed.append(module)
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
