"""docker-compose.yml starts exactly what `make run` starts (no Docker engine runs here, so
the file is checked as data)."""

from pathlib import Path

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
