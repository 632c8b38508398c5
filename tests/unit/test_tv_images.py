"""The TV's festival and sponsor images as plain data: the type is told by the file's first
bytes, and an image is at most 1 MB."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.rules import tv as tv_images

PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 20
JPEG = b"\xff\xd8\xff\xe0" + b"\0" * 20
WEBP = b"RIFF\x10\0\0\0WEBPVP8 " + b"\0" * 20


@pytest.mark.parametrize("data, expected", [(PNG, "image/png"), (JPEG, "image/jpeg"), (WEBP, "image/webp")])
def test_TV_IMAGES_the_type_comes_from_the_signature(data, expected):
    assert tv_images.checked(data, "sponsor", "  Acme   Poker ") == (expected, "sponsor", "Acme Poker")


@pytest.mark.parametrize(
    "data", [b"GIF89a" + b"\0" * 20, b"<svg xmlns='http://www.w3.org/2000/svg'/>", b"RIFF\0\0\0\0WAVE", b"%PDF-1.7"]
)
def test_TV_IMAGES_anything_else_is_refused_with_the_formats_that_fit(data):
    with pytest.raises(ValueError, match="not a PNG, JPEG or WebP image"):
        tv_images.checked(data, "festival", "")


def test_TV_IMAGES_one_megabyte_fits_and_one_byte_more_does_not():
    exactly = PNG + b"\0" * (tv_images.LARGEST - len(PNG))
    assert tv_images.checked(exactly, "festival", "")[0] == "image/png"
    with pytest.raises(ValueError, match="at most 1 MB"):
        tv_images.checked(exactly + b"\0", "festival", "")


def test_TV_IMAGES_empty_files_long_captions_and_unknown_kinds_are_refused():
    with pytest.raises(ValueError, match="empty"):
        tv_images.checked(b"", "festival", "")
    with pytest.raises(ValueError, match="at most 100 characters"):
        tv_images.checked(PNG, "festival", "x" * 101)
    with pytest.raises(ValueError, match="festival's or a sponsor's"):
        tv_images.checked(PNG, "banner", "")


@given(st.binary(max_size=64))
def test_TV_IMAGES_a_file_is_accepted_only_with_a_known_signature(data):
    try:
        content_type, _, _ = tv_images.checked(data, "sponsor", "")
    except ValueError:
        assert tv_images.image_type(data) is None or not data
    else:
        assert content_type in tv_images.TYPES and content_type == tv_images.image_type(data)
