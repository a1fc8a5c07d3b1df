"""The dice lab in a link and as text (pure): ``?lab=`` carries rows, labels, view and program.

The parameter is the saved form of the lab (``dump_lab``), JSON, zlib-compressed, base64url: a
link works offline (the service worker serves the page whatever the query) and from the page's
own origin only. A link is untrusted input: its length, the decompressed size and every field
are checked (``load_lab``) before anything is shown or run.

>>> from panels.notation.lab_state import Lab
>>> lab = Lab(("4d6kh3 # сила", "3d6"), "ge", program='output(d20, "атака")')
>>> decode_lab(encode_lab(lab)) == lab
True
>>> decode_lab("not a lab")
Traceback (most recent call last):
...
ValueError: the lab link is damaged
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib

from kit import bounded_json
from panels.notation.lab_state import Lab, dump_lab, load_lab

__all__ = ["MAX_JSON", "MAX_PARAM", "PARAM", "as_text", "decode_lab", "encode_lab"]

PARAM = "lab"
MAX_PARAM = 15_000  # characters of the parameter (kit.panel.MAX_URL_VALUE is 16,000)
MAX_JSON = 64_000  # bytes once decompressed (8 rows of 500 characters and a 20,000-character program fit)


def encode_lab(lab: Lab, /) -> str:
    data = json.dumps(dump_lab(lab), ensure_ascii=False, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(zlib.compress(data, 9)).decode().rstrip("=")


def decode_lab(text: str, /) -> Lab:
    """The lab of a link; ``ValueError`` on anything too long, damaged or invalid."""
    if not isinstance(text, str) or len(text) > MAX_PARAM:
        raise ValueError("the lab link is too long")
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        inflater = zlib.decompressobj()
        data = inflater.decompress(packed, MAX_JSON)
        if inflater.unconsumed_tail or not inflater.eof:
            raise ValueError("the lab link is damaged")
        raw = bounded_json.loads(data.decode(), MAX_JSON)  # no nesting deep enough to crash
    except (binascii.Error, zlib.error, UnicodeDecodeError, json.JSONDecodeError, ValueError):
        raise ValueError("the lab link is damaged") from None
    return load_lab(raw)


def as_text(lab: Lab, /) -> str:
    """The lab as plain text: its rows, then its program (to paste where a link cannot go).

    >>> print(as_text(Lab(("3d6", ""), program="output(d6)")), end="")
    3d6
    <BLANKLINE>
    # program
    output(d6)
    """
    rows = "\n".join(r for r in lab.rows if r.strip())
    program = f"\n\n# program\n{lab.program.rstrip()}" if lab.program.strip() else ""
    return rows + program + "\n"
