"""Jinja2 templates of the clause matrix page (package data: matrix.html.j2, game_math.html.j2)."""
