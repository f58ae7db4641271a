"""The calendar's words, spelt once: the weekdays, the months, the seasons, the short forms chat writes them in
("tues", "weds", "sept"), and the regex pieces built from them that several readers share.

Pure data, no imports of the project: the extraction pipeline, the entity readers and the knowledge rules all
read it (it sits at memcore's top so that extraction need not import the knowledge package).

The pattern pieces are strings to put inside a caller's regex. Each is lower case (the callers match with
re.I or (?i:...)), has no capturing group and no flags of its own. Those named ..._ALT are bare alternations
("monday|tuesday|..."): wrap them in (?:...) yourself. The others are one group already ("(?:...)").
Every word list keeps its order: the alternations built from it are the ones the readers had before.
"""
from __future__ import annotations

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december")
SEASONS = ("spring", "summer", "autumn", "winter")
# Feasts and holidays a year comes back to: times, never a place, an employer or a person ("we visit grandma at
# Diwali", "my dad in Cork every Easter")
FESTIVALS = frozenset(("christmas", "xmas", "easter", "diwali", "deepavali", "eid", "ramadan", "hanukkah", "chanukah",
                       "thanksgiving", "halloween", "passover", "pesach", "navratri", "vesak", "nowruz",
                       "kwanzaa", "pentecost", "lent", "advent", "hogmanay", "carnival", "carnaval", "midsummer",
                       "songkran", "onam", "pongal", "lohri", "rosh hashanah", "yom kippur", "new year",
                       "chinese new year", "lunar new year", "new year's eve", "mardi gras", "st patrick's day"))
WEEKDAY_SET = frozenset(WEEKDAYS)
MONTH_SET = frozenset(MONTHS)

# A weekday as chat shortens it, and the day it stands for ("tues" and "weds": Tuesday, Wednesday).
SHORT_DAYS = {"mon": "Monday", "tue": "Tuesday", "tues": "Tuesday", "wed": "Wednesday", "weds": "Wednesday",
              "thu": "Thursday", "thur": "Thursday", "thurs": "Thursday", "fri": "Friday", "sat": "Saturday",
              "sun": "Sunday"}
# How each month's name starts ("jan", "may", "sep", "sept"), and the month those three letters open.
MONTH_STEMS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec")
MONTH_OF_STEM = {m[:3]: m for m in MONTHS}
# A month cut short ("Jan", "sept"); not "may", which is the month's whole name.
MONTH_ABBREVIATIONS = tuple(s for s in MONTH_STEMS if s != "may")

# --- regex pieces (lower case; match them with re.I) ---
# "monday|tuesday|...|sunday", "mondays|...|sundays", "january|...|december", "jan|feb|mar|apr|jun|...|sept|oct|nov|dec"
# (no "may"), "spring|summer|autumn|winter": bare alternations
WEEKDAY_ALT = "|".join(WEEKDAYS)
WEEKDAYS_PLURAL_ALT = "|".join(d + "s" for d in WEEKDAYS)
MONTH_ALT = "|".join(MONTHS)
MONTH_ABBREVIATION_ALT = "|".join(MONTH_ABBREVIATIONS)
# "jan|feb|mar|apr|may|...|sep|sept|oct|nov|dec": a month's opening, for "(?:...)[a-z]*" (a month said whole or short)
MONTH_STEM_ALT = "|".join(MONTH_STEMS)
# a month, whole or cut short: "january|...|december|jan|feb|...|sep|sept|oct|nov|dec" (whole names first)
MONTH_OR_ABBREVIATION_ALT = f"{MONTH_ALT}|{MONTH_ABBREVIATION_ALT}"
SEASON_ALT = "|".join(SEASONS)
# one weekday spelt in full, singular ("Tuesday"); add "s" or "s?" for the plural
WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
# one short day ("mon", "tues", "weds", "thurs"): the keys of SHORT_DAYS, longest first, so a longer form wins
SHORT_DAY = "(?:" + "|".join(sorted(SHORT_DAYS, key=len, reverse=True)) + ")"

# the feasts as a regex alternation, longest first ("chinese new year" before "new year")
FESTIVAL_ALT = "|".join(sorted((f.replace(" ", r"\s+").replace("'", "['’]") for f in FESTIVALS), key=len, reverse=True))

__all__ = ["FESTIVALS", "FESTIVAL_ALT", "MONTHS", "MONTH_ABBREVIATIONS", "MONTH_ABBREVIATION_ALT", "MONTH_ALT", "MONTH_OF_STEM",
           "MONTH_OR_ABBREVIATION_ALT", "MONTH_SET", "MONTH_STEMS", "MONTH_STEM_ALT", "SEASONS", "SEASON_ALT",
           "SHORT_DAY", "SHORT_DAYS", "WEEKDAY", "WEEKDAYS", "WEEKDAYS_PLURAL_ALT", "WEEKDAY_ALT", "WEEKDAY_SET"]
