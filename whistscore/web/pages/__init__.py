"""The scorepad's pages, one module each: the games (``/``), the table (``/g/{name}``,
with its live view) and the settlement (``/g/{name}/settle``).

Each endpoint reads ``request.app.state`` and hands file and game work to
``state.work`` so that the event loop only answers.
"""
