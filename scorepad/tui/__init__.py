"""The Textual app: screens and widgets that send entries to a sheet session."""
