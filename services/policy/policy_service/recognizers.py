"""The Presidio recognizers the policy service loads, and nothing else.

Only pattern/validator recognizers are used, so no spaCy NER is needed. Per-entity score
thresholds remove weak matches (e.g. a bare 9-digit number as an SSN without context).
"""

from __future__ import annotations

import tldextract
import re

from presidio_analyzer import EntityRecognizer, Pattern, PatternRecognizer, RecognizerResult
from presidio_analyzer.nlp_engine import NlpArtifacts
from presidio_analyzer.predefined_recognizers import (
    EmailRecognizer,
    IbanRecognizer,
    IpRecognizer,
    UsSsnRecognizer,
)

from memcore import luhn
from policy_service.phones import DEFAULT_REGIONS, SPELLED_DIGITS_HINT, find_phones

# Presidio entity -> our PII type (the placeholder is "<TYPE>").
ENTITY_TO_PII_TYPE: dict[str, str] = {
    "PHONE_NUMBER": "PHONE",
    "EMAIL_ADDRESS": "EMAIL",
    "STREET_ADDRESS": "ADDRESS",
    "US_SSN": "SSN",
    "CREDIT_CARD": "CARD",
    "DATE_OF_BIRTH": "DOB",
    "IBAN_CODE": "IBAN",
    "IP_ADDRESS": "IP",
}
PII_TYPE_TO_ENTITY = {v: k for k, v in ENTITY_TO_PII_TYPE.items()}

# Minimum score per entity (after context enhancement).
ENTITY_THRESHOLDS: dict[str, float] = {
    "PHONE_NUMBER": 0.4,
    "EMAIL_ADDRESS": 0.5,
    "STREET_ADDRESS": 0.5,
    "US_SSN": 0.4,  # formatted 0.5; a bare 9-digit number needs an "ssn"/"social security" context
    "CREDIT_CARD": 0.5,  # only Luhn-valid matches score 1.0
    "DATE_OF_BIRTH": 0.4,  # a date (0.1) counts only next to "born"/"birthday"/"dob"
    "IBAN_CODE": 0.5,
    "IP_ADDRESS": 0.6,
}

# The bundled public-suffix snapshot: no network fetch, no cache directory.
_OFFLINE_TLD_EXTRACT = tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None, fallback_to_snapshot=True)


class OfflineEmailRecognizer(EmailRecognizer):
    """Presidio's email recognizer, validating the domain against the bundled suffix list: the
    host must end in a public suffix and have a name before it. Under a wildcard suffix (``*.sch.uk``,
    ``*.ck``) the whole host is the suffix, so "office@hollymount.sch.uk" counts by its labels."""

    def validate_result(self, pattern_text: str) -> bool:
        parts = _OFFLINE_TLD_EXTRACT(pattern_text)
        host = pattern_text.rsplit("@", 1)[-1]
        return parts.fqdn != "" or (parts.suffix != "" and host.count(".") >= 2)


_STREET_SUFFIX = (
    r"(?:street|st|avenue|ave|road|rd|lane|ln|drive|dr|boulevard|blvd|court|ct|way|place|pl|"
    r"terrace|ter|circle|cir|parkway|pkwy|highway|hwy|trail|trl|square|sq|crescent|close|grove|row|"
    r"alley|pike|parade|gardens|mews|approach|park|rise|walk|hill|green|heights|vale|quay|wharf|view)"
)
# Without a house number only the unmistakable street types count: "close", "way", "place",
# "court", "row" are ordinary words too ("my friends live close by", "a loving way to grow a family").
# And only a street named as a name is one: capitalised, not after "the" ("we live on Maple Drive",
# but not "a busy road", "a quiet side street", "near the High Street").
_WEAK_STREET_SUFFIX = r"(?:street|avenue|ave|road|rd|lane|drive|boulevard|blvd|terrace|crescent|parkway|highway|hwy)"
# Words that cannot be part of a street name (stops "3 blocks down the street").
_NOT_NAME = (
    r"(?!(?:the|a|an|my|our|your|his|her|their|this|that|down|up|to|on|in|at|of|and|or|blocks?|"
    r"miles?|minutes?|times?|houses?|doors?|cars?|kids?|people|across|along|past|from|by|near|over|"
    r"mins?|hours?|hrs?|km|kms|mi|days?|weeks?|steps?|one|two|three|four|five|six|seven|eight|nine|ten|"
    r"more|other|same|long|short|only|each|every|all|way)\b)"
)
_NAME_WORD = _NOT_NAME + r"[a-z][a-z'\-]*\.?"
# A street named without a house number ("Maple Drive", "Cherry Tree Lane"): capitalised words, not
# after "the". The recognizer and the pre-filter below both use it; the capital is tested first, as
# the cheapest test.
_CAPITAL = r"(?-i:(?=[A-Z]))"
_NAMED_STREET = rf"{_CAPITAL}(?<!the )\b(?:{_CAPITAL}{_NAME_WORD}\s+){{1,2}}{_WEAK_STREET_SUFFIX}\b"
# "12", "12b", a range "12-14", or a unit and its building "3/45" (Australia)
_HOUSE_NUMBER = r"(?:\d{1,5}[a-z]?\s?[-/]\s?)?\d{1,6}[a-jl-z]?"
# Street types a UK address may name with "The" alone: "3 The Crescent", "5 The Green".
_THE_STREET = r"(?:crescent|green|close|grove|mews|parade|square|avenue|drive|walk|terrace|gardens|row)"
_UNIT = r"(?:,?\s+(?:apt|apartment|unit|suite|ste|#)\.?\s*#?\s*[0-9a-z]{1,5}\b)?"
# "Flat 3, 22 Elm Road", "Unit 5, 10 Harbour St": the flat part before the house number.
_UNIT_FIRST = r"(?:(?:flat|apt|apartment|unit|suite)\.?\s*[0-9]{1,4}[a-z]?,?\s+)?"


class StreetAddressRecognizer(PatternRecognizer):
    """House number + street name + street suffix ("48 Birch Lane", "1200 N. Oak St, Apt 4")."""

    PATTERNS = [
        Pattern(
            "street address (number, name, suffix)",
            rf"\b{_UNIT_FIRST}{_HOUSE_NUMBER}\s+(?:[nsew]\.?\s+)?(?:{_NAME_WORD}\s+){{1,3}}{_STREET_SUFFIX}\b\.?{_UNIT}",
            0.6,
        ),
        Pattern(
            "street address (number, 'The', suffix)",
            rf"\b{_UNIT_FIRST}{_HOUSE_NUMBER}\s+the\s+{_THE_STREET}\b",
            0.6,
        ),
        Pattern(
            "street name without number (weak, needs context)",
            _NAMED_STREET,
            0.15,
        ),
    ]
    # Not "street": the street type is the match itself ("the high street ... Main Street Bakery").
    CONTEXT = ["address", "live", "lives", "living", "home", "house", "moved", "move", "mail", "ship", "deliver"]

    def __init__(self) -> None:
        super().__init__(
            supported_entity="STREET_ADDRESS",
            patterns=self.PATTERNS,
            context=self.CONTEXT,
        )
        self.score_thresholds = {"STREET_ADDRESS": ENTITY_THRESHOLDS["STREET_ADDRESS"]}


_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
_DAY = r"(?:0?[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?"
_YEAR = r"(?:19|20)\d{2}"
# Month names of the set's other languages (German, French, Spanish, Italian, Dutch).
_LOCAL_MONTH = (
    r"(?:januar|jänner|februar|märz|maerz|mai|juni|juli|oktober|dezember|"
    r"janvier|février|fevrier|mars|avril|juin|juillet|août|aout|septembre|octobre|novembre|décembre|decembre|"
    r"enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre|"
    r"gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre|"
    r"januari|februari|maart|mei|augustus)"
)
_ANY_MONTH = rf"(?:{_MONTH}|{_LOCAL_MONTH})"
# "the fifth", "twenty-first": a day in words, as children and dictation say it
_DAY_WORD = (r"(?:(?:twenty|thirty)[\s\-]?)?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|"
             r"tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|"
             r"nineteenth|twentieth|thirtieth")
_ANY_DAY = rf"(?:{_DAY}|{_DAY_WORD})"
_SHORT_YEAR = r"(?:'\d{2}|\d{2})"


class DateOfBirthRecognizer(PatternRecognizer):
    """A date next to a birth context word ("born on March 3, 2015", "DOB 04/12/1988")."""

    PATTERNS = [
        # month first or day first, four- or two-digit year ("03/12/2015", "23.1.1973", "4/7/91")
        Pattern("numeric date", r"\b(?:0?[1-9]|[12]\d|3[01])([/.\-])(?:0?[1-9]|[12]\d|3[01])\1(?:19|20)?\d{2}\b", 0.1),
        Pattern("iso date", rf"\b{_YEAR}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])\b", 0.1),
        Pattern("month day year", rf"\b{_MONTH}\s+{_DAY}(?:,?\s+{_YEAR})?\b", 0.1),
        Pattern("day month year", rf"\b(?:the\s+)?{_ANY_DAY}\s+(?:of\s+)?{_MONTH}(?:,?\s+(?:{_YEAR}|{_SHORT_YEAR}))?(?!\w)", 0.1),
        Pattern("month 'the' day", rf"\b{_MONTH}\s+the\s+{_ANY_DAY}\b(?:,?\s+{_YEAR}\b)?", 0.1),
        Pattern("iso date, slashes or dots", rf"\b{_YEAR}[/.](?:0?[1-9]|1[0-2])[/.](?:0?[1-9]|[12]\d|3[01])\b", 0.1),
        # "3. März 1975", "1er avril 1992", "12 de marzo de 1980", "12 maart 1980"
        Pattern("day month year, other languages",
                rf"\b(?:0?[1-9]|[12]\d|3[01])(?:\.|er)?\s+(?:de\s+)?{_LOCAL_MONTH}(?:\s+(?:de\s+)?{_YEAR})?\b", 0.1),
        Pattern("month and year", rf"\b{_ANY_MONTH}\s+(?:de\s+)?{_YEAR}\b", 0.1),
        Pattern("day and month, numeric", r"\b(?:0?[1-9]|[12]\d|3[01])/(?:0?[1-9]|1[0-2])\b(?![/\d])", 0.1),
    ]
    # "turns 8 on the 4th of July"; and the birth words of the set's other languages.
    CONTEXT = ["born", "birthday", "birth", "birthdate", "dob", "bday", "b-day", "turns",
               "geboren", "geb", "geburtsdatum", "geburtstag", "né", "née", "naissance", "anniversaire",
               "nacido", "nacida", "nacimiento", "cumpleaños", "nato", "nata", "nascita", "compleanno",
               "geboortedatum", "verjaardag", "jarig"]

    def __init__(self) -> None:
        super().__init__(
            supported_entity="DATE_OF_BIRTH",
            patterns=self.PATTERNS,
            context=self.CONTEXT,
        )
        self.score_thresholds = {"DATE_OF_BIRTH": ENTITY_THRESHOLDS["DATE_OF_BIRTH"]}


# The issuer prefixes of the cards we redact: Visa 4; Mastercard 51-55 and 2221-2720; American
# Express 34, 37; Discover 6011, 644-649, 65; Diners 36, 38; JCB 3528-3589.
_CARD_PREFIX = re.compile(r"^(?:4|5[1-5]|2(?:22[1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720)|3[47]|6011|64[4-9]|65|3[68]|35(?:2[89]|[3-8]\d))")


class CardNumberRecognizer(PatternRecognizer):
    """A payment card number in any grouping: 13-19 digits, single separators (space, dash, dot or
    slash; "  " too), an issuer's prefix and a valid Luhn check. Presidio's own pattern misses the
    Mastercard 2-series, dots, slashes and irregular groups ("4532 015112 830366")."""

    PATTERNS = [Pattern("card digits", r"(?<![\d.\-/])\d(?:(?:[ \-./]| {2})?\d){12,18}(?![\d]|[.\-/]\d)", 0.3)]

    def __init__(self) -> None:
        super().__init__(supported_entity="CREDIT_CARD", patterns=self.PATTERNS,
                         context=["card", "visa", "mastercard", "amex", "credit", "debit"])
        self.score_thresholds = {"CREDIT_CARD": ENTITY_THRESHOLDS["CREDIT_CARD"]}

    def validate_result(self, pattern_text: str) -> bool:
        groups = re.findall(r"\d+", pattern_text)
        if len(groups) > 1 and min(len(g) for g in groups) < 3:
            return False  # a counting run or a list of small numbers, not a card's groups
        digits = "".join(groups)
        return 13 <= len(digits) <= 19 and bool(_CARD_PREFIX.match(digits)) and luhn.is_valid(digits)


def _with_threshold(recognizer: EntityRecognizer, entity: str) -> EntityRecognizer:
    recognizer.score_thresholds = {entity: ENTITY_THRESHOLDS[entity]}
    return recognizer


class ContextPhoneRecognizer(EntityRecognizer):
    """Phones by context and by country: ``policy_service.phones.find_phones`` (cues are
    handled there, so Presidio's context enhancer has nothing to add)."""

    def __init__(self, regions: tuple[str, ...] = DEFAULT_REGIONS) -> None:
        self.regions = regions
        super().__init__(supported_entities=["PHONE_NUMBER"], name="ContextPhoneRecognizer", context=[])

    def load(self) -> None:
        pass

    def analyze(self, text: str, entities: list[str], nlp_artifacts: NlpArtifacts | None = None) -> list[RecognizerResult]:
        return [RecognizerResult("PHONE_NUMBER", p.start, p.end, p.score) for p in find_phones(text, self.regions)]


def build_recognizers(phone_regions: tuple[str, ...] = DEFAULT_REGIONS) -> list[EntityRecognizer]:
    """The full recognizer set. No UK_NHS, no NER, no crypto/URL/etc.: only what we redact."""
    phone = ContextPhoneRecognizer(phone_regions)
    ssn = UsSsnRecognizer(context=["social", "security", "ssn", "ssns", "ss"])
    return [
        _with_threshold(phone, "PHONE_NUMBER"),
        _with_threshold(OfflineEmailRecognizer(), "EMAIL_ADDRESS"),
        _with_threshold(ssn, "US_SSN"),
        CardNumberRecognizer(),
        _with_threshold(IbanRecognizer(), "IBAN_CODE"),
        _with_threshold(IpRecognizer(), "IP_ADDRESS"),
        StreetAddressRecognizer(),
        DateOfBirthRecognizer(),
    ]


# A text can hold one of our PII types only if it has an "@", three or more digits, something an
# address needs, or a birth word (the date-of-birth recognizer's context): every recognizer above
# needs one of these (a phone, SSN, card, IBAN or IP has several digits; a date of birth a year or
# its context word; an address a house number before its street type, or a named street).
_BIRTH_WORDS = "|".join(re.escape(w) for w in DateOfBirthRecognizer.CONTEXT)
_ADDRESS_POSSIBLE = rf"\d[\s\S]*?\b{_STREET_SUFFIX}\b|{_NAMED_STREET}"
_PII_POSSIBLE = re.compile(rf"@|(?:\d\D*){{3}}|{_ADDRESS_POSSIBLE}|\b(?:birth\w*|{_BIRTH_WORDS})\b", re.IGNORECASE)


def could_hold_pii(text: str) -> bool:
    """Cheap pre-filter that lets the analyzer skip texts no recognizer could match."""
    return bool(_PII_POSSIBLE.search(text) or SPELLED_DIGITS_HINT.search(text))
