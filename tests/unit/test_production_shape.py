"""docker-compose.yml starts exactly what `make run` starts (no Docker engine runs here, so
the file is checked as data)."""

import re
from pathlib import Path

import pytest
import yaml

from pokerfest import stack

ROOT = Path(__file__).resolve().parents[2]


def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_compose_has_the_production_services_from_one_image():
    services = compose()["services"]
    assert set(services) == {"postgres", "redis", "web", "worker", "beat"}
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
    assert 'POKERFEST_DEVELOPMENT=0' in (ROOT / "Dockerfile").read_text()


def test_compose_defaults_are_the_secure_production_settings():
    env = {name: interpolate(value, {"SECRET_KEY": "k" * 50}) for name, value in
           compose()["services"]["web"]["environment"].items()}
    for switch in ("SECURE_SSL_REDIRECT", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE",
                   "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_HSTS_PRELOAD"):
        assert env[switch] == "1", switch
    assert int(env["SECURE_HSTS_SECONDS"]) >= 365 * 24 * 3600
    assert env["AXES_FAILURE_LIMIT"] == "10"


def test_every_service_restarts_on_its_own_and_web_checks_its_health():
    services = compose()["services"]
    assert {name: service["restart"] for name, service in services.items()} == dict.fromkeys(services, "unless-stopped")
    assert services["web"]["healthcheck"]["test"] == ["CMD", "python", "-m", "pokerfest.healthcheck"]
    for name in ("postgres", "redis"):
        assert services[name]["healthcheck"]["test"][0] == "CMD"
