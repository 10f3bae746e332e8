// expect: violation undefined
// run: check --local_size=4 --num_groups=1 --assume-pure-calls
// id: undefined division_by_zero line 10
// The call's arguments are still the kernel's code: the division by zero in
// one of them is undefined behaviour.
int noise(int x);

__kernel void k(__global int *out) {
  int d = (int)get_local_id(0) - 1;
  out[get_local_id(0)] = noise(8 / d);
}
