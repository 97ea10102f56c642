"""One page of an ordered list, as the read modules hand it to the API: the page and its
query live with the store adapters (`store/paging.py`), which run the two statements."""

from agenteval.store.paging import Page, page_of

__all__ = ["Page", "page_of"]
