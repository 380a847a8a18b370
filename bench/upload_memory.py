"""Server memory for a refused 100 MB upload: a real daphne, a streamed body, VmRSS/VmHWM from /proc.

    .venv/bin/python bench/upload_memory.py [--mb 100]

Each scenario gets a fresh daphne so the figures do not mix:
  (a) POST /api/imagelab/jobs with a declared 100 MB body: refused from Content-Length (413) by the
      daphne guard in imagelab/asgi_limits.py before twisted spools or queues the body;
  (b) baseline: the same body POSTed to a non-upload path (/api/chats/0/messages) with the global cap
      switched off in that process (the multipart fix is on): daphne receives it completely and pushes
      all of it into the app's queue;
  (c) the upload path with only the ASGI-level check (the daphne guard switched off in that process):
      twisted spools the whole body, then reads it all into memory to parse multipart fields
      for request.args (a malformed body gets its 400 right there), and daphne queues it again;
  (d) an accepted-size upload (20 MB, valid multipart, unauthenticated so nothing is stored), with the guard;
  (e) the upload path with a chunked body (no Content-Length): counted as it arrives, refused past the limit;
  (f) the (b) body with the guard: the global cap for every other path refuses it from the header.
The client streams the body from a generator, so it never holds it.
"""

import argparse
import http.client
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHUNK = b"\0" * (1 << 20)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def memory(pid: int) -> dict[str, float]:
    """VmRSS and VmHWM of a process, in MB."""
    out = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            out[key] = int(value.split()[0]) / 1024
    return out


def wait_ready(port: int, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/login/")
            conn.getresponse().read()
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("daphne did not start")


HEAD = (
    b'--bench\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n'
)
TAIL = b"\r\n--bench--\r\n"


def body(mb: int):
    """A valid multipart body of `mb` MB, produced chunk by chunk (the client never holds it)."""
    yield HEAD
    for _ in range(mb):
        yield CHUNK
    yield TAIL


def post(port: int, path: str, mb: int, *, chunked: bool = False) -> str:
    """Stream `mb` MB (declared Content-Length, or chunked); return the status (or how the server cut us off)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    conn.putrequest("POST", path)
    conn.putheader("Content-Type", "multipart/form-data; boundary=bench")
    if chunked:
        conn.putheader("Transfer-Encoding", "chunked")
    else:
        conn.putheader("Content-Length", str(len(HEAD) + mb * len(CHUNK) + len(TAIL)))
    conn.endheaders()
    sent = 0
    try:
        for chunk in body(mb):
            conn.send(b"%x\r\n%s\r\n" % (len(chunk), chunk) if chunked else chunk)
            sent += len(chunk) == len(CHUNK)
        if chunked:
            conn.send(b"0\r\n\r\n")
    except (BrokenPipeError, ConnectionResetError):
        pass
    try:
        response = conn.getresponse()
        return f"{response.status} after sending {sent} MB: {response.read()[:80]!r}"
    except (OSError, http.client.HTTPException) as exc:
        return f"connection closed after sending {sent} MB ({type(exc).__name__})"


# Marks the guard as installed, so chatapp.asgi skips it: daphne as it ships.
NO_GUARD = (
    "import sys; from daphne.http_protocol import WebRequest; WebRequest._marquee_upload_guard = True; "
    "from daphne.cli import CommandLineInterface; sys.argv[0] = 'daphne'; CommandLineInterface.entrypoint()"
)


# The guard with no cap on non-upload paths: what (b) measured before that cap existed.
NO_CAP = (
    "import sys; import imagelab.asgi_limits as limits; limits.OTHER_FACTOR = 10**6; "
    "from daphne.cli import CommandLineInterface; sys.argv[0] = 'daphne'; CommandLineInterface.entrypoint()"
)


def scenario(name: str, path: str, mb: int, *, guard: bool = True, cap: bool = True, chunked: bool = False) -> None:
    port = free_port()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "chatapp.settings", "DEBUG": "1", "LOG_LEVEL": "WARNING"}
    server = (
        [str(ROOT / ".venv/bin/daphne")] if guard and cap else [sys.executable, "-c", NO_GUARD if not guard else NO_CAP]
    )
    proc = subprocess.Popen(
        [*server, "-b", "127.0.0.1", "-p", str(port), "chatapp.asgi:application"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_ready(port)
        before = memory(proc.pid)
        outcome = post(port, path, mb, chunked=chunked)
        time.sleep(1.0)
        after = memory(proc.pid)
        print(
            f"{name:<42} {before['VmRSS']:>8.1f} {after['VmRSS']:>8.1f} {after['VmHWM']:>8.1f} "
            f"{after['VmHWM'] - before['VmRSS']:>+9.1f}   {outcome}"
        )
    finally:
        proc.terminate()
        proc.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=100)
    args = parser.parse_args()
    print(
        f"{'scenario (' + str(args.mb) + ' MB body)':<42} {'RSS0 MB':>8} {'RSS1 MB':>8} {'HWM MB':>8} "
        f"{'peak +MB':>9}   outcome"
    )
    scenario("(a) upload path, refused from header", "/api/imagelab/jobs", args.mb)
    scenario("(b) baseline: other path, no global cap", "/api/chats/0/messages", args.mb, cap=False)
    scenario("(c) upload path, ASGI check only", "/api/imagelab/jobs", args.mb, guard=False)
    scenario("(d) accepted size (20 MB), guard on", "/api/imagelab/jobs", 20)
    scenario("(e) upload path, chunked, guard on", "/api/imagelab/jobs", args.mb, chunked=True)
    scenario("(f) other path, global cap, guard on", "/api/chats/0/messages", args.mb)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
