"""The paper a printed page is laid out for (issue 26, "Print"): 80 mm thermal rolls at the
desks and tablets, A4 in the office. The query's `?paper=` wins and is remembered by the
device (a cookie), so each printer's browser keeps its own."""

PAPERS = ("80mm", "a4")
COOKIE = "paper"
A_YEAR = 365 * 24 * 3600


def paper_for(request, default: str) -> str:
    asked = request.GET.get("paper", "")
    if asked in PAPERS:
        return asked
    kept = request.COOKIES.get(COOKIE, "")
    return kept if kept in PAPERS else default


def remember_paper(request, response):
    """The device keeps the paper chosen by the query (never a cookie of an unknown value)."""
    if request.GET.get("paper", "") in PAPERS and response.status_code == 200:
        response.set_cookie(COOKIE, request.GET["paper"], max_age=A_YEAR, samesite="Lax")
    return response
