// expect: verified
// run: check --local-size 8 --num-groups 1
// Two buffers swap roles every step: the pointers are re-pointed in the loop,
// so each may point into either buffer; the barrier orders the steps.
__kernel void pingpong(__global uint *a, __global uint *b) {
  size_t t = get_local_id(0);
  size_t n = get_local_size(0);
  __global uint *src = a;
  __global uint *dst = b;
  for (int step = 0; step < 3; step++) {
    dst[t] = src[t] + src[(t + 1) % n];
    barrier(CLK_GLOBAL_MEM_FENCE);
    __global uint *tmp = src;
    src = dst;
    dst = tmp;
  }
}
