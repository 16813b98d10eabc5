"""Layer 11, the colour studio (opendomino studio): a local web page to choose the kit's colours by
looking, in the browser's language, its guarded HTTP server and JSON API. May import: every layer
below (it starts builds through generator.jobs)."""
