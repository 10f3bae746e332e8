// expect: violation
// run: check --local-size 4
// id: race write_write line 6
// truth: put(&buf[1], lid) writes buf[lid + 1] and put(&buf[0], lid) then writes buf[lid], so work-item 0's
//        first store and work-item 1's second both hit buf[1] with no barrier between: a data race.
void put(__local int *p, uint lid) { p[lid] = (int)lid; }

__kernel void shifted(__global int *out) {
  __local int buf[8];
  uint lid = get_local_id(0);
  put(&buf[1], lid);
  put(&buf[0], lid);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = buf[lid];
}
