"""A club switching over (issue 26): a Tournament Director 3 file imported as a finished
tournament of a festival, through the API (the director). The file's text goes in the JSON
body; the answer is the import's report."""

from ninja import Field, Router, Schema
from ninja.security import django_auth

from core.access import Action, check
from core.api import ERRORS, Answer, Id
from tournaments.rules.tdt import MOST_CHARACTERS
from tournaments.services.tdt_import import import_tdt

router = Router(tags=["imports"], auth=django_auth)


class TdtIn(Schema):
    text: str = Field(..., max_length=MOST_CHARACTERS, description="the .tdt file's text (UTF-8)")


class ImportedPlayerOut(Answer):
    id: int
    name: str


class PrizeInFileOut(Answer):
    place: int
    amount: int = Field(..., description="minor units, as the file had it")


class ImportReportOut(Answer):
    tournament: int = Field(..., description="the new, finished tournament's id")
    name: str
    entries: int
    matched: list[ImportedPlayerOut] = Field(..., description="players already on file (name, and e-mail if given)")
    created: list[ImportedPlayerOut] = Field(..., description="new players (date of birth unknown until the ID check)")
    ambiguous: list[ImportedPlayerOut] = Field(..., description="new players whose name several players on file share")
    league: str = Field(..., description="the file's league name (not imported: set up a league)")
    points_formula: str = Field(..., description="the file's points formula text (not imported)")
    prizes_in_file: list[PrizeInFileOut]
    levels: int = Field(..., description="the file's levels, now the tournament's structure (its clock finished)")
    not_imported: list[str] = Field(
        ..., description="a sentence for each part of the file the tournament keeps no place for"
    )


@router.post(
    "/festivals/{festival_id}/import-tdt/",
    response={200: ImportReportOut, **ERRORS},
    summary="Import a Tournament Director 3 file (.tdt) as a finished tournament, with its report",
)
def import_file(request, festival_id: Id, body: TdtIn):
    check(request.user, Action.DIRECTOR_APPROVAL)
    return import_tdt(festival_id, body.text, request.user)
