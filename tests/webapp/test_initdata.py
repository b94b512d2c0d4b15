"""Telegram's Mini App init data: what Telegram signs is accepted, anything else refused.

The reference vector is computed independently of ``bot.webapp.initdata`` (the algorithm
as Telegram's documentation spells it), so a mistake in the module cannot hide here."""

from __future__ import annotations

import hashlib
import hmac
import json
from urllib.parse import urlencode

import pytest

from bot.webapp.initdata import MAX_LENGTH, InitDataRefused, validate

TOKEN = "123456:ABC-secret"
NOW = 1_800_000_000


def telegram_signs(fields: dict[str, str], token: str = TOKEN) -> str:
    secret = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
    check = "\n".join(f"{k}={fields[k]}" for k in sorted(fields))
    signed = dict(fields, hash=hmac.new(secret, check.encode(), hashlib.sha256).hexdigest())
    return urlencode(signed)


def fields(user_id=42, auth_date=NOW, **extra) -> dict[str, str]:
    user = json.dumps({"id": user_id, "first_name": "Anna", "language_code": "ru"})
    return {"auth_date": str(auth_date), "query_id": "AAE1", "user": user, **extra}


def test_what_telegram_signed_names_the_person():
    user = validate(telegram_signs(fields(start_param="g17")), TOKEN, now=NOW + 5)
    assert (user.user_id, user.first_name, user.language_code, user.start_param) == \
        (42, "Anna", "ru", "g17")


@pytest.mark.parametrize("why, data", [
    ("another bot's token", telegram_signs(fields(), "999:OTHER")),
    ("a changed user", telegram_signs(fields()).replace("%22id%22%3A+42", "%22id%22%3A+43")),
    ("no hash", urlencode(fields())),
    ("a hash for other fields", telegram_signs(fields()) + "&extra=1"),
    ("empty", ""),
    ("not a query string", "garbage"),
    ("too long", telegram_signs(fields(pad="x" * MAX_LENGTH))),
])
def test_forged_init_data_is_refused(why, data):
    with pytest.raises(InitDataRefused):
        validate(data, TOKEN, now=NOW)


def test_stale_init_data_is_refused_fresh_is_not():
    data = telegram_signs(fields(auth_date=NOW))
    assert validate(data, TOKEN, max_age=3600, now=NOW + 3599).user_id == 42
    with pytest.raises(InitDataRefused, match="stale"):
        validate(data, TOKEN, max_age=3600, now=NOW + 3601)
    with pytest.raises(InitDataRefused, match="stale"):  # from the future
        validate(data, TOKEN, max_age=3600, now=NOW - 600)


def test_signed_without_a_user_is_refused():
    data = telegram_signs({"auth_date": str(NOW), "query_id": "AAE1"})
    with pytest.raises(InitDataRefused):
        validate(data, TOKEN, now=NOW)


def test_the_persons_name_as_the_chat_names_them():
    anna = validate(telegram_signs(fields()), TOKEN, now=NOW)
    assert anna.name == "Anna"
    user = json.dumps({"id": 7, "first_name": "Anna", "last_name": "Karenina"})
    karenina = validate(telegram_signs(dict(fields(), user=user)), TOKEN, now=NOW)
    assert (karenina.first_name, karenina.name) == ("Anna", "Anna Karenina")
