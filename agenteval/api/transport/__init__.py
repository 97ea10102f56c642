"""How GraphQL reaches the schema: the ASGI view, HTTP guards and media types, websockets (both protocols) and their authentication."""
