"""The rule booklets: rules text and figures set in A5 pages, then imposed for saddle stitching."""
