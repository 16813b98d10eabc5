"""Which table of a CMYK output profile a conversion reads, and why it cannot be read: from the
profile's tag table alone (ICC.1, "Tag table"), to name what is missing when LittleCMS fails.

LittleCMS reads, for sRGB -> CMYK, the B2A table of the rendering intent (B2A0 perceptual, B2A1
relative colorimetric, B2A2 saturation; absolute colorimetric is B2A1 adjusted for the paper
white) and, for CMYK -> screen, the A2B table of the same numbers. When the profile lacks the
intent's own table it falls back on the perceptual one (B2A0, A2B0) without a word, and it skips
a tag whose data would reach past the profile's declared end, as if it were absent.
"""

from generator.words import N_, _

_TABLE_NUMBER = {"perceptual": 0, "relative": 1, "saturation": 2, "absolute": 1}
_INTENT_OF_NUMBER = {0: "perceptual", 1: "relative", 2: "saturation"}
# Why LittleCMS does not see a tag, said of one table and of both (translated where said).
_ABSENCES = {"missing": (N_("is missing"), N_("are both missing")),
             "past end": (N_("lies past the end of the file"), N_("both lie past the end of the file"))}


def tag_table(data: bytes) -> dict[bytes, tuple[int, int]]:
    """Signature -> (offset, size) of each entry of the tag table that the file holds (the first
    entry of a signature listed twice)."""
    count = int.from_bytes(data[128:132], "big")
    table = {}
    for start in range(132, min(132 + 12 * count, len(data) - 11), 12):
        table.setdefault(data[start:start + 4], (int.from_bytes(data[start + 4:start + 8], "big"),
                                                 int.from_bytes(data[start + 8:start + 12], "big")))
    return table


def _absence(data: bytes, signature: bytes) -> str | None:
    """Why LittleCMS does not see the tag ("missing", "past end": keys of _ABSENCES), or None when
    its entry is in place (its data may still be damaged)."""
    entry = tag_table(data).get(signature)
    if entry is None:
        return "missing"
    offset, size = entry
    if offset + size > int.from_bytes(data[0:4], "big"):
        return "past end"
    return None


def unreadable_table(data: bytes, direction: str, intent: str) -> str:
    """Why LittleCMS cannot build a transform of `direction` ("forward": sRGB -> CMYK, "back": CMYK
    -> screen) in `intent`: the table it reads is missing, lies past the end of the file, or is in
    place and so damaged (its entry alone is read here)."""
    kind = "B2A" if direction == "forward" else "A2B"
    number = _TABLE_NUMBER[intent]
    own, fallback = f"{kind}{number}", f"{kind}0"
    named = _("its {intent}-intent table ({table})").format(intent=_INTENT_OF_NUMBER[number], table=own)
    own_absence = _absence(data, own.encode())
    if own_absence is None:
        return _("{table} is damaged").format(table=named)
    one = _(_ABSENCES[own_absence][0])
    if own == fallback:
        return f"{named} {one}"
    fallback_absence = _absence(data, fallback.encode())
    if fallback_absence is None:
        return _("{table} {absence}, and the perceptual one ({fallback}) LittleCMS uses instead is damaged").format(
            table=named, absence=one, fallback=fallback)
    if fallback_absence == own_absence:
        return _("{table} and the perceptual one ({fallback}) LittleCMS would use instead {absence}").format(
            table=named, fallback=fallback, absence=_(_ABSENCES[own_absence][1]))
    return _("{table} {absence}, and the perceptual one ({fallback}) LittleCMS would use instead {other}").format(
        table=named, absence=one, fallback=fallback, other=_(_ABSENCES[fallback_absence][0]))
