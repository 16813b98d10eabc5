"""Extract, update and compile the message catalogues of generator/locale/ with Babel.

    python scripts/update_catalogues.py

1. extract every message marked with _(), ngettext() or N_() in generator/ and each _() of the
   colour studio's page template (babel.cfg says how), and click's own messages from the
   installed click, into generator/locale/opendomino.pot;
2. update each language's .po from it: a new message comes in untranslated, a changed one fuzzy
   (a translator checks it and removes the flag), a gone one is dropped;
3. compile each .po into the .mo beside it, which the kit reads at run time (the standard
   library's gettext; Babel is needed here only).

tests/test_catalogues.py fails while a message is untranslated or fuzzy, or while these files are
behind the code. Output is sorted and dated by nothing, so running it twice changes nothing.
"""

from io import BytesIO
from pathlib import Path
import sys

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
import click

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from generator import __version__  # noqa: E402  (the checkout's, wherever the script is run from)

CHECKOUT = Path(__file__).resolve().parent.parent
LOCALE = CHECKOUT / "generator" / "locale"
DOMAIN = "opendomino"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
LANGUAGES = ("ru",)
# GNU gettext's form of the Russian rule: 1, 21, 101 файл; 2-4, 22-24 файла; 5-20, 25-30, 11-14 файлов.
PLURAL_FORMS = {"ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
                      "(n%100<10 || n%100>=20) ? 1 : 2);"}
CLICK_COMMENT = "click's own message"
LANGUAGE_TEAMS = {"ru": "Russian"}
HEADER_COMMENT = ("# Messages of the Open Domino Kit's command line and colour studio (and click's own), written by\n"
                  "# scripts/update_catalogues.py: edit the translations only. Terms: GLOSSARY.md.")
# Header lines that would change with the day or the Babel version, and so are not written.
_UNSTABLE_HEADERS = ('"POT-Creation-Date:', '"Report-Msgid-Bugs-To:', '"Generated-By:')


def _catalog(locale: str | None = None) -> Catalog:
    catalog = Catalog(locale=locale, domain=DOMAIN, project="opendomino", version=__version__, fuzzy=False,
                      header_comment=HEADER_COMMENT, last_translator="Open Domino Kit",
                      language_team=LANGUAGE_TEAMS.get(locale, ""), charset="utf-8")
    if locale in PLURAL_FORMS:
        catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[locale])]
    return catalog


def _add_from(catalog: Catalog, folder: Path, shown_as: str, comment: str | None = None) -> None:
    with open(CHECKOUT / "babel.cfg", encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    for file_name, line, message, comments, context in extract_from_dir(folder, method_map, options_map):
        catalog.add(message, None, [(f"{shown_as}/{file_name}", line)],
                    auto_comments=[*comments, *([comment] if comment else [])], context=context)


def extracted() -> Catalog:
    """Every message of the code as it is now: the kit's, then click's."""
    catalog = _catalog()
    _add_from(catalog, CHECKOUT / "generator", "generator")
    _add_from(catalog, Path(click.__file__).parent, "click", CLICK_COMMENT)
    return catalog


def _written_po(catalog: Catalog) -> bytes:
    """The catalogue as a .po (or .pot) file: sorted, and nothing in it that changes by itself."""
    out = BytesIO()
    write_po(out, catalog, width=100, sort_output=True, include_lineno=False, ignore_obsolete=True)
    lines = out.getvalue().decode("utf-8").split("\n")
    return "\n".join(line for line in lines if not line.startswith(_UNSTABLE_HEADERS)).encode("utf-8")


def compiled(catalog: Catalog) -> bytes:
    """The .mo of `catalog`, its header without what changes by itself (as in the .po)."""
    header = "".join(f"{key}: {value}\n" for key, value in catalog.mime_headers
                     if f'"{key}:' not in _UNSTABLE_HEADERS)
    out = BytesIO()
    write_mo(out, _WithHeader(catalog, header), use_fuzzy=False)
    return out.getvalue()


class _WithHeader:
    """What write_mo reads of a catalogue (its charset and its messages), with another header."""

    def __init__(self, catalog: Catalog, header: str):
        self.charset = catalog.charset
        self.messages = [Message("", header), *list(catalog)[1:]]

    def __iter__(self):
        return iter(self.messages)


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(path: Path, language: str | None = None) -> Catalog:
    with open(path, "rb") as file:
        return read_po(file, locale=language, domain=DOMAIN)


def updated(template: Catalog, language: str) -> Catalog:
    """The language's catalogue brought up to the template (made if there is none yet)."""
    path = po_path(language)
    catalog = read_catalog(path, language) if path.exists() else _catalog(language)
    catalog.update(template, update_header_comment=False, update_creation_date=False)
    catalog.obsolete.clear()
    catalog.header_comment = HEADER_COMMENT
    catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[language])]
    return catalog


def main() -> int:
    template = extracted()
    TEMPLATE.write_bytes(_written_po(template))
    for language in LANGUAGES:
        catalog = updated(template, language)
        po_path(language).parent.mkdir(parents=True, exist_ok=True)
        po_path(language).write_bytes(_written_po(catalog))
        final = read_catalog(po_path(language), language)
        po_path(language).with_suffix(".mo").write_bytes(compiled(final))
        missing = sum(1 for message in final if message.id and (message.fuzzy or not _translated(message)))
        print(f"{language}: {len(final)} messages, {missing} untranslated or fuzzy")
    return 0


def _translated(message) -> bool:
    strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return all(strings)


if __name__ == "__main__":
    sys.exit(main())
