// A straight-line kernel for the scaling tests: the test repeats the marked
// line for j = 0 .. K-1 (each thread owns out[tid*K .. tid*K + K-1]) and may
// add the racing line, which writes the first cell of the next thread's block.
__kernel void straight_line(__global const int *in, __global int *out) {
  int tid = get_global_id(0);
  out[tid * K + J] = in[tid * K + J] + J;  // REPEAT
  // RACE out[tid * K + K] = 0;
}
