// expect: unknown
// run: check --local_size=8 --num_groups=1
// id: execution unsupported_construct line 8
// DECLARE_UF_* declares a function without a body; a call to it is not modelled
// (GPUVerify's axioms about it live in a Boogie file veriscan does not read).
DECLARE_UF_BINARY(f, unsigned, unsigned, unsigned);
__kernel void k(__global unsigned *out, unsigned a, unsigned b) {
  __assert(f(a, b) == f(a, b));
  out[get_local_id(0)] = f(a, b);
}
