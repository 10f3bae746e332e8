// expect: violation: the thread postcondition does not hold
// run: spec
// id: spec.postcondition assertion_false line 13
// reason: Relative: a U+2028 line separator and a form feed in an earlier comment, CRLF
/* the front end ends a line at   and at  as Python's splitlines
   does, so the annotation below must be placed by the same count */
/*@ requires n > 0;
    requires n < 1000;
    ensures n > 1;
    ensures n < 0; @*/
__kernel void k(__global int *out, int n)
{
    int t = n / 2;
}
