// expect: verified
// run: check --local_size=8 --num_groups=1
// The callee's precondition holds at the call (t & 7 < 8), so it is proved.
void put(__local int *a, size_t t) {
  __requires(t < 8);
  a[t] = 1;
}
__kernel void k(__global int *out) {
  __local int a[8];
  put(a, get_local_id(0) & 7);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_local_id(0)] = a[7 - get_local_id(0)];
}
