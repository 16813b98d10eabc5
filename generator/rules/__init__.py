"""The rule booklets' text: chapters and games 1-32 in Russian and English, from templates/rules/."""

from generator.rules.source import LANGUAGES, RulesFile, load_rules

__all__ = ["LANGUAGES", "RulesFile", "load_rules"]
