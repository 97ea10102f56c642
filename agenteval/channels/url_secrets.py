"""Credentials inside URLs are secrets: a URL's userinfo and its query values are write-only.

`https://alice:s3cret@bot.example/v1?token=t0ken` reads as
`https://********@bot.example/v1?token=********`. Sent back with those
placeholders, a URL gets the stored parts again (`merged_url`); a placeholder
with nothing stored to keep is dropped, never saved as a literal. Whether the
origin may change with placeholders in it is the callers' rule (the same as for
every other secret: it must be entered again).
"""

from __future__ import annotations

from urllib.parse import SplitResult, parse_qsl, urlencode, urlsplit, urlunsplit

SECRET_PLACEHOLDER = "********"


def is_url_key(key: object) -> bool:
    """Whether a config key holds a URL (`url`, `base_url`, `baseUrl`, `webhook_url` …)."""
    return isinstance(key, str) and key.lower().endswith("url")


def _split(url: str) -> SplitResult | None:
    if "://" not in url:
        return None
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises on a port that is not a number
    except ValueError:
        return None
    return parts


def _host_part(parts: SplitResult) -> str:
    return parts.netloc.rpartition("@")[2]


def masked_url(url: str) -> str:
    """The URL with its userinfo and every query value replaced by the placeholder."""
    parts = _split(url)
    if parts is None:
        return url if "@" not in url and "?" not in url else SECRET_PLACEHOLDER
    netloc = _host_part(parts)
    if "@" in parts.netloc:
        netloc = f"{SECRET_PLACEHOLDER}@{netloc}"
    query = parts.query
    if query:
        pairs = parse_qsl(query, keep_blank_values=True)
        query = urlencode([(name, SECRET_PLACEHOLDER) for name, _ in pairs], safe="*")
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


def has_placeholder(url: str) -> bool:
    """Whether a URL sent by a client keeps a stored part with the placeholder."""
    return SECRET_PLACEHOLDER in url


def merged_url(new: str, stored: str | None) -> str:
    """`new` with each placeholder part (userinfo, a query value by name) taken from `stored`."""
    parts = _split(new)
    if parts is None or not has_placeholder(new):
        return new
    old = _split(stored) if isinstance(stored, str) else None
    netloc = _host_part(parts)
    userinfo = parts.netloc.rpartition("@")[0] if "@" in parts.netloc else ""
    if userinfo == SECRET_PLACEHOLDER:
        userinfo = old.netloc.rpartition("@")[0] if old is not None and "@" in old.netloc else ""
    if userinfo:
        netloc = f"{userinfo}@{netloc}"
    stored_values: dict[str, list[str]] = {}
    for name, value in parse_qsl(old.query if old else "", keep_blank_values=True):
        stored_values.setdefault(name, []).append(value)
    pairs: list[tuple[str, str]] = []
    for name, value in parse_qsl(parts.query, keep_blank_values=True):
        if value == SECRET_PLACEHOLDER:
            kept = stored_values.get(name)
            if not kept:
                continue  # nothing stored to keep: dropped, not saved as "********"
            value = kept.pop(0)
        pairs.append((name, value))
    return urlunsplit((parts.scheme, netloc, parts.path, urlencode(pairs), parts.fragment))
