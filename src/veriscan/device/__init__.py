"""The bottom floor: where kernels run.

OpenCL through pyopencl (PoCL by default, Oclgrind found by itself) and CUDA
through CuPy, behind one backend interface; the one program cache, keyed by
(device, source, options) and releasable; and the child process every device
run of the verdict commands goes through.  Nothing here imports from the
floors above (monoids, the library, verification).
"""
