"""Server-rendered pages of the battles app (views stay thin: they call selectors and services)."""
