// expect: verified
// run: check --local-size 4 --num-groups 1 --array-size out=4
// OpenCL's vector built-ins as the specification defines them (values checked
// on PoCL): select, any and ?: with a vector condition test the top bit of each
// lane (not "non-zero"), shuffle keeps only the low bits of its mask,
// clamp/min/max work lane by lane; swizzled swaps and compound updates of
// single lanes read the values before the write.
__kernel void builtins(__global int4 *out, uint4 mask) {
  int4 a = (int4)(1, 2, 3, 4);
  int4 b = (int4)(10, 20, 30, 40);
  int4 picked = select(a, b, (int4)(1, -1, 0, -8));
  __assert(picked.x == 1 && picked.y == 20 && picked.z == 3 && picked.w == 40);
  __assert(any((int4)(1, 2, 3, 4)) == 0 && all((int2)(-1, -5)) == 1);
  int4 turned = shuffle(b, (uint4)(3, 6, 1, 4));
  __assert(turned.x == 40 && turned.y == 30 && turned.z == 20 && turned.w == 10);
  int8 both = shuffle2(a, b, (uint8)(0, 7, 9, 12, 2, 5, 6, 11));
  __assert(both.s0 == 1 && both.s1 == 40 && both.s2 == 2 && both.s3 == 10);
  int4 c = clamp(b, 15, 35);
  __assert(c.x == 15 && c.y == 20 && c.w == 35 && min(a, 2).w == 2);
  a.xy = a.yx;
  __assert(a.x == 2 && a.y == 1);
  a.s3 += 1;
  a.z++;
  __assert(a.z == 4 && a.w == 5);
  uint4 u = (uint4)(1, 5, 3, 0);
  int4 lt = u < (uint4)(2);
  __assert(lt.x == -1 && lt.y == 0 && lt.w == -1);
  int4 chosen = (int4)(0, -1, 5, -7) ? b : a;
  __assert(chosen.x == 2 && chosen.y == 20 && chosen.z == 4 && chosen.w == 40);
  int4 both_set = (int4)(1, 0, 3, 0) && (int4)(2, 2, 0, 0);
  __assert(both_set.x == -1 && both_set.y == 0 && both_set.z == 0);
  out[get_global_id(0)] = a + (int4)(mask.x != 0);
}
