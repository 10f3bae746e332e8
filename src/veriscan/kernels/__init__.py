"""veriscan.kernels"""
