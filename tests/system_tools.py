"""The programs outside Python that the browser and print tests drive.

The README's test command must work on a fresh machine: when a program is missing and we run as
root on Debian, the packages are installed once, at the start of the session; otherwise the
tests that need them fail with the command that installs them (they never skip).
"""

from __future__ import annotations

import os
import shutil
import subprocess

#: program -> the Debian package that ships it
PROGRAMS = {
    "chromium": "chromium",
    "chromedriver": "chromium-driver",
    "soffice": "libreoffice-calc-nogui",
    "pdftotext": "poppler-utils",
    "pdftoppm": "poppler-utils",
}
#: fonts the rendered pages and workbooks need for Latin and Cyrillic text
FONTS = ("fonts-dejavu-core", "fonts-liberation2")
INSTALL_SECONDS = 1200


def missing() -> list[str]:
    return [p for p in PROGRAMS if shutil.which(p) is None]


def install_command(programs: list[str]) -> list[str]:
    packages = sorted({PROGRAMS[p] for p in programs} | set(FONTS))
    return ["apt-get", "install", "-y", "-q", *packages]


def ensure() -> str | None:
    """Install what is missing when we can; return why we could not, or None."""
    need = missing()
    if not need:
        return None
    command = install_command(need)
    if os.name != "posix" or os.geteuid() != 0 or shutil.which("apt-get") is None:
        return (f"missing {', '.join(need)}: run as root `apt-get update && "
                f"{' '.join(command)}`")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    try:
        subprocess.run(["apt-get", "update", "-q"], env=env, check=True,
                       stdout=subprocess.DEVNULL, timeout=INSTALL_SECONDS)
        subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL,
                       timeout=INSTALL_SECONDS)
    except (OSError, subprocess.SubprocessError) as exc:
        return f"could not install {', '.join(need)} ({exc}); run `{' '.join(command)}`"
    still = missing()
    return f"still missing after apt-get: {', '.join(still)}" if still else None


def require(*programs: str) -> None:
    """Fail (never skip) the calling test when one of ``programs`` is not on the machine."""
    import pytest

    absent = [p for p in programs if shutil.which(p) is None]
    if absent:
        pytest.fail(f"this test needs {', '.join(absent)}: run as root `apt-get update && "
                    f"{' '.join(install_command(absent))}`", pytrace=False)
