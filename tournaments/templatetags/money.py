"""{{ amount|money:currency }}: integer minor units shown as money, e.g. 55000|money:"EUR" -> "550.00 EUR";
{{ count|chips }}: a number of chips with thousands separators, e.g. 20000 -> "20,000"."""

from django import template
from django.utils.translation import get_language

register = template.Library()

# ISO 4217 currencies whose minor unit is not a hundredth.
EXPONENTS = {"JPY": 0, "KRW": 0, "ISK": 0, "HUF": 2, "CLP": 0, "VND": 0, "BHD": 3, "KWD": 3, "OMR": 3, "TND": 3}


@register.filter
def money(minor_units, currency: str = "EUR") -> str:
    exponent = EXPONENTS.get(currency, 2)
    amount = int(minor_units)
    sign = "-" if amount < 0 else ""
    whole, fraction = divmod(abs(amount), 10**exponent)
    text = f"{whole:,}" + (f".{fraction:0{exponent}d}" if exponent else "")
    return f"{sign}{_local(text)} {currency}"


@register.filter
def chips(count) -> str:
    """{{ 20000|chips }} -> "20,000": a count of chips with thousands separators."""
    return _local(f"{int(count):,}")


def _local(number: str) -> str:
    """German pages group thousands with a point and write the decimal comma (1.234,50 EUR)."""
    if (get_language() or "").startswith("de"):
        return number.translate(str.maketrans({",": ".", ".": ","}))
    return number


@register.filter
def get(mapping: dict, key):
    """{{ companies|get:name }}: a dictionary lookup in a template."""
    return mapping.get(key)
