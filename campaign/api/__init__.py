"""The campaign REST API: thin views over ``campaign.services`` and ``campaign.selectors``."""
