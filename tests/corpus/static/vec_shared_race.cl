// expect: violation race
// run: check --local-size 4 --num-groups 1
// A __local float4: lanes x and y written by two work-items do not race, but
// after the barrier one work-item stores the whole vector while another reads w.
__kernel void shared_vector(__global float *out) {
  __local float4 acc;
  size_t lid = get_local_id(0);
  if (lid == 0) acc.x = 1.0f;
  if (lid == 1) acc.y = 2.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 2) acc = (float4)(0.0f);
  if (lid == 3) out[0] = acc.w;
}
