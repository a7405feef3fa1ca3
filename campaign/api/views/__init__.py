"""Views of the campaign API, one module per resource family."""
