"""Structures through the API (CLK-LEVELS): create a template (blank, from a speed, a copy, a
CSV), read it, edit its levels and breaks or import a CSV over them, copy it. The structures
page posts here; a tournament's own structure changes through the clock's rules."""

from datetime import timedelta

from django.utils.translation import gettext as _
from ninja import Field, Router, Schema, Status
from ninja.errors import HttpError
from ninja.security import django_auth

from clock.models import Structure
from clock.queries.structures import structure_document
from clock.rules import timeline
from clock.services import structures as services
from core.access import Action, check, tournament_for
from core.api import ERRORS, MOST_LEVELS, Answer, Chips, Id, request_key

router = Router(tags=["structures"], auth=django_auth)

MOST_CSV = 200_000  # characters: a thousand levels with long notes


class StructureLevelIn(Schema):
    small_blind: Chips = 0
    big_blind: Chips = 0
    ante: Chips = 0
    big_blind_ante: bool = Field(False, description="the ante is one big-blind ante, not per player")
    minutes: float = Field(..., gt=0, le=24 * 60)
    is_break: bool = False
    name: str = Field("", max_length=100, description='e.g. "dinner" for a break')
    colour_up: str = Field("", max_length=100, description='e.g. "100 chips leave"')

    def level(self) -> timeline.Level:
        return timeline.Level(
            0 if self.is_break else self.small_blind,
            0 if self.is_break else self.big_blind,
            0 if self.is_break else self.ante,
            timedelta(minutes=self.minutes),
            is_break=self.is_break,
            name=self.name.strip(),
            big_blind_ante=self.big_blind_ante and not self.is_break,
            colour_up=self.colour_up.strip(),
        )


class StructureEditIn(Schema):
    name: str = Field(..., min_length=1, max_length=200)
    levels: list[StructureLevelIn] | None = Field(None, max_length=MOST_LEVELS, description="none: as they are")
    csv: str | None = Field(None, max_length=MOST_CSV, description="the levels as CSV, replacing them")
    late_entry_until_level: int | None = Field(None, ge=1, le=MOST_LEVELS)
    rebuys_until_level: int | None = Field(None, ge=1, le=MOST_LEVELS)

    def source(self) -> services.Source:
        levels = None if self.levels is None else [level.level() for level in self.levels]
        return services.Source(levels=levels, csv=self.csv)


class NewStructureIn(StructureEditIn):
    festival_id: Id | None = Field(None, description="none: a template for every festival")
    speed: str | None = Field(None, max_length=20, description="deepstack, standard, turbo or day2")
    copy_of: Id | None = Field(None, description="a structure whose levels the new one copies")

    def source(self) -> services.Source:
        typed = super().source()
        return services.Source(levels=typed.levels, csv=typed.csv, speed=self.speed, copy_of=self.copy_of)


class CopyIn(Schema):
    name: str = Field(..., min_length=1, max_length=200)
    festival_id: Id | None = None


class StructureLevelOut(Answer):
    position: int = Field(..., description="from 0, breaks included")
    number: int | None = Field(..., description="the level's number as every screen shows it; none: a break")
    label: str
    small_blind: int
    big_blind: int
    ante: int
    big_blind_ante: bool
    minutes: float
    is_break: bool
    name: str
    colour_up: str


class RunByOut(Answer):
    id: int
    name: str


class StructureOut(Answer):
    id: int
    name: str
    festival: int | None
    is_template: bool
    late_entry_until_level: int | None
    rebuys_until_level: int | None
    tournament: RunByOut | None = Field(..., description="the tournament whose clock runs it; none: a template")
    played: int = Field(..., description="positions played or being played: they no longer change")
    levels: list[StructureLevelOut]


def _structure(request, structure_id: int) -> Structure:
    """The structure, for the director: a tournament's own with the right to that tournament."""
    check(request.user, Action.DIRECTOR_APPROVAL)
    structure = Structure.objects.filter(pk=structure_id).first()
    if structure is None:
        raise HttpError(404, _("There is no structure with that id."))
    document = structure_document(structure)
    if document["tournament"]:
        tournament_for(request.user, document["tournament"]["id"], Action.DIRECTOR_APPROVAL)
    return structure


@router.post("/structures/", response={201: StructureOut, **ERRORS}, summary="A new structure template (CLK-LEVELS)")
def create(request, body: NewStructureIn):
    check(request.user, Action.DIRECTOR_APPROVAL)
    made = services.create_structure(
        body.festival_id, body.name, body.source(), body.late_entry_until_level, body.rebuys_until_level
    )
    return Status(201, structure_document(made))


@router.get("/structures/{structure_id}/", response={200: StructureOut, **ERRORS}, summary="A structure's levels")
def read(request, structure_id: Id):
    return structure_document(_structure(request, structure_id))


@router.post(
    "/structures/{structure_id}/",
    response={200: StructureOut, **ERRORS},
    summary="Edit a structure's levels and breaks, or import a CSV over them; a tournament's: only levels to come",
)
def edit(request, structure_id: Id, body: StructureEditIn):
    _structure(request, structure_id)
    edited = services.edit_structure(
        structure_id,
        body.name,
        body.source(),
        body.late_entry_until_level,
        body.rebuys_until_level,
        request.user,
        request_key(request),
    )
    return structure_document(edited)


@router.post(
    "/structures/{structure_id}/copy/",
    response={201: StructureOut, **ERRORS},
    summary="A new template with this structure's levels",
)
def copy(request, structure_id: Id, body: CopyIn):
    _structure(request, structure_id)
    return Status(201, structure_document(services.copy_to_template(structure_id, body.name, body.festival_id)))
