"""veriscan.analysis"""
