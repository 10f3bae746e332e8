// expect: violation assertion
// run: check --local-size 64
// id: assertion assertion_false line 7
// A GPUVerify __assert is checked, not assumed.
__kernel void check(__global int *out) {
  int t = (int)get_local_id(0);
  __assert(t < 32);
  out[t] = t;
}
