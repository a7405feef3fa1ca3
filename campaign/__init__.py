"""Clubs, campaigns, the scenario graph, forces and soldiers, the campaign ledger."""
