"""The `highwater` command line (click). Only this package turns engine errors into exits."""
