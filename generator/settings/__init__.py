"""Layer 9, settings: what the user asked for. BuildOptions and BuildReport, the parsers of every
option value (shared by the command line, the config file and the studio), opendomino.toml and the
environment. May import: every layer below; nothing that draws is imported at start-up."""
