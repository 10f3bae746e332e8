// expect: violation race
// run: check --local-size 8 --num-groups 1
// id: race read_write line 8
// A kernel may call itself shuffle when it uses no vectors (OpenCL's shuffle
// is declared only with them): it is analysed as its own code, and races.
__kernel void shuffle(__local int *a) {
  int tid = get_local_id(0);
  a[tid] = a[(tid + 1) % 8];
}
