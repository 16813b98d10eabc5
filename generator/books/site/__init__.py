"""The rules as an offline web site: one folder of static pages that open from file:// on a phone,
both books in both languages, with the figures inline and a client-side search."""
