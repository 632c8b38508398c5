"""The players' services: the desk's operations on people, and logo compliance.

Service floor, beside the others: players' services call no other app's services and no
service calls them; they read the queries. Modules: desk, compliance.
"""
