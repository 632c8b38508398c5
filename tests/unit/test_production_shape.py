"""docker-compose.yml starts exactly what `make run` starts, with web and worker replicas behind
one proxy (deploy/nginx.conf) and one beat. No Docker engine runs here, so the files are checked
as data (tests/integration/test_proxy.py runs deploy/nginx.conf itself in Debian's nginx)."""

import re
from pathlib import Path

import pytest
import yaml
from axes.middleware import AxesMiddleware
from django.conf import settings
from django.utils.module_loading import import_string

from pokerfest import stack

ROOT = Path(__file__).resolve().parents[2]


def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_compose_has_the_production_services_from_one_image():
    services = compose()["services"]
    assert set(services) == {"postgres", "redis", "web", "worker", "beat", "proxy"}
    app = [services[name] for name in ("web", "worker", "beat")]
    assert {(s["build"], s["image"]) for s in app} == {(".", "pokerfest")}
    for service in app:
        env = service["environment"]
        assert env["DATABASE_URL"].startswith("postgres://") and env["REDIS_URL"].startswith("redis://")
        assert set(service["depends_on"]) == {"postgres", "redis"}


def test_compose_runs_the_same_commands_as_make_run():
    services = compose()["services"]
    assert services["worker"]["command"] == ["python", *stack.worker_command()[1:]]
    beat, made = services["beat"]["command"], stack.beat_command(Path("schedule"))
    assert beat[:7] == ["python", *made[1:7]] and beat[8:] == made[8:]  # only the schedule file differs
    assert services["web"]["command"] == ["python", "-m", "pokerfest.stack", "run", "--web-only"]
    assert services["web"]["environment"]["HOST"] == "0.0.0.0"


def test_the_image_installs_the_pinned_requirements():
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "pip install --no-cache-dir -r requirements.txt" in dockerfile
    assert 'CMD ["python", "-m", "pokerfest.stack", "run", "--web-only"]' in dockerfile


def interpolate(value: str, given: dict[str, str]) -> str:
    """Compose's ${NAME:-default} and ${NAME:?message} for the values this file uses."""

    def one(match):
        name, operator, word = match.groups()
        if given.get(name):
            return given[name]
        if operator == ":?":
            raise LookupError(word)
        return word

    return re.sub(r"\$\{(\w+)(:-|:\?)([^}]*)\}", one, str(value))


def test_compose_needs_a_secret_key_and_loads_no_demo_logins_by_default():
    services = compose()["services"]
    for name in ("web", "worker", "beat"):
        env = services[name]["environment"]
        with pytest.raises(LookupError, match="set SECRET_KEY"):
            interpolate(env["SECRET_KEY"], {})
        assert interpolate(env["SECRET_KEY"], {"SECRET_KEY": "k" * 50}) == "k" * 50
        assert env["POKERFEST_DEVELOPMENT"] == "0"  # the launcher in web would otherwise mark it development
    # load_demo creates an `admin` superuser whose password is in the README.
    assert interpolate(services["web"]["environment"]["POKERFEST_DEMO"], {}) == "0"
    assert "POKERFEST_DEVELOPMENT=0" in (ROOT / "Dockerfile").read_text()


def test_compose_defaults_are_the_secure_production_settings():
    env = {
        name: interpolate(value, {"SECRET_KEY": "k" * 50})
        for name, value in compose()["services"]["web"]["environment"].items()
    }
    for switch in (
        "SECURE_SSL_REDIRECT",
        "SESSION_COOKIE_SECURE",
        "CSRF_COOKIE_SECURE",
        "SECURE_HSTS_INCLUDE_SUBDOMAINS",
        "SECURE_HSTS_PRELOAD",
    ):
        assert env[switch] == "1", switch
    assert int(env["SECURE_HSTS_SECONDS"]) >= 365 * 24 * 3600
    assert env["AXES_FAILURE_LIMIT"] == "10"


def test_every_service_restarts_on_its_own_and_web_checks_its_health():
    services = compose()["services"]
    assert {name: service["restart"] for name, service in services.items()} == dict.fromkeys(services, "unless-stopped")
    assert services["web"]["healthcheck"]["test"] == ["CMD", "python", "-m", "pokerfest.healthcheck"]
    for name in ("postgres", "redis"):
        assert services[name]["healthcheck"]["test"][0] == "CMD"


def nginx(text: str) -> list:
    """nginx's configuration as nested lists: [directive, *arguments] or [name, *arguments, [block…]]."""
    tokens = re.findall(r'"[^"]*"|\'[^\']*\'|[{};]|[^\s{};]+', re.sub(r"#[^\n]*", "", text))

    def block(at: int) -> tuple[list, int]:
        found, words = [], []
        while at < len(tokens):
            token, at = tokens[at], at + 1
            if token == ";":
                found.append(words)
                words = []
            elif token == "{":
                inner, at = block(at)
                found.append([*words, inner])
                words = []
            elif token == "}":
                return found, at
            else:
                words.append(token.strip("'\""))
        assert not words, f"unfinished directive {words}"
        return found, at

    parsed, _ = block(0)
    return parsed


def one(directives: list, *start: str) -> list:
    matches = [d for d in directives if tuple(d[: len(start)]) == start]
    assert len(matches) == 1, (start, matches)
    return matches[0]


def test_web_scales_behind_one_proxy_and_exactly_one_beat_runs():
    services = compose()["services"]
    # `--scale web=3`: no replica claims a host port; the proxy publishes the one address.
    assert "ports" not in services["web"] and services["web"]["expose"] == ["8000", "8001"]
    assert [interpolate(port, {}) for port in services["proxy"]["ports"]] == ["8000:8000"]
    assert services["proxy"]["volumes"] == [
        "./deploy/nginx-main.conf:/etc/nginx/nginx.conf:ro",  # the image's, with room for the phones
        "./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro",
        "./deploy/compose:/etc/nginx/pokerfest:ro",  # deploy/nginx.conf's includes, relative to /etc/nginx
    ]
    major, minor = map(int, services["proxy"]["image"].removeprefix("nginx:").split(".")[:2])
    assert (major, minor) >= (1, 28)  # the upstream's `resolve` (open-source nginx since 1.27.3)
    for name in ("web", "worker"):
        assert "container_name" not in services[name] and "deploy" not in services[name]
    # One beat service, and the beat it runs stands by while another holds the lease.
    beats = [name for name, service in services.items() if "beat" in service.get("command", [])]
    assert beats == ["beat"] and "deploy" not in services["beat"]
    assert settings.CELERY_BEAT_SCHEDULER == "pokerfest.beat:SingleBeat"


def test_a_proxy_worker_holds_ten_thousand_phones():
    # A phone holds three connections at the proxy all day: its lobby socket in and out, and its
    # kept-alive HTTP connection. The nginx image's 1,024 a worker held about 340 phones
    # (bench/festival_day.py's nginx, given two a phone, reused kept-alive connections all day).
    main = nginx((ROOT / "deploy/nginx-main.conf").read_text())
    connections = int(one(one(main, "events")[-1], "worker_connections")[1])
    assert connections >= 3 * 10_000
    files = int(one(main, "worker_rlimit_nofile")[1])
    assert files >= connections
    # The container may open that many: nginx cannot raise its own hard limit there.
    assert compose()["services"]["proxy"]["ulimits"]["nofile"] >= files
    # Everything else as the image's own main file: its user, and the site from conf.d.
    assert one(main, "user") == ["user", "nginx"]
    assert one(one(main, "http")[-1], "include", "/etc/nginx/conf.d/*.conf")


def test_the_proxy_sends_every_request_and_websocket_to_any_web_replica_and_the_lobby_socket_to_a_live_process():
    config = nginx((ROOT / "deploy/nginx.conf").read_text())
    upstream = one(config, "upstream", "pokerfest_web")[-1]
    assert one(upstream, "zone")[1] == "pokerfest_web"
    # What differs per deployment comes from two includes; compose's are in deploy/compose/.
    assert one(upstream, "include") == ["include", "pokerfest/upstream.conf"]
    servers = nginx((ROOT / "deploy/compose/upstream.conf").read_text())
    assert one(servers, "server") == ["server", "web:8000", "resolve"]  # every replica, as they come and go
    assert one(servers, "resolver")[1] == "127.0.0.11"  # Docker's DNS
    # No sticky sessions: state is in PostgreSQL and live events reach every replica through Redis.
    assert not {"ip_hash", "hash", "sticky"} & {directive[0] for directive in upstream}
    server = one(config, "server")[-1]
    assert one(server, "include") == ["include", "pokerfest/listen.conf"]
    listen = nginx((ROOT / "deploy/compose/listen.conf").read_text())
    assert one(listen, "listen") == ["listen", "8000"]  # the port compose publishes
    headers = {d[1]: d[2] for d in server if d[0] == "proxy_set_header"}
    assert headers == {
        "Host": "$host",
        "X-Forwarded-For": "$remote_addr",
        "X-Forwarded-Proto": "$forwarded_proto",
        "Upgrade": "$http_upgrade",
        "Connection": "$connection_upgrade",
    }
    assert one(server, "proxy_http_version")[1] == "1.1"  # WebSocket upgrades need HTTP/1.1
    upgrade = one(config, "map", "$http_upgrade", "$connection_upgrade")[-1]
    assert ["default", "upgrade"] in upgrade
    locations = {d[-2]: d[-1] for d in server if d[0] == "location"}
    lobby = "^/ws/tournaments/[0-9]+/lobby/$"
    assert set(locations) == {"/ws/", "/", lobby}
    assert one(server, "location", "~", lobby)  # a regex location: it wins over the /ws/ prefix
    for path, location in locations.items():
        assert one(location, "proxy_pass")[1] == ("http://pokerfest_live" if path == lobby else "http://pokerfest_web")
        # A location with a header of its own would drop every header set above (nginx's inheritance).
        assert not [d for d in location if d[0] == "proxy_set_header"]
    # The lobby socket: every node's live process (pokerfest/live.py), compose's on web's PORT+1.
    live = one(config, "upstream", "pokerfest_live")[-1]
    assert one(live, "include") == ["include", "pokerfest/live_upstream.conf"]
    live_servers = nginx((ROOT / "deploy/compose/live_upstream.conf").read_text())
    assert one(live_servers, "server") == ["server", "web:8001", "resolve"]
    assert one(locations[lobby], "proxy_read_timeout")[1] == "1h"
    assert one(locations["/ws/"], "proxy_read_timeout")[1] == "1h"


def test_under_asgi_every_middleware_runs_in_the_request_s_thread():
    """Django runs a middleware async when it can and the handler inside it is async (its docs,
    "Asynchronous support"). With the innermost sync-only, every one runs sync: a request enters
    a thread once, instead of hopping from the event loop to a thread and back for each hook of
    each of Django's own middlewares (pokerfest/lockout.py, issue 25)."""
    innermost = import_string(settings.MIDDLEWARE[-1])
    assert issubclass(innermost, AxesMiddleware)  # still last, as django-axes asks
    assert innermost.sync_capable and not innermost.async_capable
