"""The validator's passes, by concern (visa/validator.py runs them)."""
