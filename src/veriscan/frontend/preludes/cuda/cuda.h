/* veriscan's stub of <cuda.h>: what it names for device code.
 *
 * The CUDA environment that veriscan models (threadIdx and friends,
 * __syncthreads, warpSize, the qualifiers) is declared by the CUDA prelude
 * (preludes/cuda.h), present for every .cu kernel, so this stub only adds the
 * device-side libraries that GPUVerify's cuda.h also brings in, so that the
 * kernels written for it parse: cooperative groups and cuRAND.  An #include of
 * it contributes no text to the kernel's preprocessing (the device compiler
 * reads its real header). */
#include "cooperative_groups.h"
#include "curand_kernel.h"
