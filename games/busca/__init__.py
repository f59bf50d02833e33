"""Busca in the three forms of the seeds, kept on the score cross: its rules and its deals in a document."""
