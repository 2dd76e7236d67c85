"""Run the README's ``whistscore`` commands from an installed wheel, outside the checkout.

    python .ci/readme_from_wheel.py BIN_DIR WORK_DIR

BIN_DIR is the bin folder of a fresh venv where the wheel is installed (with the serve
extra); WORK_DIR an empty folder outside any checkout.  Each command runs there, in the
README's order, and must exit 0 with nothing on stderr; ``serve`` must start (it is stopped
once it prints its address).  .ci/run calls this (issue 38: "the wheel, installed in a fresh
venv outside any checkout, runs every README command").
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from test_docs import readme_commands  # noqa: E402  (the README's commands, as its test reads them)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def main() -> int:
    bin_dir, work = Path(sys.argv[1]), Path(sys.argv[2])
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}", LC_ALL="C.UTF-8")
    env.pop("PYTHONPATH", None)
    exe = str(bin_dir / "whistscore")
    commands = readme_commands()
    assert commands[0] == ["demo"], commands[0]
    for argv in commands:
        shown = "whistscore " + " ".join(argv)
        if argv[0] == "serve":
            argv = [a if a != "0.0.0.0" else "127.0.0.1" for a in argv]  # loopback only here
            proc = subprocess.Popen([exe, *argv, "--port", str(free_port())], cwd=work, env=env,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            try:
                said = ""
                while proc.stdout is not None and "stop with" not in said:
                    line = proc.stdout.readline()
                    if not line:
                        break
                    said += line
                time.sleep(0.5)
                assert proc.poll() is None and "http://" in said, (shown, said)
                line = said.splitlines()[1] if said.count("\n") > 1 else said
            finally:
                proc.terminate()
                proc.wait(10)
            print(f"ok  {shown} (started: {line.strip()})")
            continue
        done = subprocess.run([exe, *argv], cwd=work, env=env, capture_output=True, text=True,
                              timeout=900)
        assert done.returncode == 0 and not done.stderr, (shown, done.returncode, done.stderr)
        print(f"ok  {shown}")
    # the README's Python example, by the wheel's interpreter, in the same folder
    import re

    code = "\n".join(re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(
        encoding="utf-8"), re.S))
    done = subprocess.run([str(bin_dir / "python"), "-c", code], cwd=work, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and not done.stderr, ("README python", done.stderr)
    print("ok  the README's Python example")
    return 0


if __name__ == "__main__":
    sys.exit(main())
