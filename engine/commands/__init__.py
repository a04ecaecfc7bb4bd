"""The handlers of the ``bohn`` sub-commands, one module per concern.

Why a package: ``engine.cli`` only builds the parser and dispatches; each handler takes
the parsed arguments and returns an exit code. The handlers import what they need inside
their bodies, so ``bohn --help`` starts without loading the engine. Nothing here imports
``engine.cli`` (data flows one way: the command line calls these, never the reverse).
"""
