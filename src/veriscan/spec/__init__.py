"""veriscan.spec"""
