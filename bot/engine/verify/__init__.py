"""Checking the engine against RULES.md: the invariants of every deal (``invariants``),
card conservation (``conservation``) and random legal play with the invariants checked
after every action (``random_play``: the bench, ``durak simulate`` and the tests).
"""
