"""The interpreter a benchmark ran on, for its report.

CPython's speed depends on how it was built: on the development VM, pyenv's 3.11.7 (no
profile-guided optimisation or LTO, ``--enable-shared``) runs the rules fold about 20% slower
than Debian's ``/usr/bin/python3.11``, which is built like the Dockerfile's
``python:3.11-slim`` (PGO + LTO). docs/benchmarks.md compares them.
"""

from __future__ import annotations

import os
import platform
import sys


def python() -> dict[str, str]:
    """Version, executable and build of the running interpreter."""
    return {
        "version": platform.python_version(),
        "executable": os.path.realpath(sys.executable),  # through a venv's link
        "build": " ".join(platform.python_build()),
        "compiler": platform.python_compiler(),
    }
