"""The ground every app's pure rules stand on: the refusal they raise (with the sentence a
person reads) and how a moment travels to a screen. Imports nothing from the project, nor
Django: the apps' `rules/` packages, the models and everything above may use it."""
