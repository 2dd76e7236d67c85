"""The scorepad under load and under a kill: nothing lost, never half a file.

These run a real server (uvicorn) on a free port: in this process for the
concurrency tests, as ``whistscore serve`` in a child process for the start-up
output and for the kill in the middle of saves.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import whistscore
from clirun import run
from serve_support import TOKEN, live_server, read_until, start_serve, wait_up

ROOT = Path(__file__).resolve().parent.parent


def post(url: str, body: dict, token: str = TOKEN) -> tuple[int, dict]:
    req = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json",
                                          "X-Whistscore-Token": token})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def make(folder: Path, name: str = "ev") -> Path:
    path = folder / f"{name}.json"
    whistscore.dump(whistscore.new_game("preferans", ["Anna", "Boris", "Vera"]), path)
    return path


def test_two_phones_adding_at_once_both_land(tmp_path):
    path = make(tmp_path)
    with live_server(tmp_path) as url:
        results: list[int] = []

        def phone(deal: str) -> None:
            for _ in range(8):
                results.append(post(f"{url}/api/games/ev/deals", {"deal": deal})[0])

        threads = [threading.Thread(target=phone, args=(d,))
                   for d in ("pass 4/2/4", "pass 3/3/4")]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert results == [201] * 16
    game = whistscore.load(path)
    notations = [game.notation(d) for d in game.deals]
    assert len(notations) == 16
    assert sorted(set(notations)) == ["pass 3/3/4", "pass 4/2/4"]
    assert notations.count("pass 4/2/4") == 8


def test_the_command_line_and_the_page_on_one_file_lose_nothing(tmp_path):
    path = make(tmp_path)
    with live_server(tmp_path) as url:
        codes: list[int] = []

        def page() -> None:
            for _ in range(6):
                codes.append(post(f"{url}/api/games/ev/deals", {"deal": "pass 4/2/4"})[0])

        t = threading.Thread(target=page)
        t.start()
        cli = [subprocess.run([sys.executable, "-m", "whistscore", "add", str(path), "pass",
                               "3/3/4"], cwd=ROOT, capture_output=True, text=True)
               for _ in range(6)]
        t.join()
    assert codes == [201] * 6
    assert [c.returncode for c in cli] == [0] * 6, [c.stderr for c in cli]
    game = whistscore.load(path)
    notations = [game.notation(d) for d in game.deals]
    assert notations.count("pass 4/2/4") == 6 and notations.count("pass 3/3/4") == 6


def test_serve_prints_the_address_and_on_the_network_a_token_and_qr(tmp_path):
    proc, port = start_serve(tmp_path)
    try:
        text = read_until(proc, "Ctrl+C")
        assert f"http://127.0.0.1:{port}/" in text and "join?token=" not in text
        token = text.split("X-Whistscore-Token): ")[1].split()[0]
        wait_up(port)
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(10)
    assert len(token) >= 22  # 128 bits, urlsafe base64
    proc, port = start_serve(tmp_path, "--host", "0.0.0.0")
    try:
        text = read_until(proc, "Ctrl+C")
        join = text.split("open ")[1].split()[0]
        assert "/join?token=" in join and join.endswith(join.split("token=")[1])
        assert "█" in text or "▀" in text or "▄" in text  # the QR code, drawn in the terminal
        second = join.split("token=")[1]
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(10)
    # issue 36: the folder keeps its token across restarts (phones that joined stay in),
    # kept outside the game folder; --new-token makes a new one
    assert second == token and sorted(p.name for p in tmp_path.iterdir()) == []
    proc, port = start_serve(tmp_path, "--new-token")
    try:
        third = read_until(proc, "Ctrl+C").split("X-Whistscore-Token): ")[1].split()[0]
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(10)
    assert third != token and len(third) >= 22


def test_an_open_page_records_after_the_scorepad_restarts(tmp_path):
    """Issue 36, defect 4: the page keeps the token it was drawn with; after a restart
    of the scorepad on the same folder its next deal is recorded."""
    import json
    import urllib.request

    folder = tmp_path / "games"
    folder.mkdir()
    assert run(["new", "preferans", str(folder / "ev.json"), "--players",
                "Anna", "Boris", "Vera"])[0] == 0
    proc, port = start_serve(folder)
    try:
        read_until(proc, "Ctrl+C")
        wait_up(port)
        page = urllib.request.urlopen(f"http://127.0.0.1:{port}/g/ev", timeout=5).read()
        token = page.decode().split('name="whistscore-token" content="')[1].split('"')[0]
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(10)
    proc, port = start_serve(folder, port=port)
    try:
        read_until(proc, "Ctrl+C")
        wait_up(port)
        request = urllib.request.Request(
            f"http://127.0.0.1:{port}/api/games/ev/deals", method="POST",
            data=json.dumps({"deal": "pass 4/2/4"}).encode(),
            headers={"Content-Type": "application/json", "X-Whistscore-Token": token})
        with urllib.request.urlopen(request, timeout=5) as answer:
            assert answer.status == 201
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(10)
    assert len(whistscore.load(folder / "ev.json").deals) == 1


def test_serve_refuses_a_port_in_use_before_printing_an_address(tmp_path):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "whistscore", "serve", str(tmp_path),
                               "--port", str(port)], cwd=ROOT, capture_output=True, text=True,
                              timeout=30)
    assert done.returncode == 1 and done.stdout == ""
    assert f"field 'port', value {port}: cannot listen there" in done.stderr
    assert "Traceback" not in done.stderr


def test_serve_refuses_a_missing_folder_without_a_traceback(tmp_path):
    done = subprocess.run([sys.executable, "-m", "whistscore", "serve", str(tmp_path / "no")],
                          cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert done.returncode == 1
    assert "no such folder" in done.stderr and "Traceback" not in done.stderr


def test_killing_the_server_mid_save_leaves_the_old_or_the_new_file(tmp_path):
    path = make(tmp_path)
    rng = random.Random(14)
    landed = 0
    for round_ in range(4):
        proc, port = start_serve(tmp_path)
        token = read_until(proc, "Ctrl+C").split("X-Whistscore-Token): ")[1].split()[0]
        wait_up(port)
        stop = threading.Event()
        ok: list[int] = []

        def hammer() -> None:
            while not stop.is_set():
                try:
                    status, _ = post(f"http://127.0.0.1:{port}/api/games/ev/deals",
                                     {"deal": "pass 4/2/4"}, token)
                except (OSError, ValueError, http.client.HTTPException):
                    return  # the server was killed mid-answer
                if status == 201:
                    ok.append(1)

        t = threading.Thread(target=hammer)
        t.start()
        time.sleep(0.3 + rng.random() * 0.5)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
        stop.set()
        t.join(30)
        game = whistscore.load(path)  # whole: the old file or the new one, never half
        whistscore.replay(game)
        assert landed + len(ok) <= len(game.deals) <= landed + len(ok) + 1
        landed = len(game.deals)
        leftovers = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
        for name in leftovers:  # a killed save may leave its temporary file, never a game
            assert name.startswith(".ev.json.")
    assert landed > 0
