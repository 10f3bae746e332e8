// expect: violation assertion
// run: check --local-size 4 --num-groups 1
// id: assertion assertion_false line 10
// select takes b where the condition lane's top bit is set; 1 has it clear, so
// lane x comes from a and the assertion fails (a "non-zero" model would pass it).
__kernel void top_bit(__global int *out) {
  int4 a = (int4)(1, 2, 3, 4);
  int4 b = (int4)(10, 20, 30, 40);
  int4 r = select(a, b, (int4)(1));
  __assert(r.x == 10);
  out[get_global_id(0)] = r.y;
}
