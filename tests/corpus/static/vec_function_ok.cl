// expect: verified
// run: check --local-size 4 --num-groups 1 --array-size out=4
// Helper functions taking and returning vectors are inlined lane by lane; a
// vector argument is copied (the callee's change to v.x leaves a alone).
int4 twice_bumped(int4 v) {
  v.x += 1;
  return v + v;
}

int sum(int4 v) {
  return v.x + v.y + v.z + v.w;
}

__kernel void lanes(__global int4 *out) {
  int4 a = (int4)(1, 2, 3, 4);
  int4 b = twice_bumped(a);
  __assert(a.x == 1 && b.x == 4 && b.w == 8 && sum(b) == 22);
  out[get_global_id(0)] = b;
}
