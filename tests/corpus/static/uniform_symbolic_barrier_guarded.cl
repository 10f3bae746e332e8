// expect: verified
// run: check --local-size 32 --array-size out=32
// The barrier fires only when rounds > 0, and the exchange only happens then
// too: counting the uniform barrier symbolically proves the pair separated.
__kernel void maybe_sync(__global int *out, int rounds) {
  __local int tmp[32];
  size_t t = get_local_id(0);
  tmp[t] = (int)t;
  if (rounds > 0) {
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (rounds > 0) {
    out[t] = tmp[31 - t];
  }
}
