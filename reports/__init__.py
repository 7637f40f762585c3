"""Aggregation, statistics, CSV/Parquet export, plots and HTML reports of simulation records."""
