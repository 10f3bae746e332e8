// expect: violation race
// run: check --local-size 8 --num-groups 1
// id: race read_write line 14
// Two lanes of one vector are one memory location for races: work-item t
// stores lane x of pair[t] while work-item t - 1 loads lane y of it, with no
// barrier between.  Compiled without optimisation, the store reads the whole
// vector and writes it back (Oclgrind's optimised build of this kernel stores
// lane x alone, but reports the lane pairs of vec_lanes_two_writers_race.cl).
__kernel void lanes(__global float *out, __global const float *in) {
  __local float2 pair[8];
  uint t = get_local_id(0);
  pair[t] = 0.5f;
  barrier(CLK_LOCAL_MEM_FENCE);
  pair[t].x = in[t];
  out[t] = pair[(t + 1) & 7].y;
}
