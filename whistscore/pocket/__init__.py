"""The pocket site: the scorepad on one phone, with no laptop (spec serve.md, "Without a
laptop"; docs/pocket.md).

``build`` writes the static site; ``runtime`` is what its web worker runs inside the
browser (the scorepad app of ``whistscore.web``, unchanged but for its ``pocket`` flag).
Nothing here is imported by ``import whistscore``.
"""

#: where the repository publishes the site (.github/workflows/pages.yml deploys a tagged
#: release to GitHub Pages: https://OWNER.github.io/REPOSITORY/); the laptop's scorepad shows
#: it to the table (``serve``'s start and its games page)
ADDRESS = "https://whistscore.github.io/whistscore/"
