"""Short Whist for two pairs: its rules and its deals in a document."""
