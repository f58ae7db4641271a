"""Names the question just said, in an answer typed in lower case (issue 35): "How is Biscuit?" "biscuit
died. on monday": the readers know a name by its capital, and the assistant's line has just given it. A
word the line before wrote with a capital inside a sentence, and that is no word of the language's common
stock (lowercase_names.a_name), is given its capital where the answer says it. Pure, apart from
wordfreq's table (read on first use by a_name)."""
from __future__ import annotations

import re

from .lowercase_names import a_name

# a capitalised word that does not open a sentence: "How is Biscuit?", "And Mrs Oduya, is she nice?"
_INSIDE = re.compile(r"(?<![.!?:]\s)(?<!^)(?<![.!?:])\b([A-Z][a-z'’-]{2,})\b")


def names_asked(text: str, asked: str | None) -> str:
    """The text (typed in lower case) with the names `asked` (the line before) said given their capitals."""
    if not asked:
        return text
    for name in {m.group(1) for m in _INSIDE.finditer(asked.strip())}:
        low = name.lower()
        if a_name(low):
            text = re.sub(rf"(?<![\w'’-]){re.escape(low)}(?![\w’-])", name, text)
    return text


__all__ = ["names_asked"]
