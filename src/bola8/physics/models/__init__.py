"""The contact models: one module each (cushion: mathavan2010, han2005, stronge)."""
