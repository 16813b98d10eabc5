"""manifold3d, the solid geometry library, loaded only when a 3D file is asked for: it comes with the
optional extra opendomino[3d], and a missing library is a one-line error that says how to get it."""

from generator.errors import UserError
from generator.words import _

INSTALL_HINT = 'pip install "opendomino[3d]"'


def manifold3d():
    try:
        import manifold3d
    except ImportError:
        raise UserError(_("3MF and STL files need the manifold3d library, which is not installed; "
                          "install it with: {command}").format(command=INSTALL_HINT)) from None
    return manifold3d
