// expect: violation assertion
// run: check --local_size=8 --num_groups=1
// id: assertion assertion_false line 8
// A __requires of a called function is its precondition: the call site must
// establish it, and threads 4..7 call with t >= 4.  (Assumed instead, it would
// leave those threads out of the proof.)
void put(__local int *a, size_t t) {
  __requires(t < 4);
  a[t] = 1;
}
__kernel void k(__global int *out) {
  __local int a[8];
  put(a, get_local_id(0));
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_local_id(0)] = a[get_local_id(0)];
}
