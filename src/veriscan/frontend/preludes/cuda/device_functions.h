/* veriscan's stub of <device_functions.h>.  Everything of it that device code may use and
 * veriscan models is declared by the CUDA prelude (preludes/cuda.h), present
 * for every .cu kernel; the include is accepted and adds nothing. */
