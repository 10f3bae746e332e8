// expect: unknown : possible data race
// run: check --local_size=16 --num_groups=1 --array-size out=16 --skip-initialisation-check
// id: race approximation line 9
// An attack on the flag: the store's index is read from local memory nothing
// wrote.  Without the initialisation check the value is arbitrary, so two
// work-items may store to one cell and the index may leave out[]: never verified.
__kernel void k(__global int *out) {
  __local uint a[16];
  out[a[get_local_id(0)] % 16u] = 1;
}
