"""Storage: the scoresheet file, migrations, atomic saves, paths and exports."""
