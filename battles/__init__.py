"""Battles: one event stream each, folded through its rule system; commands in, state out."""
