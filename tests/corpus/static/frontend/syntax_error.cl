// Missing semicolon on line 4.
__kernel void broken(__global int *a) {
  int t = get_local_id(0);
  a[t] = 1
}
