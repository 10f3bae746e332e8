// expect: verified
// run: check --local-size 64 --num-groups 2
// Objects declared in a loop body (a scalar, a vector, a struct, a private array) are
// new, indeterminate objects every iteration; each is assigned before it is read in
// every iteration, so nothing reads an indeterminate value.
struct pair { int lo; int hi; };

__kernel void per_iteration(__global int *out) {
  int t = get_local_id(0);
  int acc = 0;
  for (int i = 0; i < 4; i++) {
    int x;
    x = t + i;
    int2 v;
    v.x = x;
    v.y = i;
    struct pair p;
    p.lo = v.x;
    p.hi = v.y;
    int row[2];
    row[0] = p.lo;
    row[1] = p.hi;
    acc += row[0] - row[1];
  }
  out[get_global_id(0)] = acc;
}
