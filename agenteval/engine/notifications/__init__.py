"""Webhook notifications: events built from the stored state, rendered per chat platform,
delivered from the durable outbox (store/notifications/outbox.py) by a background deliverer."""
