"""service layer; docs/architecture.md says what belongs here."""
