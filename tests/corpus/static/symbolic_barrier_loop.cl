// expect: unknown
// run: check --local-size 32 --array-size data=32
// id: execution unsupported_construct
// The rounds of this barrier loop depend on the scalar `rounds`, which could
// be anything: unrolling stops with an honest unknown (give --param rounds=R).
__kernel void smooth(__global int *data, int rounds) {
  __local int tmp[32];
  size_t t = get_local_id(0);
  for (int r = 0; r < rounds; r++) {
    tmp[t] = data[t];
    barrier(CLK_LOCAL_MEM_FENCE);
    data[t] = tmp[(t + 1) % 32];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
