"""Write the rule book's figures of catalogue layouts (templates/figures/fig-11.toml … fig-14.toml).

    python scripts/make_catalogue_figures.py

Each figure file keeps a layout's rows and its number in the catalogue of magic layouts
(`opendomino layouts find`), so that building the rule book needs no search; tests check that the
rows are still the catalogue's layout of that number.
"""

from pathlib import Path

from generator.jobs.layouts import layout_number, layout_rows
from generator.model.set_loader import load_set_as_written, set_file

FIGURES = Path(__file__).resolve().parent.parent / "templates" / "figures"
# (figure id, set, number): the first layouts of A and B, a later one of A, and one of C.
CHOSEN = (("fig-11", "A", 1), ("fig-12", "A", 1_000_000), ("fig-13", "B", 1), ("fig-14", "C", 2024))
TITLES = {"en": "Set {name}: magic layout No. {number} of the catalogue",
          "ru": "Комплект {name}: магическая расстановка № {number} из каталога"}


def figure_text(figure_id: str, name: str, number: int) -> str:
    tile_set, _ = load_set_as_written(set_file(name))
    rows = layout_rows(layout_number(tile_set, number))
    grouped = {"en": f"{number:,}", "ru": f"{number:,}".replace(",", "\u202f")}
    titles = ", ".join(f'{lang} = "{text.format(name=name, number=grouped[lang])}"' for lang, text in TITLES.items())
    lines = [f"# Layout {number:,} of set {name}'s catalogue of magic layouts; written by "
             "scripts/make_catalogue_figures.py.",
             f'id = "{figure_id}"', 'kind = "catalogue"', f"title = {{ {titles} }}", f'set = "{name}"',
             f"number = {number}", "", "[rows]"]
    lines += [f'"{row}" = [{", ".join(f"{chr(34)}{t}{chr(34)}" for t in tiles)}]' for row, tiles in rows.items()]
    return "\n".join(lines) + "\n"


def main() -> None:
    for figure_id, name, number in CHOSEN:
        path = FIGURES / f"{figure_id}.toml"
        path.write_text(figure_text(figure_id, name, number), encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
