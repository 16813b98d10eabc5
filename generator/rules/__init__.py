"""Layer 2, data: the rule books' text (chapters and games, Russian and English) from templates/rules/,
checked against the figures and sets it names. May import: generator.model, generator.files."""

from generator.rules.source import LANGUAGES, RulesFile, load_rules

__all__ = ["LANGUAGES", "RulesFile", "load_rules"]
