// expect: violation race
// run: check --local-size 8 --num-groups 1
// Two lanes of one vector are one memory location for races: work-item t
// writes lane x of tile[t] while work-item t - 1 reads lane y of it, with no
// barrier between.  Compiled without optimisation, the store reads the whole
// vector and writes it back (Oclgrind's optimised build of this kernel stores
// lane x alone, but reports the lane pairs of vec_lanes_two_writers_race.cl).
__kernel void lanes(__global float *out) {
  __local float4 tile[8];
  size_t lid = get_local_id(0);
  tile[lid] = 0.5f;
  barrier(CLK_LOCAL_MEM_FENCE);
  tile[lid].x = (float)lid;
  out[lid] = tile[(lid + 1) % 8].y;
}
