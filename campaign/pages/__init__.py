"""Server-rendered pages of the campaign app (views stay thin: they call selectors and services)."""
