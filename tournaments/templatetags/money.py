"""{{ amount|money:currency }}: integer minor units shown as money, e.g. 55000|money:"EUR" -> "550.00 EUR";
{{ count|chips }}: a number of chips with thousands separators, e.g. 20000 -> "20,000"."""

from django import template
from django.utils.translation import get_language

from rules.currency import exponent_of

register = template.Library()


@register.filter
def money(minor_units, currency: str = "EUR") -> str:
    exponent = exponent_of(currency)
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
