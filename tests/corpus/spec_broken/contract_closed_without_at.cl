// expect: violation: the thread postcondition does not hold at the end
// run: spec
// id: spec.postcondition assertion_false line 11
// truth: An annotation opened by /*@ may end with a plain */: the comment is still the
//        kernel's contract, and its false postcondition (the kernel stores 1, not 7)
//        must be checked, not read as an ordinary comment.
/*@
  requires Perm(a[get_local_id(0)], write);
  ensures Perm(a[get_local_id(0)], write) ** a[get_local_id(0)] == 7;
*/
__kernel void plain_close(__global int *a)
{
    a[get_local_id(0)] = 1;
}
