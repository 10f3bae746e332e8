// expect: violation
// run: check --local-size 4
// id: bounds index_out_of_range line 9
// truth: in[gid - 1] reads in[-1] in work-item 0: an OpenCL kernel argument points at the
//        start of its buffer, so index -1 is outside it whatever its size.  Without
//        --array-size the argument was not bounds-checked at all and the kernel verified.
__kernel void diff(__global const int *in, __global int *out) {
  int gid = get_global_id(0);
  out[gid] = in[gid] - in[gid - 1];
}
