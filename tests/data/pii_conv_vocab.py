"""Templates and vocabularies of the conversational PII set (docs/pii-eval-spec.md).

Each template is (style, text) with slots {P} {P2} {E} {A} {C} {I} {D} {S} {N}. Written from the
spec, apart from the recognizers.
"""

from __future__ import annotations

import random
import string

C, A, B = "child", "adult", "business"

CUE_TEMPLATES = [
    (C, "my mum's mobile is {P}"), (C, "my dad's number is {P}"), (C, "grandma's phone number is {P}"),
    (C, "you can call my mom on {P}"), (C, "if i get lost i have to call {P}"),
    (C, "my big sister's cell is {P} but she never answers"), (C, "this is my dads number {P}"),
    (C, "text my mum at {P} when we're done"), (C, "auntie jo has a new number its {P}"),
    (C, "my nan's house phone is {P}!!"), (C, "mummy said if there's an emergency ring {P}"),
    (C, "Can you remember my daddy's phone? It's {P}"), (C, "my friend Leo's mum gave me her number, {P}"),
    (C, "call my grandad on {P} and tell him i won"),
    (A, "Call me on {P} after 6."), (A, "Text her at {P} about Saturday"), (A, "My new mobile is {P}, save it"),
    (A, "Reach me at {P} if the train is late"), (A, "WhatsApp me on {P}"),
    (A, "Remind me to ring the dentist on {P} tomorrow morning"), (A, "The plumber's number: {P}"),
    (A, "save Tom's cell {P} under work contacts"), (A, "{P} is my new number btw"),
    (A, "my landline is {P} but I'm rarely home"), (A, "her mobile's {P}, she said text first"),
    (A, "can you add my brother to contacts, phone {P}"), (A, "If you can't get me try my wife on {P}."),
    (A, "the babysitter's number is {P}"), (A, "ok so the vet's phone is {P}, call them at 9"),
    (A, "new phone who dis, it's {P}"), (A, "what was Anna's number again? oh it's {P}"),
    (B, "Please ring the office on {P}."), (B, "Tel: {P}"), (B, "Contact our support line at {P}"),
    (B, "For urgent issues reach Sarah on {P}"), (B, "Direct line {P}, ext 204"),
    (B, "The customer called back from {P} about the invoice."), (B, "Mob. {P}"),
    (B, "You can reach the warehouse at {P} between 9 and 5"), (B, "call {P} to confirm the delivery slot"),
    (B, "Kind regards, Mark Ellis | Sales | T {P}"), (B, "Phone: {P} (mornings only)"),
    (B, "Pls call the client back on {P} re the renewal"), (B, "Her direct dial is {P}."),
    (B, "Out of hours, phone the on-call engineer: {P}"), (B, "Supplier contact number {P}, ask for Raj"),
]

LOCAL_CUE_TEMPLATES = {
    "de": ["Meine Handynummer ist {P}", "Ruf mich unter {P} an", "Tel.: {P}", "Du erreichst mich unter {P}",
           "Die Nummer von Oma ist {P}", "Mobil: {P}, ab 18 Uhr"],
    "fr": ["Appelle-moi au {P}", "Mon portable : {P}", "son numéro c'est le {P}", "Tél. {P}",
           "tu peux joindre le bureau au {P}", "envoie-moi un texto au {P}"],
    "es": ["Llámame al {P}", "Mi móvil es el {P}", "su teléfono es {P}", "Tel. {P}",
           "escríbeme por whatsapp al {P}", "el número de mi madre es {P}"],
    "it": ["Chiamami al {P}", "Il mio cellulare è {P}", "il numero di mamma è {P}", "Tel. {P}",
           "scrivimi su whatsapp al {P}", "puoi contattare l'ufficio al {P}"],
    "nl": ["Bel me op {P}", "Mijn mobiele nummer is {P}", "App me op {P}", "Tel: {P}",
           "het nummer van oma is {P}", "je kunt het kantoor bereiken op {P}"],
}

NO_CUE_TEMPLATES = [
    (A, "Contacts for the trip: Priya {P}, Sam {P2}"), (A, "Jenny {P} / Mike {P2}"),
    (B, "Spoke to the landlord ({P}) and the agent ({P2}), both fine with Friday"),
    (B, "Emergency list: site manager {P}; security {P2}"), (A, "{P} Dr Patel, {P2} pharmacy"),
    (B, "Offices: London {P}, Dublin {P2}"), (C, "mum {P} dad {P2}"),
]

UNASSIGNED_TEMPLATES = [
    (C, "my dad's number is {P}"), (C, "my mom's phone number is {P}"), (A, "call me on {P}"),
    (A, "her cell is {P}, text don't call"), (B, "Tel: {P}"), (A, "My number is {P}"),
    (B, "reach the front desk at {P}"), (C, "grandpa's phone is {P}"),
]

SPELLED_TEMPLATES = [
    (C, "my mum's number is {P}"), (C, "daddy's phone is {P}"), (A, "my mobile is {P}"),
    (A, "call me on {P}"), (B, "Her number is {P}, I wrote it down"), (C, "you can ring nana on {P}"),
]

FIRST = ["anna", "tom", "priya", "sam", "leo", "maria", "jonas", "chloe", "ravi", "aoife", "luca", "sophie",
         "jack", "emma", "noah", "fatima", "ben", "isla", "arjun", "lena", "marco", "sanne", "pierre", "lucia"]
LAST = ["smith", "patel", "murphy", "mueller", "dubois", "garcia", "rossi", "devries", "kelly", "singh",
        "nguyen", "brown", "obrien", "schmidt", "martin", "jones", "wilson", "sharma"]
DOMAINS = {
    "GB": ["gmail.com", "btinternet.com", "example.co.uk", "outlook.com"], "DE": ["web.de", "gmx.de", "firma.de"],
    "FR": ["orange.fr", "free.fr", "outlook.fr"], "ES": ["gmail.com", "telefonica.es"],
    "IT": ["libero.it", "alice.it"], "NL": ["ziggo.nl", "kpnmail.nl"], "IE": ["eircom.net", "firm.ie"],
    "IN": ["yahoo.co.in", "rediffmail.com", "infotech.in"], "AU": ["bigpond.com", "company.com.au"],
    "CA": ["rogers.com", "shaw.ca"], "US": ["gmail.com", "yahoo.com", "acme-corp.com", "icloud.com"],
}


def email(rng: random.Random, locale: str) -> str:
    f, s = rng.choice(FIRST), rng.choice(LAST)
    local = rng.choice([f"{f}.{s}", f"{f}{s}", f"{f[0]}{s}", f"{f}_{s}{rng.randint(1, 99)}", f"{f}{rng.randint(70, 99)}",
                        f"{f}.{s}+shop", "office", "info"])
    return f"{local}@{rng.choice(DOMAINS[locale])}"


EMAIL_TEMPLATES = [
    (C, "my mums email is {E}"), (C, "can you send the picture to {E}"), (A, "email me at {E}"),
    (A, "My email is {E}."), (A, "send the tickets to {E} pls"), (A, "her new address is {E}, the old one bounced"),
    (B, "Please cc {E} on the contract."), (B, "Contact: {E}"), (B, "forward the invoice to {E} and copy me"),
    (B, "The candidate's email is {E}"), (C, "grandpa got email!! its {E}"),
]

STREETS = ["Baker", "Elm", "Oak", "Maple", "Church", "Station", "Victoria", "Harbour", "Rosewood", "Mill",
           "Kingsway", "Birch", "Park", "Queen", "Wellington", "Cedar", "Meadow", "Orchard", "King", "Pine",
           "Lakeview", "Chapel", "Hillside", "Willow", "St Patrick's", "Yonge", "Collins", "Main"]
SUFFIXES = {
    "GB": ["Street", "Road", "Lane", "Close", "Crescent", "Avenue", "Terrace", "Grove", "Gardens", "Drive", "Way"],
    "IE": ["Street", "Road", "Avenue", "Park", "Lane", "Terrace"],
    "AU": ["Street", "St", "Road", "Rd", "Avenue", "Parade", "Crescent", "Drive"],
    "CA": ["Street", "Avenue", "Ave", "Boulevard", "Drive", "Crescent", "Road"],
    "US": ["Street", "St", "Avenue", "Ave", "Boulevard", "Blvd", "Drive", "Court", "Lane", "Road", "Place"],
}


def address(rng: random.Random, locale: str) -> str:
    base = f"{rng.randint(1, 240)} {rng.choice(STREETS)} {rng.choice(SUFFIXES[locale])}"
    roll = rng.random()
    if roll < 0.15:
        return f"Flat {rng.randint(1, 12)}, {base}"
    if roll < 0.3:
        return f"{base}, Apt {rng.randint(1, 30)}{rng.choice(['', 'B', 'C'])}"
    if roll < 0.35:
        return f"Unit {rng.randint(1, 9)}, {base}"
    return base


ADDRESS_TEMPLATES = [
    (C, "we live at {A}"), (C, "my nan lives at {A} and she has a cat"), (C, "my house is {A}"),
    (A, "Deliver it to {A} please"), (A, "my address is {A}, Leeds"), (A, "we moved to {A} last month"),
    (A, "The party's at {A}, bring snacks"), (B, "Ship to: {A}"), (B, "Registered office: {A}, Dublin 2"),
    (B, "The viewing is at {A} on Thursday"), (A, "pick me up from {A} at 7"),
    (C, "my best friend lives at {A} near the park"),
]

CARD_TEMPLATES = [
    (A, "my card number is {C}"), (A, "Pay with {C}, expiry 09/27"), (A, "use the card ending... actually the full one is {C}"),
    (B, "Customer's card: {C}"), (B, "charge {C} for the deposit"), (C, "mum's card is {C} can i buy the game"),
    (A, "visa {C} cvv is on the back"),
]

IBAN_TEMPLATES = [
    (A, "my IBAN is {I}"), (B, "Please pay the invoice to IBAN {I}"), (B, "Bank details: {I}"),
    (A, "send the rent to {I} by Friday"), (B, "Refund to account {I} requested"), (A, "iban {I} (joint account)"),
]

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]


def dob(rng: random.Random) -> str:
    y, m, d = rng.randint(1940, 2019), rng.randint(1, 12), rng.randint(1, 28)
    suffix = "th" if d in range(4, 21) or d % 10 > 3 or d % 10 == 0 else {1: "st", 2: "nd", 3: "rd"}[d % 10]
    return rng.choice([f"{d} {MONTHS[m - 1]} {y}", f"{MONTHS[m - 1]} {d}, {y}", f"{d:02d}/{m:02d}/{y}",
                       f"{y}-{m:02d}-{d:02d}", f"{MONTHS[m - 1]} {d}{suffix}", f"{d}.{m}.{y}",
                       f"the {d}{suffix} of {MONTHS[m - 1]} {y}"])


DOB_TEMPLATES = [
    (C, "my birthday is {D}"), (C, "i was born on {D}"), (C, "my little brother was born {D}"),
    (A, "DOB: {D}"), (A, "my date of birth is {D}"), (A, "she was born on {D} in Cork"),
    (B, "Employee date of birth: {D}"), (B, "Patient DOB {D}, allergic to penicillin"),
    (A, "Dad's birthday is {D}, remind me a week before"),
]

SSN_TEMPLATES = [
    (A, "my SSN is {S}"), (B, "Employee social security number: {S}"), (A, "social is {S}, don't share it"),
    (B, "SSN {S} on the W-2 form"),
]

MIXED_TEMPLATES = [
    (A, "I'm at {A}, call me on {P} when you're outside"), (B, "Contact Jo: {E} or {P}"),
    (C, "my name is Ella and i live at {A} and my mums phone is {P}"), (A, "email {E}, mobile {P}"),
    (B, "New patient, DOB {D}, phone {P}"), (A, "my birthday is {D} and my email is {E}"),
    (B, "Deliver to {A}; if nobody answers ring {P}"),
]


def _n(fmt):
    """A negative value maker from a function of rng."""
    return fmt


def _order(r):
    return r.choice([f"{r.randint(100, 999)}-{''.join(r.choices(string.digits, k=7))}-{''.join(r.choices(string.digits, k=7))}",
                     f"#{r.randint(10000000, 99999999)}", f"{r.randint(2019, 2025)}-{r.randint(100000, 999999)}",
                     f"A{r.randint(100000, 999999)}", str(r.randint(4000000, 9999999))])


def _tracking(r):
    return r.choice([f"1Z{''.join(r.choices(string.digits + 'ABCDEF', k=16))}",
                     f"RM{''.join(r.choices(string.digits, k=9))}GB", f"JJD{''.join(r.choices(string.digits, k=18))}",
                     f"9400 {''.join(r.choices(string.digits, k=4))} {''.join(r.choices(string.digits, k=4))} "
                     f"{''.join(r.choices(string.digits, k=4))} {''.join(r.choices(string.digits, k=4))} 12",
                     f"LX{''.join(r.choices(string.digits, k=9))}DE"])


def _date(r):
    d, m, y = r.randint(1, 28), r.randint(1, 12), r.randint(2020, 2026)
    return r.choice([f"{d:02d}/{m:02d}/{y}", f"{y}-{m:02d}-{d:02d}", f"{d}.{m}.{y}", f"{MONTHS[m - 1]} {d}, {y}",
                     f"{d} {MONTHS[m - 1][:3]} {y}", f"{m}/{d}/{str(y)[2:]}"])


def _time(r):
    return r.choice([f"{r.randint(0, 23):02d}:{r.choice(['00', '15', '30', '45'])}", f"{r.randint(1, 12)}.{r.choice(['15', '30', '45'])}pm",
                     f"{r.randint(6, 11)}:{r.choice(['05', '20', '50'])} am", f"{r.randint(9, 11)}:00-{r.randint(13, 17)}:30"])


def _price(r):
    return r.choice([f"£{r.randint(1, 9)},{r.randint(100, 999)}.{r.randint(10, 99)}", f"€{r.randint(10, 99)},{r.randint(10, 99)}",
                     f"${r.randint(1, 99)},{r.randint(100, 999)}.00", f"Rs {r.randint(1, 99)},{r.randint(100, 999)}",
                     f"₹1,{r.randint(10, 99)},{r.randint(100, 999)}", f"AUD {r.randint(10, 999)}.95",
                     f"{r.randint(1, 9)}.{r.randint(100, 999)},00 €", f"CAD {r.randint(1000, 99999):,}"])


def _version(r):
    return r.choice([f"{r.randint(1, 20)}.{r.randint(0, 20)}.{r.randint(0, 9)}", f"v{r.randint(1, 5)}.{r.randint(0, 30)}.{r.randint(0, 99)}",
                     f"10.0.{r.randint(10000, 29999)}.{r.randint(100, 999)}", f"{r.randint(1, 9)}.{r.randint(0, 9)}.{r.randint(0, 9)}-rc{r.randint(1, 5)}"])


def _invoice(r):
    return r.choice([f"INV-{r.randint(2020, 2026)}-{r.randint(1, 99999):05d}", f"{r.randint(100000, 999999)}",
                     f"INV{r.randint(10000000, 99999999)}", f"2025/{r.randint(1000, 9999)}"])


def _year(r):
    return str(r.randint(1950, 2026))


def _score(r):
    return r.choice([f"{r.randint(0, 6)}-{r.randint(0, 6)}", f"{r.randint(60, 120)}-{r.randint(60, 120)}",
                     f"{r.randint(40, 100)} out of 100", f"21-{r.randint(10, 19)}, 21-{r.randint(10, 19)}",
                     f"{r.randint(100, 300)}/{r.randint(2, 9)} in {r.randint(20, 50)} overs"])


def _room(r):
    return r.choice([str(r.randint(100, 999)), f"{r.randint(1, 5)}.{r.randint(1, 40):02d}", f"B{r.randint(1, 4)}.{r.randint(1, 30):02d}",
                     f"{r.randint(1000, 4999)}"])


def _flight(r):
    return f"{r.choice(['BA', 'LH', 'AF', 'IB', 'AZ', 'KL', 'EI', 'AI', 'QF', 'AC', 'UA', 'FR'])}{r.choice(['', ' '])}{r.randint(1, 9999)}"


def _reference(r):
    return r.choice([f"{r.randint(1000000000, 9999999999)}", f"0{r.randint(1000000, 9999999)}",
                     f"{r.randint(100, 999)} {r.randint(100, 999)} {r.randint(1000, 9999)}",
                     "".join(r.choices(string.ascii_uppercase + string.digits, k=6))])


def _quantity(r):
    return r.choice([f"{r.randint(5, 90)} min one way", f"{r.randint(1, 20)}.{r.randint(1, 9)} km", f"{r.randint(1, 30)},{r.randint(100, 999)} steps",
                     f"{r.randint(2, 40)} miles", f"about {r.randint(2, 9)} hours"])


def _postcode(r):
    return r.choice(["SW1A 1AA", "EH1 2NG", "M5V 2T6", "10115 Berlin", "75008 Paris", "28013 Madrid", "00184 Roma",
                     "1012 AB Amsterdam", "D02 X285", "2000 NSW", "110001", "90210", "560034"])


def _isbn(r):
    return f"978-{r.randint(0, 1)}-{r.randint(10, 99)}-{r.randint(100000, 999999)}-{r.randint(0, 9)}"


def _count(r):
    start = r.randint(1, 3)
    return " ".join(str(i) for i in range(start, start + r.randint(9, 12)))


def _small(r):
    return str(r.choice([r.randint(2, 99), r.randint(100, 999)]))


def _phrase(r):
    return r.choice(["my friend's place", "the office", "down the road", "the high street", "a dead end",
                     "the court case", "the main road", "grandma's house", "the station", "our street"])


NEGATIVES = [
    ("order", 30, [(A, "where is my order {N}?"), (B, "order number {N} was shipped today"), (A, "ring me about order {N}"),
                   (B, "Customer chased order no. {N} twice"), (C, "mum ordered my bike, the order is {N}"),
                   (A, "my order number is {N}, can you check it")], _order),
    ("tracking", 16, [(A, "tracking number {N}, arrives Tuesday"), (B, "Parcel {N} is held at the depot"),
                      (A, "text me the tracking code when you have it, it's {N}")], _tracking),
    ("date", 22, [(A, "the appointment is on {N}"), (B, "Deadline moved to {N}"), (C, "school starts again on {N}"),
                  (B, "contract signed {N}, call me if questions"), (A, "delivery expected {N}")], _date),
    ("time", 16, [(A, "call me at {N}"), (C, "we have swimming at {N}"), (B, "Meeting {N} in the big room"),
                  (A, "the train leaves at {N}, ring when you're there")], _time),
    ("price", 20, [(A, "the sofa was {N}"), (B, "Quote total {N} incl. VAT"), (A, "phone bill was {N} this month"),
                   (C, "the lego set costs {N} and i want it"), (B, "Invoice amount: {N}")], _price),
    ("version", 14, [(A, "my phone is on iOS {N}"), (B, "deploy version {N} tonight"), (B, "Bug reproduced on build {N}"),
                     (A, "update the app to {N} then call me")], _version),
    ("invoice", 14, [(B, "Invoice {N} is overdue"), (B, "please reference invoice number {N} in the payment"),
                     (A, "paid invoice {N} yesterday")], _invoice),
    ("year", 10, [(A, "we got married in {N}"), (C, "my grandad was a boy in {N}"), (B, "revenue up 12% since {N}"),
                  (A, "I've had the same phone number since {N}")], _year),
    ("score", 16, [(C, "we won {N}!!"), (A, "final score {N}, what a game"), (C, "i got {N} on my spelling test"),
                   (A, "India made {N}")], _score),
    ("room", 12, [(B, "Interview in room {N}"), (A, "we're in room {N}, call up when you arrive"),
                  (C, "my class is room {N}")], _room),
    ("flight", 16, [(A, "flight {N} lands at 14:05, ring me when it lands"), (A, "I'm on {N} tomorrow"),
                    (B, "Book Sarah on {N} to Dublin")], _flight),
    ("reference", 30, [(B, "reference number {N}"), (A, "my booking ref is {N}, call the hotel if needed"),
                       (B, "case number {N} was escalated"), (A, "policy number {N} for the car insurance"),
                       (B, "ticket number {N} raised by the customer"), (A, "the serial number is {N}"),
                       (B, "Account no. {N} (loyalty scheme)")], _reference),
    ("quantity", 14, [(A, "it's {N} to the office"), (C, "i walked {N} today"), (B, "the depot is {N} from the site")], _quantity),
    ("postcode", 10, [(A, "the postcode is {N}"), (B, "Depot: {N}"), (A, "we're somewhere near {N}")], _postcode),
    ("isbn", 6, [(A, "the book is ISBN {N}"), (B, "ISBN {N}, reorder 20 copies")], _isbn),
    ("counting", 6, [(C, "i can count {N}"), (C, "look {N} i did it")], _count),
    ("cue-word", 24, [(A, "my phone battery is at {N}%"), (C, "i took the number {N} bus to school"),
                      (C, "my lucky number is {N}"), (A, "the family whatsapp group has {N} members"),
                      (A, "call me back in {N} minutes"), (B, "we had {N} calls to the helpline this week"),
                      (A, "my new phone cost {N} pounds"), (B, "Ring {N} on the fire alarm panel means zone fault"),
                      (C, "i texted {N} times and nobody answered")], _small),
    ("phrase", 24, [(A, "I'm staying at {N} tonight"), (C, "can we go to {N} after school"),
                    (A, "it's about 30 min one way from {N}"), (B, "drop the keys at {N}"),
                    (A, "meet me at {N}, call when close")], _phrase),
]
