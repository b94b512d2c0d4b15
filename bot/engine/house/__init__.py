"""The house rules that need state or actions of their own (pagat's ``d``, six_any_time,
poker, weli, changeable_trump, albanian): ``HouseState`` extends the throw-in deal with
them. House rules that are only a different table (beats modifiers, the deal, lead rules)
are resolved once per RuleSet in ``core`` and cost the plain game nothing.
"""
