"""Reads for the TV display: the festival's and sponsors' images (their list, never their bytes
in a list) and the tournaments a festival's screen shows.

Query floor: reads the models only.
"""

from rules.times import iso_time
from tournaments.models import Festival, Tournament, TvImage


def image_document(image: TvImage) -> dict:
    return {
        "id": image.id,
        "kind": image.kind,
        "caption": image.caption,
        "content_type": image.content_type,
        "size": image.size,
        "uploaded_at": iso_time(image.uploaded_at),
        "url": f"/tv-images/{image.id}/",
    }


def images(festival_id: int) -> list[dict]:
    """The festival's images first, then the sponsors', each in upload order."""
    found = TvImage.objects.filter(festival_id=festival_id).defer("data").order_by("kind", "uploaded_at", "id")
    return [image_document(image) for image in found]


def image_bytes(image_id: int) -> tuple[bytes, str, object] | None:
    """(data, content type, uploaded at) of one image, or None."""
    row = TvImage.objects.filter(pk=image_id).values_list("data", "content_type", "uploaded_at").first()
    return (bytes(row[0]), row[1], row[2]) if row else None


def festival_screen(festival_id: int) -> tuple[Festival, list[Tournament]]:
    """The festival and the tournaments its TV shows: every one open for registration or
    running (not one still being set up, nor one over), by start time. Raises
    Festival.DoesNotExist."""
    festival = Festival.objects.get(pk=festival_id)
    live = [Tournament.Status.REGISTRATION, Tournament.Status.RUNNING]
    shown = Tournament.objects.filter(festival=festival, status__in=live).order_by("starts_at", "id")
    return festival, list(shown)
