"""veriscan.runtime"""
