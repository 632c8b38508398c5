"""What the tests share: fixtures' building blocks, page drivers, process starters. A test module
imports from here (or asks conftest for a fixture), never from another test module
(tests/unit/test_test_layout.py checks it)."""
