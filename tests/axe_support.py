"""axe-core (npm ``axe-core`` 4.x, pinned in tests/axe/package-lock.json) in the browser
tests: the page's accessibility violations, as axe reports them.

The package is installed by ``npm ci`` in tests/axe on first use (like the pocket
site's Pyodide, from the lock file); without npm the test fails with the command
that installs it (never a skip).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

AXE = Path(__file__).resolve().parent / "axe"
SCRIPT = AXE / "node_modules" / "axe-core" / "axe.min.js"


def axe_source() -> str:
    if not SCRIPT.exists():
        import pytest

        if shutil.which("npm") is None:
            pytest.fail("the accessibility checks need npm: run as root `apt-get install -y "
                        "nodejs npm`", pytrace=False)
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=AXE, check=True,
                       capture_output=True, timeout=300)
    return SCRIPT.read_text(encoding="utf-8")


def violations(driver) -> list[dict]:
    """axe's violations on the page the driver shows (every rule axe runs by default:
    WCAG 2.x A and AA, and its best practices), each with the nodes' selectors."""
    if not driver.execute_script("return !!window.axe"):
        driver.execute_script(axe_source())
    found = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations'], rules: {'target-size': {enabled: true}}})"
        "  .then((r) => done(r.violations.map((v) => ({id: v.id, impact: v.impact,"
        "      help: v.help, nodes: v.nodes.slice(0, 5).map((n) => [n.target.join(' '),"
        "      n.failureSummary.slice(0, 300)]), count: v.nodes.length}))))"
        "  .catch((e) => done([{id: 'axe-error', help: String(e), nodes: [], count: 1}]));")
    return found


def said(found: list[dict]) -> str:
    return "\n".join(f"{v['id']} ({v['count']}): {v['help']}\n    " +
                     "\n    ".join(f"{t}: {s}" for t, s in v["nodes"]) for v in found)
