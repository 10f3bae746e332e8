// expect: violation undefined
// run: check --local-size 4
// id: undefined undefined_operation line 14
// An array field of a struct in an array: index 4 leaves the field `v` of
// element t, even though the flattened field array has room (C11 6.5.6).
typedef struct {
  int v[4];
  int tag;
} rec;

__kernel void field(__global rec *rs, int k) {
  size_t t = get_local_id(0);
  if (k == 4)
    rs[t].v[k] = 1;
}
