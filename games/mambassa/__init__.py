"""Mambassa / Quarantuno, for 2 to 8 players: its rules and its deals in a document."""
