"""Money as people and other systems read it: integer minor units written in the currency's
own unit (ISO 4217's exponent), e.g. 55000 EUR -> "550.00", 5500 JPY -> "5500"."""

# ISO 4217 currencies whose minor unit is not a hundredth.
EXPONENTS = {"JPY": 0, "KRW": 0, "ISK": 0, "HUF": 2, "CLP": 0, "VND": 0, "BHD": 3, "KWD": 3, "OMR": 3, "TND": 3}


def exponent_of(currency: str) -> int:
    return EXPONENTS.get(currency, 2)


def decimal_amount(minor_units: int, currency: str) -> str:
    """A plain decimal with a point and no grouping, as files for other systems take it."""
    exponent = exponent_of(currency)
    sign = "-" if minor_units < 0 else ""
    whole, fraction = divmod(abs(int(minor_units)), 10**exponent)
    return f"{sign}{whole}" + (f".{fraction:0{exponent}d}" if exponent else "")
