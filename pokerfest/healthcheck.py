"""`python -m pokerfest.healthcheck`: the web service's healthcheck in docker-compose.yml.

Asks this container's daphne for GET /health/ over plain HTTP (exempt from the HTTPS redirect),
naming a host that ALLOWED_HOSTS accepts; prints the answer and exits 0 only on a 200."""

import os
import sys
import urllib.error
import urllib.request


def host() -> str:
    first = os.environ.get("ALLOWED_HOSTS", "").split(",")[0].strip()
    return "localhost" if first in ("", "*") else first.lstrip(".")  # ".example.org" accepts example.org


def main() -> int:
    url = f"http://127.0.0.1:{os.environ.get('PORT', '8000')}/health/"
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers={"Host": host()}), timeout=5) as answer:
            status, body = answer.status, answer.read().decode()
    except urllib.error.HTTPError as refusal:
        status, body = refusal.code, refusal.read().decode()
    except OSError as problem:
        print(f"pokerfest web does not answer on {url}: {problem}")
        return 1
    print(status, body)
    return 0 if status == 200 else 1


if __name__ == "__main__":
    sys.exit(main())
