"""Where drawings go on which page: tile sheets, and the mirroring math of duplex printing."""
