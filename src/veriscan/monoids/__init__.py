"""veriscan.monoids"""
