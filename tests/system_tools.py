"""The programs outside Python that the browser and print tests drive.

The tests install nothing: installing is the job of .ci/run (and of the README's setup). A test
that needs a program that is missing fails with the command that installs it (it never skips).
"""

from __future__ import annotations

import shutil

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


def install_command(programs: list[str]) -> list[str]:
    packages = sorted({PROGRAMS[p] for p in programs} | set(FONTS))
    return ["apt-get", "install", "-y", "-q", *packages]


def require(*programs: str) -> None:
    """Fail (never skip) the calling test when one of ``programs`` is not on the machine."""
    import pytest

    absent = [p for p in programs if shutil.which(p) is None]
    if absent:
        pytest.fail(f"this test needs {', '.join(absent)}: run as root `apt-get update && "
                    f"{' '.join(install_command(absent))}`", pytrace=False)
