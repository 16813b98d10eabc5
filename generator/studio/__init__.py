"""The colour studio: a local web page to choose the kit's colours by looking (opendomino studio)."""
