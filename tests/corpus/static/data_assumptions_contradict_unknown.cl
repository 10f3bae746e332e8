// expect: unknown
// run: check --local-size 64 --num-groups 1 --array-size out=64 --array-size in=64
// id: undefined vacuous_assumption
// Each division alone can be defined, but no value of in[0] makes both defined: the model's
// assumption (arithmetic on memory values is defined) holds for no input.
__kernel void k(__global int *out, __global const int *in) {
  int t = get_local_id(0);
  int a = 100 / in[0];
  int b = 100 / (in[0] == 0);
  out[t] = a + b;
}
