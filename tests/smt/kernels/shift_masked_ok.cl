/* OpenCL C takes shift counts modulo the width: (1u << 32) is 1u, so the index
 * is lid.  An encoding that made the shift 0 saw index lid - 1, out of bounds
 * for thread 0.  Expected: verified. */
__kernel void masked(__global int *out) {
  uint lid = get_local_id(0);
  uint width = get_local_size(0) * 4u; /* 32 */
  out[lid + (1u << width) - 1u] = (int)lid;
}
