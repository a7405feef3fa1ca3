"""The campaign plug-ins, one package per rule system (``campaign.systems.<id>``), found by
``campaign.plugins.get``. The core never imports them by name."""
