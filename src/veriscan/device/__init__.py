"""The bottom floor: where kernels run.

OpenCL through pyopencl (PoCL by default, Oclgrind found by itself) and CUDA
through CuPy, behind one backend interface; the one program cache, keyed by
(device, source, options) and releasable; and the child process every device
run of the verdict commands goes through.  Nothing here imports from the
floors above (monoids, the library, verification).
"""

# The OpenCL C version of every device build, and of every proof's parse
# (frontend.preprocess): the two must read one language, or a kernel could mean
# one thing to the proof and another on the device (PoCL compiles OpenCL C 3.0
# unless told otherwise, where `sizeof(true)` and the library differ).
OPENCL_C_STD = "-cl-std=CL1.2"
