// expect: unknown
// run: check --local-size 4
// id: execution unsupported_construct line 12
// A union reinterprets the bytes of one member as another: not modelled
// field by field, so the write below is never analysed as a plain int store.
typedef union {
  int i;
  float f;
} word;

__kernel void pun(__global word *w) {
  w[get_global_id(0)].f = 1.0f;
  w[0].i = 2;
}
