"""veriscan.library"""
