"""The words people read, through gettext: `_("text")` and `ngettext(one, many, n)`.

Every message a person reads (help, errors, warnings, summaries, progress labels) is written as
`_("...")` so that it can be translated. Until a language is chosen the English text is given back
as written. Issue 40 adds the catalogues and the choice of language; code written before that only
has to mark its messages.
"""

import gettext

_translation: gettext.NullTranslations = gettext.NullTranslations()


def _(message: str) -> str:
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    return _translation.ngettext(singular, plural, count)
