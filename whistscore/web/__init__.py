"""The scorepad: a local web server over the game files (whistscore serve)."""
