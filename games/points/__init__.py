"""The points board: the sheet of any other card game, its rules and its deals in a document."""
