// expect: violation
// run: check --local-size 4 --array-size out=4
// id: initialisation unwritten_cell line 17
// truth: a private array of structs declared in a loop body is a new array each iteration
//        (one array per field in the lowering).  Iteration 1 reads cell[0].hi, which only
//        iteration 0 wrote (thread 0).
struct span { int lo; int hi; };

__kernel void spans(__global int *out) {
  int t = get_local_id(0);
  int total = 0;
  for (int i = 0; i < 2; i++) {
    struct span cell[2];
    cell[0].lo = t;
    if (i == 0)
      cell[0].hi = t + 4;
    total += cell[0].hi - cell[0].lo;
  }
  out[t] = total;
}
