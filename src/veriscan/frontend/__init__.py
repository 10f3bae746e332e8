"""veriscan.frontend"""
