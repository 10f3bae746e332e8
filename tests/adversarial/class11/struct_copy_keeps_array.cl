// expect: violation-or-unknown
// run: check --local-size 4
// id: execution unsupported_construct line 13
// truth: t = s copies the array inside s, and the later t.x[lid] = lid changes only the copy: s.x stays
//        all zero, so every work-item writes buf[0], a data race (a copy that shared s's array would not).
typedef struct { int x[4]; } quad;

__kernel void copies(__global int *out) {
  __local int buf[4];
  uint lid = get_local_id(0);
  quad s, t;
  s.x[0] = 0; s.x[1] = 0; s.x[2] = 0; s.x[3] = 0;
  t = s;
  t.x[lid] = (int)lid;
  buf[s.x[lid]] = 2;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[lid] = buf[lid];
}
