"""manifold3d, the solid geometry library, loaded only when a 3D file is asked for: it comes with the
optional extra opendomino[3d], and a missing library is a one-line error that says how to get it."""

from generator.errors import UserError
from generator.words import _


def install_hint() -> str:
    """The command that installs the library as the kit's extra asks for it. It names the library
    itself, not the extra: `pip install "opendomino[3d]"` would look for the kit on the package index,
    where it may not be, while the library installs from any folder beside a kit installed from its
    checkout or a wheel."""
    from importlib import metadata

    try:
        wanted = [line.split(";")[0].strip() for line in metadata.requires("opendomino") or ()
                  if line.startswith("manifold3d") and "extra" in line]
    except metadata.PackageNotFoundError:       # run from a checkout that was never installed
        wanted = []
    return f'python -m pip install "{(wanted or ["manifold3d"])[0]}"'


def manifold3d():
    try:
        import manifold3d
    except ImportError:
        raise UserError(_("3MF and STL files need the manifold3d library, which is not installed; "
                          "install it with: {command}").format(command=install_hint())) from None
    return manifold3d
