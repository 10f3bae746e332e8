"""Scan circuits: the prefix network a generic scan kernel really computes, as a picture."""
