"""Clubs, their members and roles, and the access checks battles and campaigns share.

Imports go one way: campaign -> battles -> clubs; this app imports neither of them.
"""
