"""Write side of the campaign app: one small function per ledger event type, keyword-only.

- ``campaigns``: start, house rules, calendar, finish;
- ``forces``: forces, formations (chain of command), squads, commanders, rest and front;
- ``soldiers``: recruitment, replacements, amendments, transfers, leadership, deaths,
  captures, prisoner exchanges, recovery rolls;
- ``scenarios``: the scenario graph, motivation, picks, results by hand;
- ``battle_setup``: a scenario's battle from campaign state;
- ``takeover``: a concluded battle's result into the ledger, and the catch-up;
- ``projection``: the read models, incremental and rebuilt;
- ``ledger``: the one path to the ledger stream (``record``/``write``).
"""
