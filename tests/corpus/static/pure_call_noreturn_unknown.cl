// expect: unknown
// run: check --local_size=8 --num_groups=1 --assume-pure-calls
// id: execution unsupported_construct line 10
// A function declared noreturn contradicts the assumption that the call
// returns, so the assumption does not cover it.
void stop(void) __attribute__((noreturn));

__kernel void k(__global int *out) {
  out[get_local_id(0)] = 1;
  stop();
}
