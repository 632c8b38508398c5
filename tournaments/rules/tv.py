"""The festival's and sponsors' images on the TV display, as plain data: what an upload must
be (a PNG, JPEG or WebP file of at most LARGEST bytes, told by its first bytes, never by the
name or the type the browser claims) and the words a caption may have.
"""

from __future__ import annotations

from rules.refusals import gettext as _

LARGEST = 1024 * 1024  # bytes: a logo or a banner, small enough to keep in the database
LONGEST_CAPTION = 100
KINDS = ("festival", "sponsor")
TYPES = ("image/png", "image/jpeg", "image/webp")


def image_type(data: bytes) -> str | None:
    """The image's content type from its signature, or None for anything else."""
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if data.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if len(data) >= 12 and data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    return None


def checked(data: bytes, kind: str, caption: str) -> tuple[str, str, str]:
    """(content type, kind, caption), or ValueError with a sentence a director can act on."""
    if kind not in KINDS:
        raise ValueError(
            _("An image is the festival's or a sponsor's (%(kinds)s), not %(kind)s.")
            % {"kinds": " or ".join(KINDS), "kind": repr(kind)}
        )
    caption = " ".join((caption or "").split())
    if len(caption) > LONGEST_CAPTION:
        raise ValueError(
            _("A caption may have at most %(longest_caption)s characters; this one has %(caption_count)s.")
            % {"longest_caption": LONGEST_CAPTION, "caption_count": len(caption)}
        )
    if not data:
        raise ValueError(_("The file is empty: choose a PNG, JPEG or WebP image."))
    if len(data) > LARGEST:
        raise ValueError(
            _(
                "The image has %(data_count)s MB; at most 1 MB fits on the TV: save it "
                "smaller (a logo needs no more than 1920 pixels across)."
            )
            % {"data_count": format(len(data) / 1024 / 1024, ".1f")}
        )
    content_type = image_type(data)
    if content_type is None:
        raise ValueError(_("That file is not a PNG, JPEG or WebP image: save it in one of those formats."))
    return content_type, kind, caption
