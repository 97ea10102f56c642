"""The red team for customer-service bots: categories, strategies, scenario, report."""
