"""Debian's nginx running deploy/nginx.conf itself in front of the test's nodes
(tests/integration/test_proxy.py). The site is the deployment's file, unchanged; this writes
only what differs per deployment (deploy/nginx.conf's includes: the upstreams' servers, web and
live, and the listening address) and a top-level nginx.conf around it, all in a folder of the test's own,
and runs nginx in the foreground as the current user until `stop`."""

import getpass
import os
import shutil
import subprocess
from pathlib import Path

from pokerfest import stack
from tests.helpers.processes import wait_for_port

SITE = stack.ROOT / "deploy" / "nginx.conf"


def nginx_binary() -> str | None:
    """Debian puts nginx in /usr/sbin, which is not on an ordinary user's PATH."""
    return shutil.which("nginx", path=f"{os.environ.get('PATH', '')}:/usr/sbin:/usr/local/sbin")


def top_level(prefix: Path) -> str:
    """What /etc/nginx/nginx.conf holds for Debian's and Docker's nginx, with every file it writes
    in `prefix`; deploy/nginx.conf goes in its http block, as in the compose image."""
    temp = {name: prefix / "temp" / name for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")}
    for folder in temp.values():
        folder.mkdir(parents=True, exist_ok=True)
    # As root, nginx's workers would otherwise run as `nobody`, who may not enter this folder.
    user = f"user {getpass.getuser()};\n" if os.geteuid() == 0 else ""
    return (
        f"{user}daemon off;\n"
        "worker_processes 1;\n"
        f"pid {prefix / 'nginx.pid'};\n"
        f"error_log {prefix / 'error.log'} info;\n"
        "events { worker_connections 256; }\n"
        "http {\n"
        f"    access_log {prefix / 'access.log'};\n"
        f"    client_body_temp_path {temp['client_body']};\n"
        f"    proxy_temp_path {temp['proxy']};\n"
        f"    fastcgi_temp_path {temp['fastcgi']};\n"
        f"    uwsgi_temp_path {temp['uwsgi']};\n"
        f"    scgi_temp_path {temp['scgi']};\n"
        f"    include {SITE};\n"
        "}\n"
    )


class Proxy:
    """nginx with deploy/nginx.conf on a free port of 127.0.0.1, in front of `upstreams` (host:port
    each, the web processes) and `live_upstreams` (the live processes, lobby sockets)."""

    name = "nginx"

    def __init__(self, binary: str, upstreams: list[str], live_upstreams: list[str], folder: Path) -> None:
        self.folder = folder
        self.port = stack.free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        included = folder / "pokerfest"  # deploy/nginx.conf's includes, beside the top-level file
        included.mkdir(parents=True, exist_ok=True)
        (included / "upstream.conf").write_text("".join(f"server {address};\n" for address in upstreams))
        (included / "live_upstream.conf").write_text("".join(f"server {address};\n" for address in live_upstreams))
        (included / "listen.conf").write_text(f"listen 127.0.0.1:{self.port};\n")
        top = folder / "nginx.conf"
        top.write_text(top_level(folder))
        command = [binary, "-p", f"{folder}/", "-e", str(folder / "error.log"), "-c", str(top)]
        checked = subprocess.run([*command, "-t"], capture_output=True, text=True, timeout=60)
        assert checked.returncode == 0, f"nginx refused the configuration:\n{checked.stderr}"
        with open(folder / "nginx.out", "w") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            wait_for_port(self.port)
        except TimeoutError:
            self.stop()
            raise AssertionError(f"nginx did not listen on {self.port}:\n{self.printed()}") from None

    def printed(self) -> str:
        return "".join(
            path.read_text() for path in (self.folder / "nginx.out", self.folder / "error.log") if path.exists()
        )

    def stop(self) -> None:
        """SIGQUIT would wait for every open socket to close; SIGTERM ends it at once."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
