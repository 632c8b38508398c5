"""The players' reads. Query floor: the lowest of the apps' queries; it reads models only."""
