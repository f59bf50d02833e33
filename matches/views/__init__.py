"""The pages, by area: small typed functions that read, call a service, then render or redirect.

Services (matches/services/) decide and write; a view maps what they say happened to a response:
a full page, an htmx fragment, or a redirect after a POST."""
