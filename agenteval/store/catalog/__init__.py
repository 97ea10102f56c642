"""The catalogue's rows: targets, scenarios and campaigns (the engine's checks are in
engine/catalog/; these modules only read and write)."""
