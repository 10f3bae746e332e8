// expect: violation: two threads both receive write
// run: spec
// id: spec.entry_permissions permission_exceeded line 11
// reason: In C++14 the apostrophe in 2'5 is a digit separator, so the block comment
// opened after it runs to the "*/" two lines below and the //@ line is inside it.
// A scanner that took the apostrophe for a character literal would miss that
// comment and read the //@ line as a contract limiting blocks to one thread.
#define WIDTH 2'5 /* the width, in cells.
//@ requires blockDim.x == 1;
' */
/*@ requires Perm(cell[0], write);
    ensures Perm(cell[0], write); @*/
__global__ void all_write_one(int *cell)
{
    cell[0] = threadIdx.x + WIDTH;
}
