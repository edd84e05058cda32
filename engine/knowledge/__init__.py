"""Knowledge: the curated destination base, data packs, place-name resolution."""
