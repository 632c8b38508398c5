"""The clock's pure rules: the timeline of levels from stored timestamps, structures (presets,
intervals, CSV) and the clocks of one table (clock calls, the action clock). Plain data in and
out; `now` is always a parameter."""
