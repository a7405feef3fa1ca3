"""Write side of the campaign app: one small function per ledger event type, keyword-only.

A write service checks what it can without the ledger, returns ``write(...)`` with a
``decide(state)`` that checks the command against the campaign's state and returns its
events, and takes the append's options as ``**writing`` (``ledger.WriteOptions``:
idempotency key, expected version). ``access.editable_force`` is the lookup of a force the
user may change.

- ``campaigns``: start, house rules, calendar, finish;
- ``forces``: forces, formations (chain of command), squads, commanders;
- ``soldiers``: recruitment, replacements, amendments, transfers, deaths, captures,
  prisoner exchanges;
- ``scenarios``: the scenario graph, picks, results by hand;
- ``battle_setup``: a scenario's battle from campaign state;
- ``takeover``: a concluded battle's result into the ledger, and the catch-up;
- ``projection``: the read models, incremental and rebuilt;
- ``ledger``: the one path to the ledger stream (``record``/``write``).

Attributes are checked by the campaign's plug-in (``campaign.plugins``); a rule system's own
commands (Steel War: rest and front, leadership, motivation, recovery rolls) are its
plug-in's services (``campaign.systems.<id>.services``), written the same way.
"""
