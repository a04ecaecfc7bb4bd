"""Running games: one game with agents, many games with statistics."""
