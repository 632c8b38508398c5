"""The TV display's festival and sponsor images: the director uploads and removes them from a
tournament's page. An image belongs to the festival, so every tournament's TV (and the
festival's screen) shows it; the event goes to the log of the tournament it was changed from.

Service floor: one operation per action; the event carries the list, so a TV redraws from it.
"""

from django.utils.translation import gettext as _

from core import kinds, time_source
from core.access import recorded_user
from core.operation import operation
from rules.refusals import Refused
from tournaments.models import TvImage
from tournaments.queries.tv import images
from tournaments.rules import tv as tv_images


def add_image(
    tournament_id: int, data: bytes, kind: str, caption: str, director, request_key: str | None = None
) -> dict:
    """Raises Refused with a sentence for a file that is not a small PNG, JPEG or WebP image."""
    try:
        content_type, kind, caption = tv_images.checked(data, kind, caption)
    except ValueError as problem:
        raise Refused(str(problem)) from None
    with operation(tournament_id, director, request_key) as op:
        festival_id = op.tournament.festival_id
        if op.repeated:
            return {"image": op.repeated.payload.get("image"), "images": images(festival_id)}
        image = TvImage.objects.create(
            festival_id=festival_id,
            kind=kind,
            caption=caption,
            content_type=content_type,
            data=data,
            size=len(data),
            uploaded_at=time_source.now(),
            uploaded_by=recorded_user(director),
        )
        shown = images(festival_id)
        op.append(
            kinds.TV_IMAGE_ADDED,
            payload={"image": image.id, "images": shown},
            public={"image": image.id, "images": shown},
        )
    return {"image": image.id, "images": shown}


def remove_image(tournament_id: int, image_id: int, director, request_key: str | None = None) -> dict:
    with operation(tournament_id, director, request_key) as op:
        festival_id = op.tournament.festival_id
        if op.repeated:
            return {"images": images(festival_id)}
        image = TvImage.objects.select_for_update().filter(festival_id=festival_id, pk=image_id).first()
        if image is None:
            raise Refused(_("There is no such image in this tournament's festival (taken off already?)."))
        image.delete()
        shown = images(festival_id)
        op.append(
            kinds.TV_IMAGE_REMOVED,
            payload={"image": image_id, "images": shown},
            public={"image": image_id, "images": shown},
        )
    return {"images": shown}
