"""veriscan.functional"""
