// expect: unknown
// run: check --local_size=4 --num_groups=1
// id: assertion unexpressed_precondition line 10
// The precondition (x + y does not overflow) is one veriscan cannot express, so
// it is dropped; the failing assertion it would exclude is then no violation
// (its witness may break the precondition), only unknown.
__kernel void k(__global unsigned *out, unsigned x, unsigned y) {
  __requires(__add_noovfl(x, y));
  unsigned w = x + y;
  __assert(w >= x);
  out[get_local_id(0)] = w;
}
