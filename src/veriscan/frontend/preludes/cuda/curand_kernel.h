/* veriscan's stub of <curand_kernel.h>: the device-side cuRAND generators.
 *
 * A generator call reads and advances its state object, curand_init writes one:
 * frontend/lower_curand.py lowers the XORWOW and Philox calls to those accesses,
 * with the values as uninterpreted functions; the MTGP32 calls (one state per
 * block, shared) stay unsupported. */
struct curandStateXORWOW { unsigned int d, v[5]; int boxmuller_flag; float boxmuller_extra; };
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;
struct curandStateMtgp32 { unsigned int s[1024]; int offset, pIdx; };
typedef struct curandStateMtgp32 curandStateMtgp32_t;
struct curandStatePhilox4_32_10 { unsigned int ctr[4], output[4], key[2]; int state; };
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

#define __VS_CURAND(S) \
  void curand_init(unsigned long long seed, unsigned long long subsequence, \
                   unsigned long long offset, S *state); \
  unsigned int curand(S *state); \
  float curand_uniform(S *state); \
  double curand_uniform_double(S *state); \
  float curand_normal(S *state); \
  double curand_normal_double(S *state); \
  unsigned int curand_poisson(S *state, double lambda);
__VS_CURAND(curandStateXORWOW) __VS_CURAND(curandStatePhilox4_32_10)
unsigned int curand(curandStateMtgp32 *state);
float curand_uniform(curandStateMtgp32 *state);
float curand_normal(curandStateMtgp32 *state);
#undef __VS_CURAND
