"""The one error type users see: a message that names the problem and the fix."""


class UserError(Exception):
    """Bad input from the user or from a data file; the CLI prints it and exits with status 2."""
