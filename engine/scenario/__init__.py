"""Scenario tests for rule authors: YAML positions, actions and expectations."""
