// expect: violation race
// run: check --local_size=2 --num_groups=1 --kernel-args=k,*
// id: race write_write line 9
// '*' leaves x unconstrained: the else branch races.
__kernel void k(__local int *a, int x) {
  if (x == 3) {
    a[get_local_id(0)] = 3;
  } else {
    a[0] = (int)get_local_id(0);
  }
}
