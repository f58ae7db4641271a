"""Phone numbers by context and by country (issue 17). Pure: text in, spans out.

A number-shaped span is a phone when
1. it is international: ``+CC`` or ``00CC`` and a length python-phonenumbers accepts as possible
   for that country (any country); or
2. a phone cue sits within a few words of it (call, ring, text, mobile, number, tel, whatsapp,
   reach, and the German, French, Spanish, Italian and Dutch cues), whether or not its area code
   is assigned; or
3. it is a full national number of one of the candidate regions (GB, DE, FR, ES, IT, NL, IE, IN,
   AU, CA, US by default) that phonenumbers calls valid, and it is shaped like a dialled number:
   a trunk ``0`` or a NANP ``NXX NXX XXXX``.

Never a phone: a span whose nearest preceding word names another kind of number (order, invoice,
tracking, reference, booking, case, ticket, policy, serial, account, card, flight, room, ISBN,
version, a currency...), dates, ranges of years or clock times ("1990-2000", "0900-1730"),
dotted version numbers, counting runs ("1 2 3 4 5 6 7") and spans of more than 15 digits. Numbers spelled in words ("oh seven nine one one ...") count only
beside a cue.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import phonenumbers
from phonenumbers import NumberParseException

DEFAULT_REGIONS = ("GB", "DE", "FR", "ES", "IT", "NL", "IE", "IN", "AU", "CA", "US")

PHONE_CUES = frozenset("""
call calls calling called ring ringing rang text texts texting txt sms phone phones fone telephone tel tel.
mobile mob mob. moblie cell cellphone number nubmer num landline line whatsapp whatsap viber signal
reach contact fax dial direct dial t m p ph mobil handy handynummer nummer telefon telefonnummer ruf rufe
anrufen erreichst erreichen erreichbar appelle appelez appeler portable numéro numero téléphone telephone tél
joindre texto llámame llamame llama llamar móvil movil teléfono telefono número escríbeme escribeme
chiamami chiama chiamare cellulare contattare bel bellen mobiele telefoonnummer app bereiken sms'en
angerufen anruf rückruf rückrufnummer durchwahl festnetz rappeler rappelez rappelle appel fixe joignable
llámeme llameme fijo contacto telefonare richiamare fisso terugbellen gebeld mobiel vast vaste bereikbaar
""".split())

# Words that say "number" without saying which kind: "order number", "numéro de commande".
NUMBER_WORDS = frozenset("number numbers nubmer num no nr # numéro numero número nummer n°".split())

# Words that name another kind of number. Not the people or services that have phone lines
# (delivery, shipping, client, points, miles): "call the delivery number 0800 ...".
NOT_PHONE_LABELS = frozenset("""
order orders ord invoice inv tracking track parcel shipment consignment reference ref booking
confirmation case ticket policy serial model account acct membership member loyalty card visa
mastercard amex iban bic swift sort flight room seat table gate platform bus route isbn version
build release firmware ios android v patch postcode zip pin passcode password otp code voucher
coupon receipt transaction claim customer id item sku product part batch lot licence license
registration reg plate vin year years score page chapter invoice# order# meeting zoom webinar nhs
passport driving imei imsi iccid ean upc barcode tax vat ein nino usd eur gbp inr aud cad rs rs. inr
euro euros pound pounds dollar dollars rupees price cost total amount balance salary population
lottery lotto raffle flyer frequent tix pnr itinerary
commande facture référence dossier colis suivi billet chambre
ordine fattura riferimento pratica pacco spedizione biglietto volo
pedido factura referencia expediente paquete envío envio billete vuelo habitación habitacion
bestelling bestelnummer factuur referentie dossiernummer pakket zending kaartje vlucht kamer klantnummer
bestellung bestellnummer auftrag auftragsnummer rechnung rechnungsnummer kundennummer vertragsnummer
vertrag aktenzeichen sendung sendungsnummer paket ticketnummer buchung buchungsnummer flug zimmer
""".split())

# Words skipped when looking for the nearest content word before a number.
_FILLER = frozenset("""
is was are be it's its it his her my your our their the a an of for at on to in no. no nr # : number
numbers num is: - = new old just again here there ist est es è c'est le la al au op unter e
""".split())

_GROUP = r"(?:\(\d{1,5}\)\s?\d{0,12}|\d{1,12})"
# Groups of digits (a bracketed area code or "(0)" may open a group) joined by one separator;
# "+44(0)7911" joins without one.
_CANDIDATE = re.compile(
    rf"(?<![\w.,\-/#£$€₹¥+])(?:\+\s?)?{_GROUP}(?:(?:[ \-./]|\s[-/]\s|(?=\())?{_GROUP})*(?![\w]|[.,\-/]\d)"
)
_DATE = re.compile(r"^(?:\d{1,2}[/.\-]\d{1,2}[/.\-](?:\d{2}|\d{4})|\d{4}[/.\-]\d{1,2}[/.\-]\d{1,2})$")
_SSN_SHAPE = re.compile(r"^\d{3}-\d{2}-\d{4}$")
# "1990-2000", "0900-1730": a range of years or of clock times.
_RANGE = re.compile(r"^(?:(?:19|20)\d{2}\s?[-–]\s?(?:19|20)\d{2}|(?:[01]\d|2[0-3])[0-5]\d\s?[-–]\s?(?:[01]\d|2[0-3])[0-5]\d)$")
_WORD = re.compile(r"[^\s()\[\]{},;!?\"“”|]+")

_DIGIT_WORDS = {"zero": "0", "oh": "0", "o": "0", "nought": "0", "one": "1", "two": "2", "three": "3",
                "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9"}
_DW = r"(?:zero|oh|o|nought|one|two|three|four|five|six|seven|eight|nine)"
# Digits spelled in words, possibly after a group written in digits ("248 five five five oh one ...").
_SPELLED = re.compile(rf"(?<![\w.,])(?:\d{{2,5}}\s+)?\b(?:(?:double|triple)\s+)?{_DW}"
                      rf"(?:(?:\s*[,\-]\s*|\s+)(?:(?:double|triple)\s+)?{_DW})+\b", re.IGNORECASE)

CUE_WORDS_BEFORE = 6
CUE_WORDS_AFTER = 4
# A number read out digit by digit is long and unmistakable: its cue may sit further back
# ("the number for the taxi firm in york is oh one nine oh four ...").
SPELLED_CUE_WORDS_BEFORE = 10


@dataclass(frozen=True, slots=True)
class PhoneSpan:
    start: int
    end: int
    score: float
    reason: str  # "international" | "cue" | "national" | "spelled"


def _words_before(text: str, start: int, n: int, since: int = 0) -> list[str]:
    """The last ``n`` words in the 80 characters before ``start``, none before ``since``."""
    return [w.lower().strip(".:'’") or w for w in _WORD.findall(text[max(since, start - 80):start])][-n:]


# Where the clause before a number begins: a comma, semicolon, "!" or "?", a full stop or dash
# between words. What precedes it does not label the number.
_CLAUSE_BREAK = re.compile(r"[,;!?]|\.\s|\s[-–—]\s")


def _elided(word: str) -> str:
    """"d'ordine" -> "ordine", "l'ordre" -> "ordre" (French and Italian elision)."""
    return re.sub(r"^(?:d|l|dell|all|nell|sull|qu)['’]", "", word)


def _labelled_otherwise(text: str, start: int) -> bool:
    """The number is labelled as another kind of number: its nearest content word is a label
    ("order 0203 445 1199", "numéro de commande 0612 4490 2187"), or, before any phone cue in its
    clause, a label followed by a word for "number" ("the order number they gave me is 07911 234 567",
    "VAT number GB 284 7719 02"). A bare "number" is neither a label nor a cue here."""
    head_start = max(0, start - 80)
    head = text[head_start:start]
    breaks = [m.end() for m in _CLAUSE_BREAK.finditer(head) if m.end() < len(head.rstrip(" :#-"))]
    clause_start = head_start + (breaks[-1] if breaks else 0)
    words = [_elided(w) for w in _words_before(text, start, CUE_WORDS_BEFORE, since=clause_start)]
    nearest = True
    for i in range(len(words) - 1, -1, -1):
        word = words[i]
        if not word or word in _FILLER or word in NUMBER_WORDS:
            continue
        compound = i + 1 < len(words) and words[i + 1] in NUMBER_WORDS
        if word in NOT_PHONE_LABELS and (nearest or compound):
            return True
        if _cue(word):
            return False
        nearest = False
    return False


def _words_after(text: str, end: int, n: int) -> list[str]:
    return [w.lower().strip(".:'’") for w in _WORD.findall(text[end:end + 60])][:n]


def _has_cue(text: str, start: int, end: int, words_before: int = CUE_WORDS_BEFORE) -> bool:
    before = _words_before(text, start, words_before)
    after = _words_after(text, end, CUE_WORDS_AFTER)
    return any(_cue(w) for w in before) or any(_cue(w) for w in after)


def _cue(word: str) -> bool:
    word = word.strip(".:-'’")
    if word in PHONE_CUES:
        return True
    base = word.removesuffix("'s").removesuffix("s")
    return base in PHONE_CUES and len(base) > 2


def _groups(span: str) -> list[str]:
    return re.findall(r"\d+", span)


def _shape_ok(span: str, digits: str, cue: bool) -> bool:
    """Number-shaped like a phone, not a date, a version, an SSN or a counting run."""
    if not 7 <= len(digits) <= 15 or _DATE.match(span) or _SSN_SHAPE.match(span) or _RANGE.match(span):
        return False
    groups = _groups(span.replace("(0)", ""))
    international = span.startswith("+") or digits.startswith("00")
    singles = [i for i, g in enumerate(groups) if len(g) == 1 and g != "0"]
    if (len(singles) > 1 or (singles and singles[0] > 1)) and not (cue and all(len(g) == 1 for g in groups)):
        return False  # a counting run or an ISBN; digit by digit ("0 7 9 1 1 ...") only beside a cue
    if "." in span and not international and any(len(g) < 2 or len(g) > 4 for g in groups):
        return False
    return True


def _international(span: str, digits: str) -> bool:
    raw = span.strip()
    if raw.startswith("00"):
        raw = "+" + raw[2:]
    elif not raw.startswith("+"):
        return False
    raw = raw.replace("(0)", "")
    try:
        number = phonenumbers.parse(raw, None)
    except NumberParseException:
        return False
    return phonenumbers.is_possible_number(number)


def _national(span: str, digits: str, regions: tuple[str, ...]) -> bool:
    nanp_shaped = bool(re.match(r"^(?:1[\s\-.]?)?\(?[2-9]\d{2}\)?[\s\-.]?[2-9]\d{2}[\s\-.]?\d{4}$", span))
    if not (digits.startswith("0") or nanp_shaped) or len(digits) < 9:
        return False
    for region in regions:
        try:
            number = phonenumbers.parse(span, region)
        except NumberParseException:
            continue
        if phonenumbers.is_valid_number(number):
            return True
    return False


def _pieces(span: str, offset: int) -> list[tuple[int, int]]:
    """The candidate, or its parts when a "/" joins two numbers ("07911 123456/07922 654321")."""
    if "/" not in span or len("".join(_groups(span))) <= 15:
        return [(offset, offset + len(span))]
    out, cursor = [], 0
    for part in re.split(r"(\s?/\s?)", span):
        if part.strip() and not part.strip().startswith("/"):
            lead = len(part) - len(part.lstrip())
            out.append((offset + cursor + lead, offset + cursor + len(part.rstrip())))
        cursor += len(part)
    return out


def _judge(text: str, start: int, end: int, regions: tuple[str, ...]) -> PhoneSpan | None:
    span = text[start:end]
    digits = "".join(_groups(span))
    if _labelled_otherwise(text, start):
        return None
    cue = _has_cue(text, start, end)
    if not _shape_ok(span, digits, cue):
        return None
    if _international(span, digits):
        return PhoneSpan(start, end, 0.9, "international")
    if cue:
        return PhoneSpan(start, end, 0.8, "cue")
    if _national(span, digits, regions):
        return PhoneSpan(start, end, 0.75, "national")
    return None


def find_phones(text: str, regions: tuple[str, ...] = DEFAULT_REGIONS) -> list[PhoneSpan]:
    """Phone spans in ``text`` (see the module docstring for the rules)."""
    out: list[PhoneSpan] = []
    for m in _CANDIDATE.finditer(text):
        for start, end in _pieces(m.group(0), m.start()):
            phone = _judge(text, start, end, regions)
            if phone:
                out.append(phone)
    for m in _SPELLED.finditer(text):
        words = re.findall(r"[a-z]+", m.group(0), re.I)
        count = sum(2 if w.lower() == "double" else 3 if w.lower() == "triple" else
                    (1 if w.lower() in _DIGIT_WORDS else 0) for w in words)
        # "double" adds one digit to the word after it (counted once for the word, once here).
        count -= sum(1 for w in words if w.lower() in ("double", "triple"))
        count += len("".join(_groups(m.group(0))))
        if any(p.start <= m.start() < p.end or m.start() <= p.start < m.end() for p in out):
            continue  # its digit group is already part of a number found above
        if 7 <= count <= 15 and _has_cue(text, m.start(), m.end(), SPELLED_CUE_WORDS_BEFORE):
            out.append(PhoneSpan(m.start(), m.end(), 0.7, "spelled"))
    return out


SPELLED_DIGITS_HINT = re.compile(rf"\b{_DW}\b(?:\W+\b(?:double\s+|triple\s+)?{_DW}\b){{5,}}", re.IGNORECASE)
