"""The ground floor: errors, value types, the vocabulary of elements and pyramids, card faces and decks' cards,
and the physical dimensions (geometry.py, the one source of them). It imports nothing else of the package."""
