"""veriscan.smt"""
