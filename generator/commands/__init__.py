"""Layer 11, the command line: one module per command or group of commands, the options they share
declared once (common.py), and main(), which turns every user error into one line and a status.
Thin: it parses and calls generator.jobs. May import: every layer below."""
