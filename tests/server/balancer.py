"""nginx in front of server processes, configured by the very text docs/cluster.md gives (its
ports changed), for the tests that go through a load balancer. nginx comes from Debian
(scripts/test-services installs it); when it is missing the test fails saying so."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import httpx2
import pytest
from tests.postgres import free_port

ROOT = Path(__file__).resolve().parents[2]
DOC_PORTS = ("127.0.0.1:8001", "127.0.0.1:8002")  #: the processes' addresses in the doc


def documented() -> str:
    """The nginx configuration of docs/cluster.md."""
    text = (ROOT / "docs" / "cluster.md").read_text()
    found = re.search(r"```nginx\n(.*?)```", text, re.S)
    assert found is not None, "docs/cluster.md has no nginx configuration"
    return found.group(1)


def nginx() -> str:
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists()
                                      else None)
    if found is None:
        pytest.fail("the load-balancer tests need nginx (scripts/test-services installs it)",
                    pytrace=False)
    return found


def process_port(url: str) -> int:
    return int(url.rstrip("/").rsplit(":", 1)[1])


@contextmanager
def balancer(urls: Sequence[str]) -> Iterator[str]:
    """nginx balancing between the servers at ``urls`` (two: the doc's two processes); its
    address (``http://127.0.0.1:PORT/``)."""
    program = nginx()
    port = free_port()
    site = documented().replace("listen 80;", f"listen 127.0.0.1:{port};")
    for doc, url in zip(DOC_PORTS, urls, strict=True):
        assert doc in site
        site = site.replace(doc, f"127.0.0.1:{process_port(url)}")
    with tempfile.TemporaryDirectory(prefix="canasta-nginx-") as folder:
        temp = " ".join(f"{kind}_temp_path {folder}/{kind};"
                        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        (Path(folder) / "nginx.conf").write_text(
            f"worker_processes 1;\npid {folder}/nginx.pid;\nerror_log {folder}/error.log;\n"
            f"events {{ worker_connections 256; }}\n"
            f"http {{\naccess_log off;\n{temp}\n{site}\n}}\n")
        process = subprocess.Popen([program, "-e", f"{folder}/error.log", "-p", folder, "-c",
                                    f"{folder}/nginx.conf", "-g", "daemon off;"],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        url = f"http://127.0.0.1:{port}/"
        try:
            deadline = time.monotonic() + 20
            while True:
                try:
                    httpx2.get(f"{url}api/presets", timeout=5).raise_for_status()
                    break
                except httpx2.HTTPError:
                    log = Path(folder, "error.log")
                    assert process.poll() is None and time.monotonic() < deadline, \
                        log.read_text() if log.exists() else "nginx did not start"
                    time.sleep(0.05)
            yield url
        finally:
            process.terminate()
            process.wait(10)


def connected(urls: Sequence[str]) -> list[int]:
    """How many established TCP connections each server at ``urls`` holds on its port (a
    WebSocket through the balancer is one; its plain HTTP requests are closed once answered)."""
    ports = [process_port(url) for url in urls]
    counts = [0] * len(ports)
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            local, state = int(fields[1].rsplit(":", 1)[1], 16), fields[3]
            if state == "01" and local in ports:
                counts[ports.index(local)] += 1
    return counts
