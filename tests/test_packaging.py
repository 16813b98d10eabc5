"""The wheel and the sdist carry the project's licence and those of the bundled fonts and CMYK profiles."""

from pathlib import Path
import subprocess
import sys
import tarfile
import tomllib
import zipfile

import pytest

CHECKOUT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def dist(tmp_path_factory):
    folder = tmp_path_factory.mktemp("dist")
    result = subprocess.run([sys.executable, "-m", "hatchling", "build", "-d", str(folder)], cwd=CHECKOUT,
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    return folder


def test_wheel_carries_both_licences_and_the_fonts(dist):
    (wheel,) = dist.glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    licences = {name.rsplit("/", 1)[-1] for name in names if ".dist-info/licenses/" in name}
    assert licences == {"LICENSE", "LICENSE-PT-fonts.txt", "LICENSE-colord-profiles.txt"}
    assert "generator/templates/fonts/LICENSE-PT-fonts.txt" in names
    assert {"generator/templates/icc/FOGRA39L_coated.icc", "generator/templates/icc/GRACoL_TR006_coated.icc",
            "generator/templates/icc/LICENSE-colord-profiles.txt"} <= set(names)
    assert sum(name.startswith("generator/templates/fonts/") and name.endswith(".ttf") for name in names) == 5
    metadata = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert "License-Expression: MIT" in metadata


def test_sdist_carries_both_licences(dist):
    (sdist,) = dist.glob("*.tar.gz")
    names = {name.split("/", 1)[1] for name in tarfile.open(sdist).getnames() if "/" in name}
    assert {"LICENSE", "templates/fonts/LICENSE-PT-fonts.txt", "templates/icc/LICENSE-colord-profiles.txt",
            "README.md"} <= names
    assert (CHECKOUT / "LICENSE").read_text().startswith("MIT License")


def test_the_sdist_carries_the_guide(dist):
    """README links into docs/; the sdist can build the guide (mkdocs.yml and its hook) and test it."""
    (sdist,) = dist.glob("*.tar.gz")
    names = {name.split("/", 1)[1] for name in tarfile.open(sdist).getnames() if "/" in name}
    assert {"mkdocs.yml", "scripts/guide_hooks.py", "docs/index.md", "docs/tutorials/first-set-at-home.md",
            "docs/reference/commands.md", "docs/images/tiles-A-fronts.png"} <= names


def test_wheel_metadata_tells_what_the_package_is(dist):
    """Classifiers (topic, audience, Python versions, OS), keywords; the licence said once, by its
    expression (no License classifier beside it, as PEP 639 asks)."""
    (wheel,) = dist.glob("*.whl")
    archive = zipfile.ZipFile(wheel)
    metadata = archive.read(next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))).decode()
    classifiers = {line.removeprefix("Classifier: ") for line in metadata.splitlines() if line.startswith("Classifier: ")}
    assert {"Topic :: Games/Entertainment :: Board Games", "Topic :: Printing", "Intended Audience :: End Users/Desktop",
            "Operating System :: OS Independent", "Environment :: Console", "Programming Language :: Python :: 3.11",
            "Programming Language :: Python :: 3.12", "Programming Language :: Python :: 3.13"} <= classifiers
    assert not any(c.startswith("License ::") for c in classifiers)
    keywords = next(line for line in metadata.splitlines() if line.startswith("Keywords: "))
    assert "dominoes" in keywords and "print-and-play" in keywords


def test_the_changelog_travels_in_the_sdist_and_names_every_version(dist):
    (sdist,) = dist.glob("*.tar.gz")
    names = {name.split("/", 1)[1] for name in tarfile.open(sdist).getnames() if "/" in name}
    assert "CHANGELOG.md" in names
    changelog = (CHECKOUT / "CHANGELOG.md").read_text(encoding="utf-8")
    version = tomllib.loads((CHECKOUT / "pyproject.toml").read_text())["project"]["version"]
    assert "## [Unreleased]" in changelog and f"## [{version}]" in changelog


def test_the_wheel_carries_the_compiled_russian_catalogue(dist):
    """The kit reads generator/locale/ru/LC_MESSAGES/opendomino.mo at run time (the standard
    library's gettext, no Babel): the wheel holds it, the same bytes as the checkout's, and it speaks Russian;
    with it the studio's page template and the colour keys' explanations in both languages."""
    import gettext
    import io

    (wheel,) = dist.glob("*.whl")
    archive = zipfile.ZipFile(wheel)
    assert {"generator/studio/templates/index.html", "generator/templates/colour_keys.toml"} <= set(archive.namelist())
    shipped = archive.read("generator/locale/ru/LC_MESSAGES/opendomino.mo")
    assert shipped == (CHECKOUT / "generator" / "locale" / "ru" / "LC_MESSAGES" / "opendomino.mo").read_bytes()
    russian = gettext.GNUTranslations(io.BytesIO(shipped))
    assert russian.gettext("Show this message and exit.") == "Показать эту справку и выйти."
    assert [russian.ngettext("{count} tile", "{count} tiles", n).format(count=n) for n in (1, 3, 5)] == \
        ["1 элемент", "3 элемента", "5 элементов"]
