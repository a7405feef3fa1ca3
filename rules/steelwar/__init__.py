"""The Steel War ("Стальная война"): squad skirmish rules with d4..d12 die steps.

Digest: ``shared/rules/000-steel-war.md``. The pure rule layer is one module per rules chapter
(movement, firepower, casualties, melee, reorganisation, morale, reaction, panic, rally,
no_step_back, psionics), the tables in ``data/*.json`` loaded by :mod:`.tables`, and the
club's house readings in :mod:`.options` (see ``README.md``).
"""
