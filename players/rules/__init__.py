"""The players' pure rules: eligibility (age, membership, exclusions, ID, consents) and logo
compliance. Plain data in and out."""
