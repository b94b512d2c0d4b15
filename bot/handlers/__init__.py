"""handlers layer; see ../../shared/ARCHITECTURE.md for what belongs here."""
