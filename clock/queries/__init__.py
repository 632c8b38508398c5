"""The clock's reads. Query floor: below the tables' queries; reads the clock's models."""
