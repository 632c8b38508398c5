"""The TV display's festival and sponsor images through the API, on PostgreSQL: only the
director uploads or removes one; the type is told by the file's bytes, at most 1 MB; the TV
serves each with its type and caches it; the log and the live event carry the list."""

import base64
import json

import pytest
from django.db import IntegrityError, transaction
from django.test import Client
from django.utils import timezone

from tournaments.models import TvImage

pytestmark = pytest.mark.django_db

PNG = (
    b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89"
    b"\0\0\0\rIDATx\x9cc\xf8\xff\xff?\0\x05\xfe\x02\xfe\xa7\x35\x81\x84\0\0\0\0IEND\xaeB`\x82"
)
JPEG = b"\xff\xd8\xff\xe0\0\x10JFIF\0" + b"\0" * 40 + b"\xff\xd9"


def client_for(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def upload(client, tournament_id, data: bytes, kind="sponsor", caption="Acme Poker", key=None):
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    return client.post(
        f"/api/tournaments/{tournament_id}/tv-images/",
        json.dumps({"kind": kind, "caption": caption, "data": base64.b64encode(data).decode()}),
        content_type="application/json",
        **headers,
    )


def test_TV_IMAGES_the_director_uploads_an_image_and_every_tv_gets_it_with_its_type(make_tournament, staff):
    tournament = make_tournament()
    director = client_for(staff["director"])
    answer = upload(director, tournament.id, PNG, key="k-1")
    assert answer.status_code == 200, answer.content
    image = TvImage.objects.get()
    assert (image.kind, image.caption, image.content_type, image.size, image.festival_id) == (
        "sponsor",
        "Acme Poker",
        "image/png",
        len(PNG),
        tournament.festival_id,
    )
    assert bytes(image.data) == PNG and image.uploaded_by == staff["director"]
    assert answer.json()["images"] == [
        {
            "id": image.id,
            "kind": "sponsor",
            "caption": "Acme Poker",
            "content_type": "image/png",
            "size": len(PNG),
            "uploaded_at": answer.json()["images"][0]["uploaded_at"],
            "url": f"/tv-images/{image.id}/",
        }
    ]
    # The same request again (a lost answer, retried) is one image and one event.
    assert upload(director, tournament.id, PNG, key="k-1").json() == answer.json()
    assert TvImage.objects.count() == 1
    event = tournament.events.get(kind="tv.image_added")
    assert event.public == {"image": image.id, "images": answer.json()["images"]}

    # The list is public, for the TV; so is the image, with its own type, cached for a day.
    anonymous = client_for()
    assert anonymous.get(f"/api/tournaments/{tournament.id}/tv-images/").json() == answer.json()["images"]
    served = anonymous.get(f"/tv-images/{image.id}/")
    assert served.status_code == 200 and served["Content-Type"] == "image/png" and served.content == PNG
    assert "max-age=86400" in served["Cache-Control"] and served["X-Content-Type-Options"] == "nosniff"
    assert anonymous.get(f"/tv-images/{image.id + 1}/").status_code == 404

    # A JPEG for the festival joins it; the festival's come first.
    upload(director, tournament.id, JPEG, kind="festival", caption="")
    listed = anonymous.get(f"/api/tournaments/{tournament.id}/tv-images/").json()
    assert [(row["kind"], row["content_type"]) for row in listed] == [
        ("festival", "image/jpeg"),
        ("sponsor", "image/png"),
    ]
    assert anonymous.get(listed[0]["url"])["Content-Type"] == "image/jpeg"


def test_TV_IMAGES_the_director_takes_an_image_off_and_it_is_gone_everywhere(make_tournament, staff):
    tournament = make_tournament()
    director = client_for(staff["director"])
    image_id = upload(director, tournament.id, PNG).json()["image"]
    answer = director.post(f"/api/tournaments/{tournament.id}/tv-images/{image_id}/remove/")
    assert answer.status_code == 200 and answer.json() == {"images": []}
    assert not TvImage.objects.exists() and client_for().get(f"/tv-images/{image_id}/").status_code == 404
    assert tournament.events.get(kind="tv.image_removed").public == {"image": image_id, "images": []}
    again = director.post(f"/api/tournaments/{tournament.id}/tv-images/{image_id}/remove/")
    assert again.status_code == 409 and "no such image" in again.json()["detail"]


@pytest.mark.parametrize(
    "data, kind, caption, status, says",
    [
        (b"GIF89a\x01\0\x01\0" + b"\0" * 30, "sponsor", "", 409, "not a PNG, JPEG or WebP image"),
        (
            b"<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>",
            "sponsor",
            "",
            409,
            "not a PNG, JPEG or WebP image",
        ),
        (b"", "sponsor", "", 409, "The file is empty"),
        (PNG + b"\0" * (1024 * 1024), "sponsor", "", 409, "at most 1 MB fits on the TV"),
        (PNG, "banner", "", 409, "festival's or a sponsor's"),
        (PNG, "sponsor", "x" * 101, 409, "at most 100 characters"),
    ],
)
def test_TV_IMAGES_a_file_that_is_not_a_small_image_is_refused_with_a_sentence_and_nothing_kept(
    make_tournament, staff, data, kind, caption, status, says
):
    tournament = make_tournament()
    answer = upload(client_for(staff["director"]), tournament.id, data, kind=kind, caption=caption)
    assert answer.status_code == status and says in answer.json()["detail"], answer.content
    assert not TvImage.objects.exists() and not tournament.events.exists()


def test_TV_IMAGES_a_body_over_the_bound_is_refused_before_it_is_decoded(make_tournament, staff):
    tournament = make_tournament()
    answer = client_for(staff["director"]).post(
        f"/api/tournaments/{tournament.id}/tv-images/",
        json.dumps({"kind": "sponsor", "data": "A" * 1_500_000}),
        content_type="application/json",
    )
    assert answer.status_code == 422 and not TvImage.objects.exists()
    # Over Django's bound for a body in memory (2.5 MB): a 400 with a sentence, not a 500.
    huge = client_for(staff["director"]).post(
        f"/api/tournaments/{tournament.id}/tv-images/",
        json.dumps({"kind": "sponsor", "data": "A" * 3_000_000}),
        content_type="application/json",
    )
    assert huge.status_code in (400, 413) and not TvImage.objects.exists()


@pytest.mark.parametrize("role", ["floor", "desk", "cashier", "media", None])
def test_TV_IMAGES_only_the_director_uploads_or_removes_an_image(make_tournament, staff, role):
    tournament = make_tournament()
    image_id = upload(client_for(staff["director"]), tournament.id, PNG).json()["image"]
    someone = client_for(staff[role] if role else None)
    assert upload(someone, tournament.id, JPEG).status_code == (403 if role else 401)
    assert someone.post(f"/api/tournaments/{tournament.id}/tv-images/{image_id}/remove/").status_code == (
        403 if role else 401
    )
    assert TvImage.objects.count() == 1
    assert someone.get(f"/tv-images/{image_id}/").status_code == 200  # the TV is public


def test_TV_IMAGES_an_image_removed_from_another_festivals_tournament_is_refused(make_tournament, staff):
    ours, theirs = make_tournament(), make_tournament(name="Other")
    director = client_for(staff["director"])
    image_id = upload(director, ours.id, PNG).json()["image"]
    answer = director.post(f"/api/tournaments/{theirs.id}/tv-images/{image_id}/remove/")
    assert answer.status_code == 409 and TvImage.objects.count() == 1


def test_TV_IMAGES_the_database_refuses_a_size_that_is_not_the_datas_or_a_type_not_allowed(make_tournament):
    festival = make_tournament().festival
    row = {"festival": festival, "kind": "sponsor", "content_type": "image/png", "uploaded_at": timezone.now()}
    with pytest.raises(IntegrityError), transaction.atomic():
        TvImage.objects.create(**row, data=PNG, size=len(PNG) + 1)
    with pytest.raises(IntegrityError), transaction.atomic():
        TvImage.objects.create(**{**row, "content_type": "image/svg+xml"}, data=PNG, size=len(PNG))
    with pytest.raises(IntegrityError), transaction.atomic():
        TvImage.objects.create(**row, data=b"\0" * (1024 * 1024 + 1), size=1024 * 1024 + 1)


def test_TV_DISPLAY_pages_are_public_and_an_unknown_tournament_or_festival_is_a_404(make_tournament):
    tournament = make_tournament()
    anonymous = client_for()
    page = anonymous.get(f"/tournaments/{tournament.id}/tv/")
    assert page.status_code == 200 and b'data-clock="remaining"' in page.content
    assert b"<form" not in page.content and b"/director/" not in page.content
    festival = anonymous.get(f"/festivals/{tournament.festival_id}/tv/")
    assert festival.status_code == 200 and f'data-tournament="{tournament.id}"'.encode() in festival.content
    assert anonymous.get(f"/tournaments/{tournament.id + 99}/tv/").status_code == 404
    assert anonymous.get(f"/festivals/{tournament.festival_id + 99}/tv/").status_code == 404
